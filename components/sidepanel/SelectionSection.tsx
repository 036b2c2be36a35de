import type { SidePanelModel } from '../../lib/features/sidepanel/model.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { ErrorStatus } from '../ui/ErrorStatus.tsx';
import { Status } from '../ui/Status.tsx';

/** The page's selection: read it (nothing is sent), see it and its context, then translate it. */
export function SelectionSection({ model, targetLang }: { model: SidePanelModel; targetLang: string }) {
  const selection = model.selection.value;
  const state = model.selectionState.value;
  const result = model.selectionResult.value;
  const error = model.selectionError.value;
  return (
    <section class="panel-section" aria-labelledby="panel-selection-title">
      <h2 id="panel-selection-title">{t('panelSelectionTitle', 'Selection on the page')}</h2>
      <button type="button" disabled={state === 'reading'} onClick={() => void model.readSelection()}>
        {t('panelReadSelection', 'Use the page’s selection')}
      </button>
      {state === 'none' && !error && (
        <Status kind="info">
          {t('panelNoSelection', 'Nothing is selected on this page, or Verso cannot read it.')}
        </Status>
      )}
      {selection && (
        <div class="panel-selection">
          <blockquote lang={selection.pageLang} aria-label={t('panelSelectedText', 'Selected text')}>
            {selection.text}
          </blockquote>
          {selection.context && (
            <details>
              <summary>
                {t(
                  'panelContext',
                  'Context sent with it ($1 characters, not billed)',
                  formatNumber(selection.context.length),
                )}
              </summary>
              <p class="hint panel-context">{selection.context}</p>
            </details>
          )}
          {selection.tooLong ? (
            <Status kind="error">
              {t('panelTooLong', 'This selection is longer than Verso translates in one go.')}
            </Status>
          ) : (
            <button
              type="button"
              class="primary"
              disabled={model.selectionBusy.value}
              onClick={() => void model.translateSelection(targetLang)}
            >
              {t('panelTranslateSelection', 'Translate selection ($1 characters)', formatNumber(selection.text.length))}
            </button>
          )}
        </div>
      )}
      {error && <ErrorStatus error={error} />}
      {result && (
        <section
          class="result"
          aria-label={t('panelSelectionResult', 'Translation of the selection')}
          aria-live="polite"
        >
          <p class="output" lang={result.targetLang}>
            {result.text}
          </p>
          <div class="row">
            <button type="button" onClick={() => void model.copy(result.text)}>
              {t('selCopy', 'Copy')}
            </button>
            <button type="button" onClick={() => void model.saveSelectionTerm()}>
              {t('historySaveTerm', 'Save to glossary')}
            </button>
          </div>
          {model.termNotice.value && (
            <p class="hint" role="status">
              {model.termNotice.value}
            </p>
          )}
        </section>
      )}
    </section>
  );
}
