import { ProgressTracker } from './progress.ts';
import type { Delivery, QueueError, QueueOptions } from './types.ts';

/**
 * Hands results and failures to the tabs, one call per tab, and keeps the per-tab progress in step.
 * `fresh` items were never counted (answered right away); the others were counted when queued.
 */
export class Outbox {
  readonly progress: ProgressTracker;

  constructor(private readonly options: Pick<QueueOptions, 'deliver' | 'fail' | 'onProgress'>) {
    this.progress = new ProgressTracker(options.onProgress);
  }

  deliver(items: Iterable<{ tabId: number; delivery: Delivery }>, fresh: boolean): void {
    for (const [tabId, list] of byTab(items, (item) => item.delivery)) {
      this.progress.add(tabId, { total: fresh ? list.length : 0, done: list.length });
      safely(() => this.options.deliver(tabId, list));
    }
  }

  fail(items: Iterable<{ tabId: number; id: string }>, error: QueueError, fresh: boolean): void {
    for (const [tabId, ids] of byTab(items, (item) => item.id)) {
      this.progress.add(tabId, { total: fresh ? ids.length : 0, failed: ids.length });
      safely(() => this.options.fail(tabId, ids, error));
    }
  }
}

function byTab<T extends { tabId: number }, V>(items: Iterable<T>, value: (item: T) => V): Map<number, V[]> {
  const map = new Map<number, V[]>();
  for (const item of items) {
    const list = map.get(item.tabId);
    if (list) list.push(value(item));
    else map.set(item.tabId, [value(item)]);
  }
  return map;
}

/** A listener that throws (a tab gone away) must not leave the queue half updated. */
function safely(call: () => void): void {
  try {
    call();
  } catch (error) {
    console.warn('Translation queue: a listener failed', error);
  }
}
