import type { TargetedPointerEvent } from 'preact';
import type { PageView } from '../../lib/features/page-translate/messages.ts';
import { percentOf } from '../../lib/features/page-translate/model.ts';
import type { IndicatorCorner } from '../../lib/features/page-translate/place-model.ts';
import {
  fixedInSettings,
  frameLines,
  lateQuestion,
  leftLine,
  modeSwitch,
  problemLine,
  readingSwitch,
  sameLine,
  statusLine,
} from '../../lib/features/page-translate/wording.ts';
import type { PageMode, PageReading } from '../../lib/settings/schema.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { VisibleButton } from '../ui/VisibleButton.tsx';

export interface IndicatorProps {
  view: PageView;
  onShowOriginal(): void;
  onShowTranslation(): void;
  onRetry(): void;
  onReading(reading: PageReading): void;
  /** Bilingual or the translation only, remembered for the site. */
  onMode(mode: PageMode): void;
  /** Another late-content budget (the page keeps adding text). */
  onMore(): void;
  onOpenOptions(): void;
  onDismiss(): void;
  /** The corner the card sits in. */
  corner: IndicatorCorner;
  /** Seconds until the worker sends again after the service asked it to wait, while that is ahead. */
  retrySeconds?: number | undefined;
  /** Off the page: the toolbar badge carries the progress, for this site. */
  onMinimise(): void;
  /** To the next corner ("Move"), or to the one an arrow key points at. */
  onMove(to?: IndicatorCorner): void;
  /** The card's head, pressed to drag it to another corner. */
  onDragStart?: (event: TargetedPointerEvent<HTMLDivElement>) => void;
}

/** The corner an arrow key points at from `corner`. */
function cornerTowards(corner: IndicatorCorner, key: string): IndicatorCorner | undefined {
  const [vertical, horizontal] = corner.split('-') as ['top' | 'bottom', 'left' | 'right'];
  if (key === 'ArrowUp') return `top-${horizontal}`;
  if (key === 'ArrowDown') return `bottom-${horizontal}`;
  if (key === 'ArrowLeft') return `${vertical}-left`;
  if (key === 'ArrowRight') return `${vertical}-right`;
  return undefined;
}

/** The small in-page card: progress, the original/translation switch, and problems with what to do. */
export function Indicator({
  view,
  onShowOriginal,
  onShowTranslation,
  onRetry,
  onReading,
  onMode,
  onMore,
  onOpenOptions,
  onDismiss,
  corner,
  retrySeconds,
  onMinimise,
  onMove,
  onDragStart,
}: IndicatorProps) {
  const problem = problemLine(view);
  const left = leftLine(view);
  const same = sameLine(view);
  const late = lateQuestion(view);
  const percent = percentOf(view);
  // As you read, the share answered says little (the rest waits to be read): no bar then.
  const working = view.phase === 'preparing' || (view.phase === 'translating' && view.reading !== 'as-you-read');
  const canSwitch = view.phase !== 'preparing' && view.phase !== 'error' && view.progress.done > 0;
  const canRetry = view.phase === 'error' || view.progress.failed > 0;
  // Only while parts are left: on a page translated to the end there is nothing to switch.
  const leftToRead = view.phase === 'translating' || view.phase === 'reading';
  const other = view.reading && leftToRead && view.shown !== 'original' ? readingSwitch(view) : undefined;
  const mode = view.progress.done > 0 ? modeSwitch(view) : undefined;
  return (
    <section class={`indicator at-${corner}`} aria-label={t('pageIndicatorLabel', 'Verso page translation')}>
      <div class="head" onPointerDown={onDragStart}>
        <span class="brand">Verso</span>
        <span class="state" role="status">
          {statusLine(view)}
        </span>
        <button
          type="button"
          class="icon"
          aria-label={t('pageIndicatorMove', 'Move to another corner')}
          title={t('pageIndicatorMove', 'Move to another corner')}
          onClick={() => onMove()}
          onKeyDown={(event) => {
            const to = cornerTowards(corner, event.key);
            if (!to) return;
            event.preventDefault();
            onMove(to);
          }}
        >
          ⤡
        </button>
        <button
          type="button"
          class="icon"
          aria-label={t('pageIndicatorMinimise', 'Minimise to the toolbar on this site')}
          title={t('pageIndicatorMinimise', 'Minimise to the toolbar on this site')}
          onClick={onMinimise}
        >
          –
        </button>
        <button type="button" class="icon" aria-label={t('pageIndicatorClose', 'Close')} onClick={onDismiss}>
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
          <span style={{ transform: `scaleX(${percent / 100})` }} />
        </div>
      )}
      {retrySeconds !== undefined && (
        <p class="note retry">
          {t('pageRetrying', 'The service is busy: trying again in $1 s', formatNumber(retrySeconds))}
        </p>
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
      {same && <p class="note">{same}</p>}
      {late && <p class="note">{late.question}</p>}
      <div class="actions">
        {late && (
          <VisibleButton class="primary" onAct={onMore}>
            {late.action}
          </VisibleButton>
        )}
        {canSwitch &&
          (view.shown === 'original' ? (
            <VisibleButton class="primary" onAct={onShowTranslation}>
              {t('pageShowTranslation', 'Show translation')}
            </VisibleButton>
          ) : (
            <button type="button" onClick={onShowOriginal}>
              {t('pageShowOriginal', 'Show original')}
            </button>
          ))}
        {mode && <VisibleButton onAct={() => onMode(mode.to)}>{mode.label}</VisibleButton>}
        {other && <VisibleButton onAct={() => onReading(other.to)}>{other.label}</VisibleButton>}
        {canRetry && <VisibleButton onAct={onRetry}>{t('pageRetry', 'Try again')}</VisibleButton>}
        {problem && fixedInSettings(view) && (
          <button type="button" onClick={onOpenOptions}>
            {t('pageOpenSettings', 'Open settings')}
          </button>
        )}
      </div>
    </section>
  );
}
