import type { Job, Unit } from './jobs.ts';
import type { PersistBuffer } from './persist.ts';
import type { ProgressTracker } from './progress.ts';
import type { QueueSegment } from './schema.ts';
import { joinParts } from './split.ts';
import { queueJobId } from './store.ts';
import type { Delivery, SendResult } from './types.ts';

/** How segments entered: `restored` ones are already in the store. */
export interface Origin {
  restored: boolean;
  bypassCache: boolean;
  /** Restored rows whose request went out unanswered: the cache may answer them, the service may not. */
  maybeBilled?: boolean;
}

/** A delivery and the tab it goes to. */
export type TabDelivery = { tabId: number; delivery: Delivery };

interface JobTableDeps {
  persist: PersistBuffer;
  progress: ProgressTracker;
  memoryOnly?: (tabId: number) => boolean;
  now: () => number;
  /** A job with units still queued was closed: the dispatcher drops them. */
  dropClosed: () => void;
}

/**
 * The queue's open jobs, by key and by the tabs' segments that wait for them, with each requester's row
 * in the store. One job serves every segment with the same text and parameters, whatever the tab.
 */
export class JobTable {
  private readonly jobs = new Map<string, Job>();
  /** tabId -> segment id -> its job. */
  private readonly byTab = new Map<number, Map<string, Job>>();
  /** Jobs a `memoryOnly` tab asked for: their text and answer never reach the store or the cache. */
  private readonly memoryOnlyJobs = new WeakSet<Job>();

  constructor(private readonly deps: JobTableDeps) {}

  /** The open job for this key. */
  get(key: string): Job | undefined {
    return this.jobs.get(key);
  }

  /** Every job not yet finished, queued or in flight. */
  open(): Job[] {
    return [...this.jobs.values()];
  }

  add(job: Job): void {
    this.jobs.set(job.key, job);
  }

  /** The job a tab's segment waits for. */
  of(segment: QueueSegment): Job | undefined {
    return this.byTab.get(segment.tabId)?.get(segment.id);
  }

  /** A private window asked for this job. */
  isMemoryOnly(job: Job): boolean {
    return this.memoryOnlyJobs.has(job);
  }

  /** The segment's text or parameters changed: the old request is obsolete and no longer counted. */
  detach(segment: QueueSegment, job: Job): void {
    const storeId = queueJobId(segment.tabId, segment.id);
    job.requesters.delete(storeId);
    this.byTab.get(segment.tabId)?.delete(segment.id);
    this.deps.persist.remove(storeId);
    this.deps.progress.add(segment.tabId, { total: -1 });
    if (job.requesters.size === 0) this.close(job);
  }

  addRequester(job: Job, segment: QueueSegment, origin: Origin): void {
    const { persist } = this.deps;
    const storeId = queueJobId(segment.tabId, segment.id);
    job.requesters.set(storeId, { tabId: segment.tabId, id: segment.id });
    const tab = this.byTab.get(segment.tabId) ?? new Map<string, Job>();
    tab.set(segment.id, job);
    this.byTab.set(segment.tabId, tab);
    this.deps.progress.add(segment.tabId, { total: 1 });
    if (this.deps.memoryOnly?.(segment.tabId)) {
      // A private window's text: never a row in the store, and its answer never in the cache.
      this.memoryOnlyJobs.add(job);
      return;
    }
    if (origin.restored) return;
    persist.put({
      id: storeId,
      tabId: segment.tabId,
      segmentId: segment.id,
      text: segment.text,
      params: segment.params,
      priority: segment.priority,
      ...(origin.bypassCache ? { bypassCache: true } : {}),
      createdAt: this.deps.now(),
    });
    // Joining work already out: it may be billed as much as the rows that sent it.
    if (job.sentAt !== undefined) void persist.markSent([storeId], job.sentAt);
  }

  /** The units' jobs are out in a request since `at` (undefined: back in the queue, not billed). */
  recordSent(units: readonly Unit[], at: number | undefined): Promise<void> {
    const jobs = new Set(units.map((u) => u.job));
    const ids: string[] = [];
    for (const job of jobs) {
      if (at === undefined) delete job.sentAt;
      else job.sentAt = at;
      ids.push(...job.requesters.keys());
    }
    if (at !== undefined) return this.deps.persist.markSent(ids, at);
    this.deps.persist.clearSent(ids);
    return Promise.resolve();
  }

  /** Takes a tab's segments out (the tab closed or navigated): segment id -> its job. */
  takeTab(tabId: number): Map<string, Job> | undefined {
    const segments = this.byTab.get(tabId);
    this.byTab.delete(tabId);
    return segments;
  }

  /** Forgets a job: its requesters, its queued units, its store rows. */
  close(job: Job): void {
    job.closed = true;
    if (this.jobs.get(job.key) === job) this.jobs.delete(job.key);
    for (const [storeId, { tabId, id }] of job.requesters) {
      this.deps.persist.remove(storeId);
      const tab = this.byTab.get(tabId);
      if (tab?.get(id) === job) tab.delete(id);
      if (tab?.size === 0) this.byTab.delete(tabId);
    }
    if (job.remaining > 0) this.deps.dropClosed();
  }
}

/**
 * A finished job's answer, joined from its parts, and a delivery for every requester: the first is
 * reported the billed characters, the others 0, so per-tab sums add up to what was billed.
 */
export function answerOf(job: Job): { text: string; detectedSource: string | undefined; deliveries: TabDelivery[] } {
  const results = job.results as SendResult[];
  const text = job.parts
    ? joinParts(
        job.parts,
        results.map((r) => r.text),
      )
    : (results[0]?.text ?? '');
  const detectedSource = results.find((r) => r.detectedSource)?.detectedSource;
  let billed = results.reduce((sum, r) => sum + (r.billedCharacters ?? 0), 0);
  const deliveries = [...job.requesters.values()].map(({ tabId, id }) => {
    const delivery = { id, text, detectedSource, billedCharacters: billed };
    billed = 0;
    return { tabId, delivery };
  });
  return { text, detectedSource, deliveries };
}
