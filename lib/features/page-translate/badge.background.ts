import { browser } from 'wxt/browser';
import { t } from '../../ui/i18n.ts';
import type { TabProgress } from './queue/index.ts';

/** The badge text for a tab's progress: a percentage while work is open, nothing once all is answered. */
export function badgeText(progress: TabProgress): string {
  const { total, done, failed } = progress;
  if (total <= 0) return '';
  const settled = done + failed;
  if (settled >= total) return failed > 0 ? '!' : '';
  // Never "100%" while something is still open.
  return `${Math.min(99, Math.floor((settled / total) * 100))}%`;
}

const COLOURS = { progress: '#1f5fd1', problem: '#b3261e' } as const;

/** Redraws at most this often per tab: a big page reports progress hundreds of times. */
const MIN_INTERVAL_MS = 150;

/**
 * The toolbar badge per tab: translation progress as a percentage, and "!" when the page could not be
 * translated (the title says why and what to do).
 */
export class PageBadge {
  private readonly latest = new Map<number, TabProgress>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly problems = new Map<number, string>();
  /** Failures of earlier runs that were sent again. */
  private readonly forgiven = new Map<number, number>();

  progress(tabId: number, progress: TabProgress): void {
    this.latest.set(tabId, progress);
    if (this.timers.has(tabId)) return;
    this.timers.set(
      tabId,
      setTimeout(() => {
        this.timers.delete(tabId);
        void this.draw(tabId);
      }, MIN_INTERVAL_MS),
    );
  }

  /** The tab's work stopped or failed: say so until the tab starts again. */
  problem(tabId: number, message: string): void {
    this.problems.set(tabId, message);
    void this.draw(tabId);
  }

  clear(tabId: number): void {
    const timer = this.timers.get(tabId);
    if (timer) clearTimeout(timer);
    this.timers.delete(tabId);
    this.latest.delete(tabId);
    this.problems.delete(tabId);
    this.forgiven.delete(tabId);
    void this.paint(tabId, '', COLOURS.progress, t('extName', 'Verso'));
  }

  /**
   * A new run on the tab (tried again): an earlier problem no longer applies, and the segments that
   * failed are sent again, so they no longer count as failed (the queue keeps counting them).
   */
  restart(tabId: number): void {
    this.problems.delete(tabId);
    const failed = this.latest.get(tabId)?.failed ?? 0;
    this.forgiven.set(tabId, failed);
  }

  private async draw(tabId: number): Promise<void> {
    const problem = this.problems.get(tabId);
    if (problem) {
      await this.paint(tabId, '!', COLOURS.problem, `Verso: ${problem}`);
      return;
    }
    const progress = this.latest.get(tabId);
    const forgiven = this.forgiven.get(tabId) ?? 0;
    const text = progress
      ? badgeText({ total: progress.total - forgiven, done: progress.done, failed: progress.failed - forgiven })
      : '';
    const title =
      text === '!'
        ? t('pageBadgeFailed', 'Verso: part of this page could not be translated')
        : text
          ? t('pageBadgeProgress', 'Verso: translating this page ($1)', text)
          : t('extName', 'Verso');
    await this.paint(tabId, text, text === '!' ? COLOURS.problem : COLOURS.progress, title);
  }

  private async paint(tabId: number, text: string, colour: string, title: string): Promise<void> {
    try {
      await Promise.all([
        browser.action.setBadgeText({ tabId, text }),
        text ? browser.action.setBadgeBackgroundColor({ tabId, color: colour }) : Promise.resolve(),
        browser.action.setTitle({ tabId, title }),
      ]);
    } catch {
      // The tab closed meanwhile.
    }
  }
}
