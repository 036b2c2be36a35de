import type { PageView } from '../../lib/features/page-translate/messages.ts';
import { percentOf } from '../../lib/features/page-translate/model.ts';
import {
  fixedInSettings,
  frameLines,
  lateQuestion,
  leftLine,
  problemLine,
  readingSwitch,
  statusLine,
} from '../../lib/features/page-translate/wording.ts';
import type { PageReading } from '../../lib/settings/schema.ts';
import { t } from '../../lib/ui/i18n.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';

export interface IndicatorProps {
  view: PageView;
  onShowOriginal(): void;
  onShowTranslation(): void;
  onRetry(): void;
  onReading(reading: PageReading): void;
  /** Another late-content budget (the page keeps adding text). */
  onMore(): void;
  onOpenOptions(): void;
  onDismiss(): void;
}

/** The small in-page card: progress, the original/translation switch, and problems with what to do. */
export function Indicator({
  view,
  onShowOriginal,
  onShowTranslation,
  onRetry,
  onReading,
  onMore,
  onOpenOptions,
  onDismiss,
}: IndicatorProps) {
  const problem = problemLine(view);
  const left = leftLine(view);
  const late = lateQuestion(view);
  const percent = percentOf(view);
  // As you read, the share answered says little (the rest waits to be read): no bar then.
  const working = view.phase === 'preparing' || (view.phase === 'translating' && view.reading !== 'as-you-read');
  const canSwitch = view.phase !== 'preparing' && view.phase !== 'error' && view.progress.done > 0;
  const canRetry = view.phase === 'error' || view.progress.failed > 0;
  // Only while parts are left: on a page translated to the end there is nothing to switch.
  const leftToRead = view.phase === 'translating' || view.phase === 'reading';
  const other = view.reading && leftToRead && view.shown !== 'original' ? readingSwitch(view) : undefined;
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
      {frameLines(view).map((line) => (
        <p class="note" key={line}>
          {line}
        </p>
      ))}
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
      {left && <p class="problem">{left}</p>}
      {late && <p class="note">{late.question}</p>}
      <div class="actions">
        {late && (
          <button type="button" class="primary" onClick={onlyTrusted(onMore)}>
            {late.action}
          </button>
        )}
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
        {other && (
          <button type="button" onClick={onlyTrusted(() => onReading(other.to))}>
            {other.label}
          </button>
        )}
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
