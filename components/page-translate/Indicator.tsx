import type { PageView } from '../../lib/features/page-translate/messages.ts';
import { percentOf } from '../../lib/features/page-translate/model.ts';
import { fixedInSettings, problemLine, statusLine } from '../../lib/features/page-translate/wording.ts';
import { t } from '../../lib/ui/i18n.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';

export interface IndicatorProps {
  view: PageView;
  onShowOriginal(): void;
  onShowTranslation(): void;
  onRetry(): void;
  onOpenOptions(): void;
  onDismiss(): void;
}

/** The small in-page card: progress, the original/translation switch, and problems with what to do. */
export function Indicator({
  view,
  onShowOriginal,
  onShowTranslation,
  onRetry,
  onOpenOptions,
  onDismiss,
}: IndicatorProps) {
  const problem = problemLine(view);
  const percent = percentOf(view);
  const working = view.phase === 'preparing' || view.phase === 'translating';
  const canSwitch = view.phase !== 'preparing' && view.phase !== 'error' && view.progress.done > 0;
  const canRetry = view.phase === 'error' || view.progress.failed > 0;
  return (
    <section class="indicator" aria-label={t('pageIndicatorLabel', 'Verso page translation')}>
      <div class="head">
        <span class="brand">Verso</span>
        <span class="state" role="status">
          {statusLine(view)}
        </span>
        <button type="button" class="close" aria-label={t('pageIndicatorClose', 'Close')} onClick={onDismiss}>
          ×
        </button>
      </div>
      {working && (
        <div
          class="bar"
          role="progressbar"
          aria-label={t('pageProgress', 'Translation progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      )}
      {view.notes?.map((note) => (
        <p class="note" key={note}>
          {note}
        </p>
      ))}
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      <div class="actions">
        {canSwitch &&
          (view.shown === 'original' ? (
            <button type="button" class="primary" onClick={onShowTranslation}>
              {t('pageShowTranslation', 'Show translation')}
            </button>
          ) : (
            <button type="button" onClick={onShowOriginal}>
              {t('pageShowOriginal', 'Show original')}
            </button>
          ))}
        {canRetry && (
          <button type="button" onClick={onlyTrusted(onRetry)}>
            {t('pageRetry', 'Try again')}
          </button>
        )}
        {problem && fixedInSettings(view) && (
          <button type="button" onClick={onOpenOptions}>
            {t('pageOpenSettings', 'Open settings')}
          </button>
        )}
      </div>
    </section>
  );
}
