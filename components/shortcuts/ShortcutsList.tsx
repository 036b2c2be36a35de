import { useEffect } from 'preact/hooks';
import type { ShortcutsModel } from '../../lib/features/shortcuts/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import './shortcuts.css';

function ChangeButton({ model }: { model: ShortcutsModel }) {
  return (
    <button type="button" class="link-button" onClick={() => void model.openSettings()}>
      {t('shortcutsChange', 'Change shortcuts')}
    </button>
  );
}

/** The shortcuts as the browser assigned them, on the options page. */
export function ShortcutsList({ model }: { model: ShortcutsModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const firefox = import.meta.env.FIREFOX;
  return (
    <section aria-labelledby="shortcuts-title" class="card">
      <h3 id="shortcuts-title">{t('dfShortcuts', 'Keyboard shortcuts')}</h3>
      <table>
        <caption class="visually-hidden">{t('dfShortcuts', 'Keyboard shortcuts')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dfAction', 'Action')}</th>
            <th scope="col">{t('dfShortcut', 'Shortcut')}</th>
          </tr>
        </thead>
        <tbody>
          {model.rows.value.map((c) => (
            <tr key={c.name}>
              <td>{c.description}</td>
              <td>{c.shortcut ? <kbd>{c.shortcut}</kbd> : t('dfNoShortcut', 'Not set')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {model.unassigned.value.length > 0 && (
        <p class="hint">
          {t(
            'shortcutsUnassigned',
            'An action marked "Not set" has no key yet (the browser gives an extension four at most, and none that another extension or the browser holds): choose one on the shortcuts page.',
          )}
        </p>
      )}
      <p class="hint">
        {firefox
          ? t(
              'dfShortcutsFirefox',
              'To change them, open about:addons, click the gear menu and choose Manage Extension Shortcuts.',
            )
          : t(
              'shortcutsChromeHint',
              'Browsers do not let extensions change their own shortcuts: change them on the browser’s shortcuts page.',
            )}
      </p>
      <ChangeButton model={model} />
    </section>
  );
}

/** The same shortcuts in a line or two, for the popup. */
export function ShortcutsSummary({ model }: { model: ShortcutsModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const rows = model.rows.value;
  if (rows.length === 0) return null;
  return (
    <section class="shortcuts-summary" aria-labelledby="shortcuts-summary-title">
      <h2 id="shortcuts-summary-title" class="visually-hidden">
        {t('dfShortcuts', 'Keyboard shortcuts')}
      </h2>
      <dl>
        {rows.map((r) => (
          <div key={r.name}>
            <dt>{r.description}</dt>
            <dd>{r.shortcut ? <kbd>{r.shortcut}</kbd> : t('dfNoShortcut', 'Not set')}</dd>
          </div>
        ))}
      </dl>
      <ChangeButton model={model} />
    </section>
  );
}
