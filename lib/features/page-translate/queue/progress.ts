import type { TabProgress } from './types.ts';

/** Per-tab counts for the badge: how many segments were asked for, delivered and failed. */
export class ProgressTracker {
  private readonly tabs = new Map<number, TabProgress>();

  constructor(private readonly emit: ((tabId: number, progress: TabProgress) => void) | undefined) {}

  get(tabId: number): TabProgress {
    return { ...(this.tabs.get(tabId) ?? { total: 0, done: 0, failed: 0 }) };
  }

  add(tabId: number, change: Partial<TabProgress>): void {
    const current = this.tabs.get(tabId) ?? { total: 0, done: 0, failed: 0 };
    current.total += change.total ?? 0;
    current.done += change.done ?? 0;
    current.failed += change.failed ?? 0;
    this.tabs.set(tabId, current);
    this.emit?.(tabId, { ...current });
  }

  clear(tabId: number): void {
    if (!this.tabs.delete(tabId)) return;
    this.emit?.(tabId, { total: 0, done: 0, failed: 0 });
  }
}
