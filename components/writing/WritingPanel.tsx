import { useLayoutEffect, useRef } from 'preact/hooks';
import type { WritingModel } from '../../lib/features/writing/model.ts';
import { panelPlace } from '../../lib/features/writing/placement.ts';
import { t } from '../../lib/ui/i18n.ts';
import { TypingSiteSection } from './TypingSiteSection.tsx';
import { WritingForm } from './WritingForm.tsx';
import { WritingReview } from './WritingReview.tsx';

const PANEL_WIDTH = 380;

/** The dialog next to the field: choices, progress, errors and the review of a suggestion. */
export function WritingPanel({ model, anchor }: { model: WritingModel; anchor: DOMRect }) {
  const ref = useRef<HTMLDivElement>(null);
  const place = panelPlace(anchor, { width: PANEL_WIDTH }, { width: window.innerWidth, height: window.innerHeight });
  const status = model.status.value;
  const phase = model.phase.value;
  const blocked = status?.tier === 'free' || status?.tier === 'unconfigured';

  // Keyboard users land in the panel when it opens (from the button or the shortcut).
  useLayoutEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('input, select, button.vw-primary, button[data-options]');
    (first ?? ref.current)?.focus({ preventScroll: true });
  }, []);

  const close = () => {
    const field = model.field.value?.element;
    model.close();
    field?.focus({ preventScroll: true });
  };

  // Applying a change focuses the field; give focus back to the next decision (or the panel).
  const refocus = () => {
    requestAnimationFrame(() => {
      const root = ref.current;
      const next = root?.querySelector<HTMLElement>('[data-accept]') ?? root?.querySelector<HTMLElement>('[data-undo]');
      (next ?? root)?.focus({ preventScroll: true });
    });
  };

  return (
    <div
      ref={ref}
      class="vw-panel"
      role="dialog"
      aria-label={t('writingPanelTitle', 'Writing help')}
      tabIndex={-1}
      style={{
        left: `${place.left}px`,
        ...(place.top !== undefined ? { top: `${place.top}px` } : { bottom: `${place.bottom}px` }),
        maxHeight: `${place.maxHeight}px`,
        width: `${Math.min(PANEL_WIDTH, window.innerWidth - 16)}px`,
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          close();
        }
      }}
    >
      <div class="vw-head">
        <h2>{t('writingPanelTitle', 'Writing help')}</h2>
        <button type="button" class="vw-close" aria-label={t('writingClose', 'Close')} onClick={close}>
          ×
        </button>
      </div>

      {blocked ? (
        <div>
          <p class="vw-status warn" role="status">
            {status?.tier === 'free'
              ? t(
                  'writingPaidOnly',
                  'Writing help needs a paid API key: text improvement is not part of the free tier. Enter a paid key in Verso options.',
                )
              : t('writingNoKey', 'No API key is set. Enter a paid key in Verso options first.')}
          </p>
          <div class="vw-row">
            <button type="button" data-options="" onClick={() => model.openOptions()}>
              {t('writingOpenOptions', 'Open Verso options')}
            </button>
          </div>
        </div>
      ) : (
        <>
          {model.scope.value && (
            <p class="vw-hint">{t('writingScopeSentence', 'Only this sentence: “$1”', model.scope.value.text)}</p>
          )}
          <WritingForm model={model} />
        </>
      )}

      {phase === 'working' && (
        <p class="vw-hint" role="status" aria-live="polite">
          {model.mode.value === 'correct'
            ? t('writingChecking', 'Checking the text…')
            : t('writingImproving', 'Improving the text…')}
        </p>
      )}
      {phase === 'error' && model.error.value && !blocked && (
        <p class="vw-status error" role="alert">
          {model.error.value.text}
        </p>
      )}
      {model.notice.value && (
        <p class="vw-status warn" role="alert">
          {model.notice.value}
        </p>
      )}
      {phase === 'review' && <WritingReview model={model} onApplied={refocus} />}
      <TypingSiteSection model={model} />
    </div>
  );
}
