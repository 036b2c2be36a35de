import type { SidePanelModel } from '../../lib/features/sidepanel/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { ErrorStatus } from '../ui/ErrorStatus.tsx';
import { Field } from '../ui/Field.tsx';

/** Writing help for a pasted text: correct or rephrase, then the changes word by word and Copy. */
export function WritingSection({ model }: { model: SidePanelModel }) {
  const diff = model.writeDiff.value;
  const error = model.writeError.value;
  return (
    <section class="panel-section" aria-labelledby="panel-writing-title">
      <h2 id="panel-writing-title">{t('panelWritingTitle', 'Improve a text')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void model.improve();
        }}
      >
        <Field label={t('panelWritingText', 'Text to improve')}>
          {({ id }) => (
            <textarea
              id={id}
              rows={4}
              value={model.writeText.value}
              onInput={(e) => model.setWriteText(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={t('panelWritingMode', 'What to do')}>
          {({ id }) => (
            <select
              id={id}
              value={model.writeMode.value}
              onChange={(e) => model.setWriteMode(e.currentTarget.value === 'rephrase' ? 'rephrase' : 'correct')}
            >
              <option value="correct">{t('panelWritingCorrect', 'Correct')}</option>
              <option value="rephrase">{t('panelWritingRephrase', 'Rephrase')}</option>
            </select>
          )}
        </Field>
        <button type="submit" class="primary" disabled={model.writeBusy.value || !model.writeText.value.trim()}>
          {t('panelWritingImprove', 'Improve')}
        </button>
      </form>
      {error && <ErrorStatus error={error} />}
      {diff && (
        <section class="result" aria-label={t('panelWritingChanges', 'Suggested changes')} aria-live="polite">
          {diff.changes.length === 0 ? (
            <p>{t('panelWritingNone', 'Nothing to change.')}</p>
          ) : (
            <p class="output panel-diff">
              {diff.parts.map((part, i) =>
                part.kind === 'same' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a diff is rendered whole, never reordered.
                  <span key={i}>{part.text}</span>
                ) : (
                  <span key={`c${part.change.id}`}>
                    {part.change.removed && <del>{part.change.removed}</del>}
                    {part.change.added && <ins>{part.change.added}</ins>}
                  </span>
                ),
              )}
            </p>
          )}
          <div class="row">
            <button type="button" onClick={() => void model.copy(model.improved.value)}>
              {t('panelWritingCopy', 'Copy improved text')}
            </button>
          </div>
        </section>
      )}
    </section>
  );
}
