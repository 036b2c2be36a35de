import { useEffect } from 'preact/hooks';
import type { DataModel } from '../../lib/features/data/model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Checkbox } from '../ui/Checkbox.tsx';
import { Status } from '../ui/Status.tsx';

/** Options, "Your data": what Verso keeps in this browser, and a way to clear each kind of it. */
export function DataSection({ model }: { model: DataModel }) {
  useEffect(() => void model.load(), [model]);
  const rows = model.rows.value;
  const busy = model.busy.value;
  const error = model.error.value;
  const done = model.done.value;
  return (
    <section aria-labelledby="data-title">
      <h2 id="data-title">{t('sectionData', 'Your data')}</h2>
      <p class="hint">
        {t(
          'dataIntro',
          'What Verso keeps in this browser, and nowhere else. Clearing cannot be undone; Verso asks first.',
        )}
      </p>
      <p class="hint">
        {t(
          'dataPrivateNote',
          'Text from private windows is never written here: it stays in memory and is gone when the browser stops Verso.',
        )}
      </p>
      {done && <Status kind="ok">{done}</Status>}
      {error && <Status kind="error">{describeError(error)}</Status>}
      {rows.length === 0 && model.loading.value && <p role="status">{t('dataCounting', 'Counting…')}</p>}
      <ul class="data-list">
        {rows.map((row) => (
          <li key={row.kind} class="card" aria-labelledby={`data-${row.kind}-title`}>
            <h3 id={`data-${row.kind}-title`}>{row.title}</h3>
            <p class="data-kept" data-kind={row.kind}>
              {row.kept}
            </p>
            <p class="hint">{row.note}</p>
            {row.kind === 'everything' && (
              <Checkbox
                id="data-also-key"
                label={t('dataAlsoKey', 'Also remove the API key, the admin key and the server address')}
                checked={model.alsoKey.value}
                onChange={(checked) => {
                  model.alsoKey.value = checked;
                }}
              />
            )}
            <button
              type="button"
              class="danger"
              aria-label={busy === row.kind ? undefined : t('dataClearNamed', 'Clear $1', row.title)}
              disabled={row.empty || busy !== undefined}
              aria-busy={busy === row.kind}
              onClick={() => void model.clear(row.kind)}
            >
              {busy === row.kind ? t('dataClearing', 'Clearing…') : t('dataClear', 'Clear')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
