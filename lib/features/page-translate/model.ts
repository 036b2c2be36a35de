import { computed, signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { PageMode, PageReading } from '../../settings/schema.ts';
import type { PageView } from './messages.ts';

/** What the indicator's buttons act on: the page's translation session. */
export interface IndicatorPage {
  showOriginal(): void;
  translate(byPerson: boolean): void;
  /** As you read or the whole page, remembered for the site. */
  setReading(reading: PageReading): void;
  /** Bilingual or the translation only, remembered for the site. */
  setMode(mode: PageMode): void;
  /** Another late-content budget for a page that keeps adding text. */
  translateMore(): void;
}

export interface IndicatorDeps {
  send: Send;
  page: IndicatorPage;
}

/**
 * The in-page indicator's state: the session's view, and whether the person closed the indicator.
 * A new start or a new problem shows it again, since a problem says what to do next.
 */
export class IndicatorModel {
  readonly view = signal<PageView | null>(null);
  readonly dismissed = signal(false);
  /** Problems so far on this page: a card minimised before the latest one shows again (place-model.ts). */
  readonly problems = signal(0);
  /** When the worker sends again after the service asked it to wait (429), ms since the epoch. */
  readonly retryUntil = signal<number | null>(null);
  readonly visible = computed(() => {
    const view = this.view.value;
    return !!view && !this.dismissed.value && view.phase !== 'idle';
  });

  constructor(private readonly deps: IndicatorDeps) {}

  setView(view: PageView): void {
    const before = this.view.value;
    // A page paused for its late content asks a question: shown again even if closed.
    const newProblem =
      (view.error !== undefined && view.error !== before?.error) || (view.latePaused === true && !before?.latePaused);
    const restarted = view.phase === 'preparing' && before?.phase !== 'preparing';
    if (newProblem || restarted) this.dismissed.value = false;
    if (newProblem) this.problems.value++;
    this.view.value = view;
  }

  /** The worker's word on its pause (null: sending again). */
  setRetry(until: number | null): void {
    this.retryUntil.value = until;
  }

  dismiss(): void {
    this.dismissed.value = true;
  }

  showOriginal(): void {
    this.deps.page.showOriginal();
  }

  showTranslation(): void {
    this.deps.page.translate(true);
  }

  retry(): void {
    this.deps.page.translate(true);
  }

  setReading(reading: PageReading): void {
    this.deps.page.setReading(reading);
  }

  translateMore(): void {
    this.deps.page.translateMore();
  }

  setMode(mode: PageMode): void {
    this.deps.page.setMode(mode);
  }

  openOptions(): void {
    void this.deps.send('options.open', {});
  }

  /** The session is disposed of by the content feature; the indicator only stops showing. */
  dispose(): void {
    this.view.value = null;
  }
}

/** Share of the page's units answered, 0 to 100. */
export function percentOf(view: PageView): number {
  const { total, done, failed } = view.progress;
  if (total === 0) return view.phase === 'done' ? 100 : 0;
  return Math.min(100, Math.floor(((done + failed) / total) * 100));
}
