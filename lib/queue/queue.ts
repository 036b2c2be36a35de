import type { CacheKeyInput } from '../cache/translation-cache.ts';
import { backoffDelay } from './backoff.ts';
import { systemClock } from './clock.ts';
import { errorAction, toQueueError } from './errors.ts';
import { groupKey, type Job, JobFactory, jobKey, normalizeParams, RANK, type Unit } from './jobs.ts';
import { nextBatch } from './pack.ts';
import { PersistBuffer } from './persist.ts';
import { ProgressTracker } from './progress.ts';
import { DEFAULT_CONCURRENCY, RateControl } from './rate.ts';
import { QueueSegment } from './schema.ts';
import { joinParts } from './split.ts';
import { queueJobId } from './store.ts';
import type {
  Clock,
  Delivery,
  QueueError,
  QueueLimits,
  QueueOptions,
  QueueStatus,
  SendResult,
  TabProgress,
  TranslateParams,
} from './types.ts';

export const DEFAULT_LIMITS: QueueLimits = { maxTexts: 50, maxBodyBytes: 128 * 1024, reserveBytes: 256 };

interface Batch {
  units: Unit[];
  params: TranslateParams;
  controller: AbortController;
  attempts: number;
}

/** How segments entered: `restored` ones are already in the store. */
interface Origin {
  restored: boolean;
  bypassCache: boolean;
}

interface Incoming {
  segment: QueueSegment;
  params: TranslateParams;
  group: string;
  key: string;
}

/**
 * The page translation queue of the background: packs segments into as few requests as the service's
 * limits allow, keeps as many in flight as the service tolerates (AIMD on 429), retries what is transient,
 * stops on quota or a bad key, sends identical work once, answers from the cache first, and keeps its
 * work in a store so a service-worker restart loses nothing. See README.md for the numbers and why.
 */
export class TranslationQueue {
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly limits: QueueLimits;
  private readonly factory: JobFactory;
  private readonly rate: RateControl;
  private readonly progress: ProgressTracker;
  private readonly persist: PersistBuffer;
  private readonly maxAttempts: number;
  private readonly maxRateLimited: number;
  private readonly gatherMs: number;
  private readonly jobs = new Map<string, Job>();
  /** tabId -> segment id -> its job. */
  private readonly byTab = new Map<number, Map<string, Job>>();
  /** Bumped by cancelTab, so cache look-ups that were under way for the tab are dropped. */
  private readonly tabEpochs = new Map<number, number>();
  private pending: Unit[] = [];
  private sorted = true;
  private purge = false;
  private readonly inFlight = new Set<Batch>();
  private lookups = 0;
  private seq = 0;
  private wakeAt = Number.POSITIVE_INFINITY;
  private stopError: QueueError | undefined;
  private lastStatus = '';
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: QueueOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.factory = new JobFactory(this.limits);
    this.rate = new RateControl({ ...DEFAULT_CONCURRENCY, ...options.concurrency }, this.clock.now, this.random);
    this.progress = new ProgressTracker(options.onProgress);
    const persistDelayMs = options.persistDelayMs ?? 100;
    this.persist = new PersistBuffer(
      options.store,
      (write) => void this.clock.sleep(persistDelayMs).then(write),
      () => this.settle(),
    );
    this.maxAttempts = options.maxAttempts ?? 5;
    this.maxRateLimited = options.maxRateLimited ?? 10;
    this.gatherMs = options.gatherMs ?? 15;
  }

  status(): QueueStatus {
    this.purgePending();
    const paused = this.rate.pauseRemaining() > 0;
    return {
      state: this.stopError ? 'stopped' : paused ? 'paused' : 'running',
      ...(this.stopError ? { stopError: this.stopError } : {}),
      ...(paused ? { pausedUntil: this.rate.pausedUntil } : {}),
      concurrency: this.rate.concurrency,
      inFlight: this.inFlight.size,
      pending: this.pending.length,
    };
  }

  tabProgress(tabId: number): TabProgress {
    return this.progress.get(tabId);
  }

  /** Resolves once nothing is pending, in flight, being looked up or waiting to be saved. */
  whenIdle(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Accepts segments. Cache hits are delivered before this resolves; the rest is queued. */
  async enqueue(segments: readonly QueueSegment[], options: { bypassCache?: boolean } = {}): Promise<void> {
    await this.accept(segments, { restored: false, bypassCache: options.bypassCache ?? false });
  }

  /** Reloads what a previous instance left in the store and carries on with it. Returns how many. */
  async restore(): Promise<number> {
    const store = this.options.store;
    if (!store) return 0;
    const records = (await store.load()).sort((a, b) => a.createdAt - b.createdAt);
    this.persist.markStored(records.map((r) => r.id));
    const groups = new Map<boolean, QueueSegment[]>();
    for (const record of records) {
      const parsed = QueueSegment.safeParse({ ...record, id: record.segmentId });
      if (!parsed.success) {
        this.persist.remove(record.id);
        continue;
      }
      const bypass = record.bypassCache === true;
      groups.set(bypass, [...(groups.get(bypass) ?? []), parsed.data]);
    }
    for (const [bypassCache, segments] of groups) await this.accept(segments, { restored: true, bypassCache });
    return records.length;
  }

  /** Writes buffered store changes now (the worker is about to be suspended). */
  persistNow(): Promise<void> {
    return this.persist.flush();
  }

  /** Drops a tab's work (tab closed or navigated); aborts requests that only it was waiting for. */
  cancelTab(tabId: number): void {
    this.tabEpochs.set(tabId, (this.tabEpochs.get(tabId) ?? 0) + 1);
    const segments = this.byTab.get(tabId);
    this.byTab.delete(tabId);
    for (const [id, job] of segments ?? []) {
      const storeId = queueJobId(tabId, id);
      job.requesters.delete(storeId);
      this.persist.remove(storeId);
      if (job.requesters.size === 0) this.closeJob(job);
    }
    for (const batch of this.inFlight) if (batch.units.every((u) => u.job.closed)) batch.controller.abort();
    this.progress.clear(tabId);
    this.settle();
  }

  /** Leaves the stopped state (after the user fixed the key or the quota renewed). */
  resume(): void {
    this.stopError = undefined;
    this.settle();
  }

  private async accept(segments: readonly QueueSegment[], origin: Origin): Promise<void> {
    if (this.stopError) {
      this.failSegments(segments, this.stopError, origin);
      return;
    }
    const fresh: Incoming[] = [];
    for (const segment of segments) {
      const params = normalizeParams(segment.params);
      const group = groupKey(params);
      const key = jobKey(group, segment.text);
      if (!this.attachExisting(segment, key, origin) && !this.deliverTrivial(segment, origin)) {
        fresh.push({ segment, params, group, key });
      }
    }
    if (fresh.length === 0) {
      this.settle();
      return;
    }
    const epochs = new Map(fresh.map(({ segment: s }) => [s.tabId, this.tabEpochs.get(s.tabId) ?? 0]));
    this.lookups++;
    const hits = origin.bypassCache ? [] : await this.lookUp(fresh);
    this.lookups--;
    const delivered = new Map<number, Delivery[]>();
    let interactive = false;
    for (const [i, incoming] of fresh.entries()) {
      const { segment } = incoming;
      if ((this.tabEpochs.get(segment.tabId) ?? 0) !== epochs.get(segment.tabId)) continue;
      if (this.stopError) {
        this.failSegments([segment], this.stopError, origin);
        continue;
      }
      const hit = hits[i];
      if (hit) {
        const list = delivered.get(segment.tabId) ?? [];
        list.push({ id: segment.id, text: hit.text, detectedSource: hit.detectedSource, billedCharacters: 0 });
        delivered.set(segment.tabId, list);
        if (origin.restored) this.persist.remove(queueJobId(segment.tabId, segment.id));
        continue;
      }
      if (this.attachExisting(segment, incoming.key, origin)) continue;
      interactive ||= segment.priority === 'interactive';
      this.createJob(incoming, origin);
    }
    for (const [tabId, list] of delivered) {
      this.progress.add(tabId, { total: list.length, done: list.length });
      safely(() => this.options.deliver(tabId, list));
    }
    this.wake(interactive ? 0 : this.gatherMs);
    this.settle();
  }

  private async lookUp(fresh: readonly Incoming[]) {
    const cache = this.options.cache;
    if (!cache) return [];
    try {
      return await cache.getMany(await Promise.all(fresh.map((f) => this.cacheInput(f.segment.text, f.params))));
    } catch {
      return [];
    }
  }

  private async cacheInput(text: string, params: TranslateParams): Promise<CacheKeyInput> {
    return { text, params, ...(await this.options.cacheContext?.(params)) };
  }

  /** Joins a segment to identical work already queued or in flight. */
  private attachExisting(segment: QueueSegment, key: string, origin: Origin): boolean {
    const current = this.byTab.get(segment.tabId)?.get(segment.id);
    const storeId = queueJobId(segment.tabId, segment.id);
    if (current && current.key !== key) {
      // The segment's text or parameters changed: the old request is obsolete.
      current.requesters.delete(storeId);
      this.byTab.get(segment.tabId)?.delete(segment.id);
      if (current.requesters.size === 0) this.closeJob(current);
    }
    const job = current?.key === key ? current : this.jobs.get(key);
    if (!job) return false;
    if (RANK[segment.priority] < job.rank) {
      job.rank = RANK[segment.priority];
      this.sorted = false;
    }
    if (!job.requesters.has(storeId)) this.addRequester(job, segment, origin);
    return true;
  }

  private createJob(incoming: Incoming, origin: Origin): void {
    const { segment, params, group, key } = incoming;
    const rank = RANK[segment.priority];
    const created = this.factory.create({ key, text: segment.text, params, group, rank, seq: ++this.seq });
    if ('code' in created) {
      this.failSegments([segment], created, origin);
      return;
    }
    this.jobs.set(key, created.job);
    this.addRequester(created.job, segment, origin);
    if (created.units.length === 0) this.finishJob(created.job);
    else {
      this.pending.push(...created.units);
      this.sorted = false;
    }
  }

  private addRequester(job: Job, segment: QueueSegment, origin: Origin): void {
    const storeId = queueJobId(segment.tabId, segment.id);
    job.requesters.set(storeId, { tabId: segment.tabId, id: segment.id });
    const tab = this.byTab.get(segment.tabId) ?? new Map<string, Job>();
    tab.set(segment.id, job);
    this.byTab.set(segment.tabId, tab);
    this.progress.add(segment.tabId, { total: 1 });
    if (origin.restored) return;
    this.persist.put({
      id: storeId,
      tabId: segment.tabId,
      segmentId: segment.id,
      text: segment.text,
      params: segment.params,
      priority: segment.priority,
      ...(origin.bypassCache ? { bypassCache: true } : {}),
      createdAt: this.clock.now(),
    });
  }

  /** Empty or blank text needs no request. */
  private deliverTrivial(segment: QueueSegment, origin: Origin): boolean {
    if (segment.text.trim() !== '') return false;
    if (origin.restored) this.persist.remove(queueJobId(segment.tabId, segment.id));
    this.progress.add(segment.tabId, { total: 1, done: 1 });
    safely(() => this.options.deliver(segment.tabId, [{ id: segment.id, text: segment.text, billedCharacters: 0 }]));
    return true;
  }

  private failSegments(segments: readonly QueueSegment[], error: QueueError, origin: Origin): void {
    const byTab = new Map<number, string[]>();
    for (const s of segments) {
      byTab.set(s.tabId, [...(byTab.get(s.tabId) ?? []), s.id]);
      if (origin.restored) this.persist.remove(queueJobId(s.tabId, s.id));
    }
    for (const [tabId, ids] of byTab) {
      this.progress.add(tabId, { total: ids.length, failed: ids.length });
      safely(() => this.options.fail(tabId, ids, error));
    }
  }

  // ---- sending ----

  /** Runs `pump` after `delayMs` (0: right after the current task). Earlier wake-ups win. */
  private wake(delayMs: number): void {
    const at = this.clock.now() + delayMs;
    if (at >= this.wakeAt) return;
    this.wakeAt = at;
    const run = () => {
      if (this.wakeAt === at) this.wakeAt = Number.POSITIVE_INFINITY;
      this.pump();
    };
    if (delayMs <= 0) queueMicrotask(run);
    else void this.clock.sleep(delayMs).then(run);
  }

  private pump(): void {
    this.purgePending();
    if (this.stopError) return;
    const pause = this.rate.pauseRemaining();
    if (pause > 0 && this.pending.length > 0) {
      this.emitStatus();
      this.wake(pause);
      return;
    }
    while (this.inFlight.size < this.rate.concurrency && this.pending.length > 0) {
      if (!this.sorted) {
        this.pending.sort((a, b) => a.job.rank - b.job.rank || a.job.seq - b.job.seq || a.index - b.index);
        this.sorted = true;
      }
      const taken = nextBatch(this.pending, { maxTexts: this.limits.maxTexts, budget: (g) => this.factory.budget(g) });
      const picked = new Set(taken);
      const units = taken.map((i) => this.pending[i]!);
      this.pending = this.pending.filter((_, i) => !picked.has(i));
      const batch: Batch = { units, params: units[0]!.job.params, controller: new AbortController(), attempts: 0 };
      this.inFlight.add(batch);
      void this.run(batch);
    }
    this.emitStatus();
  }

  private async run(batch: Batch): Promise<void> {
    const { signal } = batch.controller;
    for (;;) {
      // Parts of work nobody waits for any more are not paid for.
      batch.units = batch.units.filter((u) => !u.job.closed);
      if (batch.units.length === 0 || signal.aborted) break;
      const ticket = this.rate.ticket();
      let results: SendResult[];
      try {
        results = await this.options.send({ params: batch.params, texts: batch.units.map((u) => u.text) }, signal);
        if (!Array.isArray(results) || results.length !== batch.units.length) {
          throw { code: 'invalid_response', message: `Expected ${batch.units.length} translations` };
        }
      } catch (thrown) {
        if (signal.aborted) break;
        const error = toQueueError(thrown);
        const action = errorAction(error);
        if (action === 'retry' && ++batch.attempts < this.maxAttempts) {
          await this.clock.sleep(backoffDelay(batch.attempts, this.random), signal);
          while (!signal.aborted && this.rate.pauseRemaining() > 0)
            await this.clock.sleep(this.rate.pauseRemaining(), signal);
          continue;
        }
        if (action === 'rate') this.rateLimited(batch, ticket, error);
        else if (action === 'stop') this.stop(error);
        else
          this.failJobs(
            batch.units.map((u) => u.job),
            error,
          );
        break;
      }
      this.rate.onSuccess();
      this.complete(batch.units, results);
      break;
    }
    this.inFlight.delete(batch);
    this.pump();
    this.settle();
  }

  private rateLimited(batch: Batch, ticket: number, error: QueueError): void {
    this.rate.onRateLimited(ticket, error.retryAfterMs);
    const exhausted = batch.units.filter((u) => ++u.rateLimited >= this.maxRateLimited);
    this.failJobs(
      exhausted.map((u) => u.job),
      error,
    );
    this.pending.push(...batch.units.filter((u) => !u.job.closed));
    this.sorted = false;
  }

  private complete(units: readonly Unit[], results: readonly SendResult[]): void {
    for (const [i, unit] of units.entries()) {
      unit.job.results[unit.index] = results[i];
      if (--unit.job.remaining === 0) this.finishJob(unit.job);
    }
  }

  /** All parts are back: join, deliver to every requester (none if cancelled meanwhile), fill the cache. */
  private finishJob(job: Job): void {
    const results = job.results as SendResult[];
    const text = job.parts
      ? joinParts(
          job.parts,
          results.map((r) => r.text),
        )
      : (results[0]?.text ?? '');
    const detectedSource = results.find((r) => r.detectedSource)?.detectedSource;
    let billed = results.reduce((sum, r) => sum + (r.billedCharacters ?? 0), 0);
    const byTab = new Map<number, Delivery[]>();
    for (const { tabId, id } of job.requesters.values()) {
      byTab.set(tabId, [...(byTab.get(tabId) ?? []), { id, text, detectedSource, billedCharacters: billed }]);
      billed = 0;
    }
    this.closeJob(job);
    for (const [tabId, list] of byTab) {
      this.progress.add(tabId, { done: list.length });
      safely(() => this.options.deliver(tabId, list));
    }
    void this.fillCache(job, text, detectedSource);
  }

  private async fillCache(job: Job, text: string, detectedSource: string | undefined): Promise<void> {
    const cache = this.options.cache;
    if (!cache) return;
    try {
      const input = await this.cacheInput(job.text, job.params);
      await cache.setMany([{ input, value: detectedSource === undefined ? { text } : { text, detectedSource } }]);
    } catch {
      // A cache that cannot be written only costs a future request.
    }
  }

  private failJobs(jobs: Iterable<Job>, error: QueueError): void {
    const byTab = new Map<number, string[]>();
    for (const job of new Set(jobs)) {
      if (job.closed) continue;
      for (const { tabId, id } of job.requesters.values()) byTab.set(tabId, [...(byTab.get(tabId) ?? []), id]);
      this.closeJob(job);
    }
    for (const [tabId, ids] of byTab) {
      this.progress.add(tabId, { failed: ids.length });
      safely(() => this.options.fail(tabId, ids, error));
    }
  }

  /** Quota exhausted or key refused: every request would fail the same way, so fail all work now. */
  private stop(error: QueueError): void {
    this.stopError = error;
    for (const batch of this.inFlight) batch.controller.abort();
    this.pending = [];
    // Every job not yet finished is in `jobs`, queued or in flight.
    this.failJobs([...this.jobs.values()], error);
    this.emitStatus();
  }

  /** Forgets a job: its requesters, its queued units, its store rows. */
  private closeJob(job: Job): void {
    job.closed = true;
    if (this.jobs.get(job.key) === job) this.jobs.delete(job.key);
    for (const [storeId, { tabId, id }] of job.requesters) {
      this.persist.remove(storeId);
      const tab = this.byTab.get(tabId);
      if (tab?.get(id) === job) tab.delete(id);
      if (tab?.size === 0) this.byTab.delete(tabId);
    }
    if (job.remaining > 0) this.purge = true;
  }

  /** Closed jobs' units leave the pending list in one pass, not one pass per job. */
  private purgePending(): void {
    if (!this.purge) return;
    this.purge = false;
    this.pending = this.pending.filter((u) => !u.job.closed);
  }

  private idle(): boolean {
    this.purgePending();
    return this.pending.length === 0 && this.inFlight.size === 0 && this.lookups === 0 && !this.persist.busy;
  }

  private settle(): void {
    this.emitStatus();
    if (!this.idle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private emitStatus(): void {
    const { state, stopError, pausedUntil, concurrency } = this.status();
    const summary = JSON.stringify([state, stopError?.code, pausedUntil, concurrency]);
    if (summary === this.lastStatus) return;
    this.lastStatus = summary;
    this.options.onStatus?.(this.status());
  }
}

/** A listener that throws (a tab gone away) must not leave the queue half updated. */
function safely(call: () => void): void {
  try {
    call();
  } catch (error) {
    console.warn('Translation queue: a listener failed', error);
  }
}
