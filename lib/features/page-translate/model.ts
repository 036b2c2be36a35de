import { signal } from '@preact/signals';
import type { PageView } from './messages.ts';

/**
 * The in-page indicator's state: the session's view, and whether the person closed the indicator.
 * A new start or a new problem shows it again, since a problem says what to do next.
 */
export const pageView = signal<PageView | null>(null);
export const dismissed = signal(false);

/** What the indicator's buttons do; set by the content feature. */
export interface IndicatorActions {
  showOriginal(): void;
  showTranslation(): void;
  retry(): void;
  openOptions(): void;
}

export const actions = signal<IndicatorActions | null>(null);

export function setView(view: PageView): void {
  const before = pageView.value;
  const newProblem = view.error !== undefined && view.error !== before?.error;
  const restarted = view.phase === 'preparing' && before?.phase !== 'preparing';
  if (newProblem || restarted) dismissed.value = false;
  pageView.value = view;
}

export function dismiss(): void {
  dismissed.value = true;
}

/** Share of the page's units answered, 0 to 100. */
export function percentOf(view: PageView): number {
  const { total, done, failed } = view.progress;
  if (total === 0) return view.phase === 'done' ? 100 : 0;
  return Math.min(100, Math.floor(((done + failed) / total) * 100));
}
