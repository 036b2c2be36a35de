import {
  DEFAULT_RETRY_POLICY,
  MAX_TEXTS,
  MAX_TRANSLATE_BODY_BYTES,
  type TranslateOptions,
} from '../../../api/index.ts';
import { CacheFront, type Finished } from './cache-front.ts';
import { systemClock } from './clock.ts';
import { Dispatcher } from './dispatch.ts';
import { answerOf, JobTable, type Origin, type TabDelivery } from './job-table.ts';
import { groupKey, type Job, JobFactory, jobKey, normalizeParams, RANK, type Unit } from './jobs.ts';
import { Outbox } from './outbox.ts';
import { PersistBuffer } from './persist.ts';
import { DEFAULT_CONCURRENCY } from './rate.ts';
import { restoredGroups } from './restored.ts';
import type { QueueSegment } from './schema.ts';
import { queueJobId } from './store.ts';
import type { Clock, QueueError, QueueLimits, QueueOptions, QueueStatus, SendOutcome, TabProgress } from './types.ts';

export const DEFAULT_LIMITS: QueueLimits = {
  maxTexts: MAX_TEXTS,
  maxBodyBytes: MAX_TRANSLATE_BODY_BYTES,
  reserveBytes: 256,
};

/**
 * Queued rows wait this long before they are written: most rows of a page go out sooner, and are then
 * written once, as sent. What a restart loses in that time, the page asks for again.
 */
const PERSIST_DELAY_MS = 5000;

/** What a restored text that may already be billed fails with (the person's "Try again" sends it). */
export const MAYBE_BILLED: QueueError = {
  code: 'maybe_billed',
  message:
    'Verso was stopped while these texts were being translated; the service may already have billed them, so they were not sent again.',
};

interface Incoming {
  segment: QueueSegment;
  params: TranslateOptions;
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
  private readonly factory: JobFactory;
  private readonly dispatch: Dispatcher;
  private readonly outbox: Outbox;
  private readonly persist: PersistBuffer;
  private readonly gatherMs: number;
  private readonly jobs: JobTable;
  private readonly cache: CacheFront;
  /** Bumped by cancelTab, so cache look-ups that were under way for the tab are dropped. */
  private readonly tabEpochs = new Map<number, number>();
  private lookups = 0;
  private seq = 0;
  private stopError: QueueError | undefined;
  private lastStatus = '';
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: QueueOptions) {
    this.clock = options.clock ?? systemClock;
    const limits: QueueLimits = { ...DEFAULT_LIMITS, ...options.limits };
    this.factory = new JobFactory(limits);
    this.dispatch = new Dispatcher(
      {
        send: options.send,
        clock: this.clock,
        random: options.random ?? Math.random,
        maxTexts: limits.maxTexts,
        budget: (group) => this.factory.budget(group),
        concurrency: { ...DEFAULT_CONCURRENCY, ...options.concurrency },
        maxAttempts: options.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts,
        maxRateLimited: options.maxRateLimited ?? 20,
        ...(options.admit ? { admit: (units) => this.admit(units) } : {}),
      },
      {
        sending: (units) => this.jobs.recordSent(units, this.clock.now()),
        unsent: (units) => this.jobs.recordSent(units, undefined),
        complete: (units, results) => this.complete(units, results),
        fail: (units, error) =>
          this.failJobs(
            units.map((u) => u.job),
            error,
          ),
        stop: (error) => this.stop(error),
        paused: (until) => void this.options.pauseStore?.save(until).catch(() => undefined),
        changed: () => this.settle(),
      },
    );
    this.outbox = new Outbox(options);
    const persistDelayMs = options.persistDelayMs ?? PERSIST_DELAY_MS;
    this.persist = new PersistBuffer(
      options.store,
      (write) => void this.clock.sleep(persistDelayMs).then(write),
      () => this.settle(),
    );
    this.gatherMs = options.gatherMs ?? 15;
    this.jobs = new JobTable({
      persist: this.persist,
      progress: this.outbox.progress,
      ...(options.memoryOnly ? { memoryOnly: options.memoryOnly } : {}),
      now: () => this.clock.now(),
      dropClosed: () => this.dispatch.dropClosed(),
    });
    this.cache = new CacheFront(options);
  }

  status(): QueueStatus {
    const { rate } = this.dispatch;
    const paused = rate.pauseRemaining() > 0;
    return {
      state: this.stopError ? 'stopped' : paused ? 'paused' : 'running',
      ...(this.stopError ? { stopError: this.stopError } : {}),
      ...(paused ? { pausedUntil: rate.pausedUntil } : {}),
      concurrency: rate.concurrency,
      inFlight: this.dispatch.inFlightCount,
      pending: this.dispatch.pendingCount,
    };
  }

  tabProgress(tabId: number): TabProgress {
    return this.outbox.progress.get(tabId);
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

  /**
   * Reloads what a previous instance left in the store and carries on with it, after the rest of the
   * 429 pause it was in (the service's Retry-After holds for this instance too). Returns how many.
   */
  async restore(): Promise<number> {
    const until = await this.options.pauseStore?.load().catch(() => undefined);
    if (until !== undefined && until > this.clock.now()) this.dispatch.rate.pauseUntil(until);
    const store = this.options.store;
    if (!store) return 0;
    const records = (await store.load()).sort((a, b) => a.createdAt - b.createdAt);
    this.persist.markStored(records);
    const groups = restoredGroups(records, (id) => this.persist.remove(id));
    for (const { origin, segments } of groups) await this.accept(segments, origin);
    return records.length;
  }

  /** Writes buffered store changes now (the worker is about to be suspended). */
  persistNow(): Promise<void> {
    return this.persist.flush();
  }

  /** Drops a tab's work (tab closed or navigated); aborts requests that only it was waiting for. */
  cancelTab(tabId: number): void {
    this.tabEpochs.set(tabId, (this.tabEpochs.get(tabId) ?? 0) + 1);
    for (const [id, job] of this.jobs.takeTab(tabId) ?? []) {
      const storeId = queueJobId(tabId, id);
      job.requesters.delete(storeId);
      this.persist.remove(storeId);
      if (job.requesters.size === 0) this.jobs.close(job);
    }
    this.dispatch.dropClosed();
    this.outbox.progress.clear(tabId);
    this.settle();
  }

  /** Leaves the stopped state (after the user fixed the key or the quota renewed). */
  resume(): void {
    this.stopError = undefined;
    this.dispatch.halted = false;
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
      if (
        !this.attachExisting(segment, key, origin) &&
        !this.deliverTrivial(segment, origin) &&
        !this.deliverUnsaved(segment, key, origin)
      ) {
        fresh.push({ segment, params, group, key });
      }
    }
    if (fresh.length === 0) {
      this.settle();
      return;
    }
    const epochs = new Map(fresh.map(({ segment: s }) => [s.tabId, this.tabEpochs.get(s.tabId) ?? 0]));
    this.lookups++;
    const hits = origin.bypassCache
      ? []
      : await this.cache.lookUp(fresh.map(({ segment, params, group }) => ({ text: segment.text, params, group })));
    this.lookups--;
    const hitsToDeliver: TabDelivery[] = [];
    const maybeBilled: QueueSegment[] = [];
    // Work someone waits for (a click, the screen) goes at once; the rest gathers a moment.
    let waited = false;
    for (const [i, incoming] of fresh.entries()) {
      const { segment } = incoming;
      if ((this.tabEpochs.get(segment.tabId) ?? 0) !== epochs.get(segment.tabId)) continue;
      if (this.stopError) {
        this.failSegments([segment], this.stopError, origin);
        continue;
      }
      const hit = hits[i];
      if (hit) {
        hitsToDeliver.push({ tabId: segment.tabId, delivery: { id: segment.id, ...hit, billedCharacters: 0 } });
        if (origin.restored) this.persist.remove(queueJobId(segment.tabId, segment.id));
        continue;
      }
      if (this.attachExisting(segment, incoming.key, origin)) continue;
      if (this.deliverUnsaved(segment, incoming.key, origin)) continue;
      if (origin.maybeBilled) {
        maybeBilled.push(segment);
        continue;
      }
      waited ||= segment.priority !== 'background';
      this.createJob(incoming, origin);
    }
    this.outbox.deliver(hitsToDeliver, true);
    if (maybeBilled.length > 0) this.failSegments(maybeBilled, MAYBE_BILLED, origin);
    this.dispatch.wake(waited ? 0 : this.gatherMs);
    this.settle();
  }

  /** Joins a segment to identical work already queued or in flight. */
  private attachExisting(segment: QueueSegment, key: string, origin: Origin): boolean {
    const current = this.jobs.of(segment);
    const storeId = queueJobId(segment.tabId, segment.id);
    // The segment's text or parameters changed: the old request is obsolete and no longer counted.
    if (current && current.key !== key) this.jobs.detach(segment, current);
    const job = current?.key === key ? current : (this.jobs.get(key) ?? this.reopen(key));
    if (!job) return false;
    if (RANK[segment.priority] < job.rank) {
      job.rank = RANK[segment.priority];
      this.dispatch.reorder();
    }
    if (!job.requesters.has(storeId)) this.jobs.addRequester(job, segment, origin);
    return true;
  }

  /** Work cancelled while its request was out (a reload): asked for again, it waits for that answer. */
  private reopen(key: string): Job | undefined {
    const job = this.dispatch.reclaim(key);
    if (!job) return undefined;
    job.closed = false;
    this.jobs.add(job);
    return job;
  }

  private createJob(incoming: Incoming, origin: Origin): void {
    const { segment, params, group, key } = incoming;
    const rank = RANK[segment.priority];
    const created = this.factory.create({ key, text: segment.text, params, group, rank, seq: ++this.seq });
    if ('code' in created) {
      this.failSegments([segment], created, origin);
      return;
    }
    this.jobs.add(created.job);
    this.jobs.addRequester(created.job, segment, origin);
    if (created.units.length === 0) {
      const deliveries: TabDelivery[] = [];
      const finished = this.finishJob(created.job, deliveries);
      this.outbox.deliver(deliveries, false);
      void this.fillCache([finished]);
    } else this.dispatch.add(created.units);
  }

  /** The spending guard's question for a request about to leave: each text's requesters and characters. */
  private admit(units: readonly Unit[]): ReturnType<NonNullable<QueueOptions['admit']>> {
    const parts = units.map((unit) => ({ requesters: [...unit.job.requesters.values()], chars: unit.text.length }));
    return this.options.admit?.({ parts }) ?? Promise.resolve({});
  }

  /** Empty or blank text needs no request. */
  private deliverTrivial(segment: QueueSegment, origin: Origin): boolean {
    if (segment.text.trim() !== '') return false;
    if (origin.restored) this.persist.remove(queueJobId(segment.tabId, segment.id));
    const delivery = { id: segment.id, text: segment.text, billedCharacters: 0 };
    this.outbox.deliver([{ tabId: segment.tabId, delivery }], true);
    return true;
  }

  /** Answers a segment from a finished job whose cache write is still under way (nothing billed). */
  private deliverUnsaved(segment: QueueSegment, key: string, origin: Origin): boolean {
    const value = origin.bypassCache ? undefined : this.cache.unsavedAnswer(key);
    if (!value) return false;
    if (origin.restored) this.persist.remove(queueJobId(segment.tabId, segment.id));
    this.outbox.deliver([{ tabId: segment.tabId, delivery: { id: segment.id, ...value, billedCharacters: 0 } }], true);
    return true;
  }

  private failSegments(segments: readonly QueueSegment[], error: QueueError, origin: Origin): void {
    if (origin.restored) for (const s of segments) this.persist.remove(queueJobId(s.tabId, s.id));
    this.outbox.fail(segments, error, true);
  }

  private complete(units: readonly Unit[], results: readonly SendOutcome[]): void {
    const finished: Finished[] = [];
    // One hand-over per tab for the whole answer, not one per text: each is a message to the page.
    const deliveries: TabDelivery[] = [];
    for (const [i, unit] of units.entries()) {
      const result = results[i]!;
      if ('refused' in result) {
        // The job fails now and, one part short, never finishes: the answer reaches no tab and no cache.
        this.failJobs([unit.job], result.refused);
        continue;
      }
      unit.job.results[unit.index] = result;
      if (--unit.job.remaining === 0) finished.push(this.finishJob(unit.job, deliveries));
    }
    this.outbox.deliver(deliveries, false);
    void this.fillCache(finished);
  }

  /**
   * All parts are back: join, and add a delivery for every requester (none if cancelled meanwhile) to
   * `out`, which the caller hands over with the rest of its answer.
   */
  private finishJob(job: Job, out: TabDelivery[]): Finished {
    const { text, detectedSource, deliveries } = answerOf(job);
    this.jobs.close(job);
    out.push(...deliveries);
    return { job, value: detectedSource === undefined ? { text } : { text, detectedSource } };
  }

  /**
   * Caches what was answered. Work a private window asked for (even along with another tab) is not
   * cached: it stays in memory only.
   */
  private fillCache(all: readonly Finished[]): Promise<void> {
    return this.cache.fill(all.filter(({ job }) => !this.jobs.isMemoryOnly(job)));
  }

  private failJobs(jobs: Iterable<Job>, error: QueueError): void {
    const failed: { tabId: number; id: string }[] = [];
    for (const job of new Set(jobs)) {
      if (job.closed) continue;
      failed.push(...job.requesters.values());
      this.jobs.close(job);
    }
    this.outbox.fail(failed, error, false);
  }

  /** Quota exhausted or key refused: every request would fail the same way, so fail all work now. */
  private stop(error: QueueError): void {
    this.stopError = error;
    this.dispatch.halted = true;
    this.dispatch.abortAll();
    // Every job not yet finished is in `jobs`, queued or in flight.
    this.failJobs(this.jobs.open(), error);
    this.emitStatus();
  }

  private idle(): boolean {
    return (
      this.dispatch.pendingCount === 0 && this.dispatch.inFlightCount === 0 && this.lookups === 0 && !this.persist.busy
    );
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
