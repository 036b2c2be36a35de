import { backoffDelay, DEFAULT_RETRY_POLICY, type TranslateOptions } from '../../../api/index.ts';
import { errorAction, toQueueError } from './errors.ts';
import type { Job, Unit } from './jobs.ts';
import { nextBatch } from './pack.ts';
import { RateControl } from './rate.ts';
import type { Admission, Clock, ConcurrencyOptions, QueueError, SendFn, SendOutcome } from './types.ts';

interface Batch {
  units: Unit[];
  params: TranslateOptions;
  controller: AbortController;
  attempts: number;
  /** Its texts are recorded as sent (`DispatchHooks.sending`): done once, before the first attempt. */
  recorded: boolean;
  /** Handed to `send` at least once: the service may have billed it, so nothing of it is refunded. */
  left: boolean;
}

export interface DispatchOptions {
  send: SendFn;
  clock: Clock;
  random: () => number;
  maxTexts: number;
  /** Bytes left for texts in a request of this group. */
  budget: (group: string) => number;
  concurrency: ConcurrencyOptions;
  maxAttempts: number;
  maxRateLimited: number;
  /** Asked once before a request first leaves; an error fails its units unsent (QueueOptions.admit). */
  admit?: (units: readonly Unit[]) => Promise<Admission>;
}

/** What the dispatcher reports back to the queue. */
export interface DispatchHooks {
  /** These units go out in a request: resolves once that is recorded (a restart must know). */
  sending(units: readonly Unit[]): Promise<void>;
  /** These units were sent, answered with a 429 and queued again: not billed. */
  unsent(units: readonly Unit[]): void;
  complete(units: readonly Unit[], results: readonly SendOutcome[]): void;
  fail(units: readonly Unit[], error: QueueError): void;
  stop(error: QueueError): void;
  /** A 429 paused all sending until `until` (clock time), or later than before. */
  paused(until: number): void;
  /** Something that counts for idleness or status changed. */
  changed(): void;
}

/**
 * Turns pending units into requests and sends them under the rate control: highest priority and oldest
 * first, each request filled before the next opens, never more in flight than the current concurrency,
 * nothing sent during a 429 pause. Transient failures are retried here; everything else goes back to
 * the queue through the hooks.
 */
export class Dispatcher {
  readonly rate: RateControl;
  /** Set while the queue is stopped (quota, key): nothing is sent. */
  halted = false;
  private pending: Unit[] = [];
  private sorted = true;
  private purge = false;
  private readonly inFlight = new Set<Batch>();
  /** Jobs closed while a request that left carries them, by key (`reclaim`). */
  private readonly carried = new Map<string, Job>();
  private wakeAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly options: DispatchOptions,
    private readonly hooks: DispatchHooks,
  ) {
    this.rate = new RateControl(options.concurrency, options.clock.now, options.random);
  }

  get pendingCount(): number {
    this.purgeClosed();
    return this.pending.length;
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  add(units: readonly Unit[]): void {
    this.pending.push(...units);
    this.sorted = false;
  }

  /** A job's rank went up: the order must be worked out again. */
  reorder(): void {
    this.sorted = false;
  }

  /**
   * Some jobs closed: their queued units go at the next look (one pass, not one per job), and a request
   * that now serves nobody is aborted if it has not left. One that left is answered anyway (the service
   * may bill it): the answer goes to the cache, and the same text asked again meanwhile (the page
   * reloaded) waits for it (`reclaim`) instead of being paid for twice.
   */
  dropClosed(): void {
    this.purge = true;
    for (const batch of this.inFlight) {
      if (batch.left) {
        for (const u of batch.units) if (u.job.closed) this.carried.set(u.job.key, u.job);
      } else if (batch.units.every((u) => u.job.closed)) batch.controller.abort();
    }
  }

  /** The closed job of `key` if every part it still waits for is out in a request that left. */
  reclaim(key: string): Job | undefined {
    const job = this.carried.get(key);
    if (!job) return undefined;
    this.carried.delete(key);
    let out = 0;
    for (const batch of this.inFlight) {
      if (batch.left && !batch.controller.signal.aborted) for (const u of batch.units) if (u.job === job) out++;
    }
    return job.closed && out === job.remaining ? job : undefined;
  }

  /** Drops everything queued and aborts everything in flight. */
  abortAll(): void {
    refundUnsent(this.pending);
    this.pending = [];
    this.carried.clear();
    for (const batch of this.inFlight) batch.controller.abort();
  }

  /** Sends after `delayMs` (0: right after the current task). An earlier wake-up covers a later one. */
  wake(delayMs: number): void {
    const at = this.options.clock.now() + delayMs;
    if (at >= this.wakeAt) return;
    this.wakeAt = at;
    const run = () => {
      if (this.wakeAt === at) this.wakeAt = Number.POSITIVE_INFINITY;
      this.pump();
    };
    if (delayMs <= 0) queueMicrotask(run);
    else void this.options.clock.sleep(delayMs).then(run);
  }

  private purgeClosed(): void {
    if (!this.purge) return;
    this.purge = false;
    refundUnsent(this.pending.filter((u) => u.job.closed));
    this.pending = this.pending.filter((u) => !u.job.closed);
  }

  private pump(): void {
    this.purgeClosed();
    const pause = this.rate.pauseRemaining();
    if (pause > 0 && !this.halted && this.pending.length > 0) this.wake(pause);
    while (!this.halted && pause <= 0 && this.inFlight.size < this.rate.concurrency && this.pending.length > 0) {
      if (!this.sorted) {
        this.pending.sort((a, b) => a.job.rank - b.job.rank || a.job.seq - b.job.seq || a.index - b.index);
        this.sorted = true;
      }
      const taken = nextBatch(this.pending, { maxTexts: this.options.maxTexts, budget: this.options.budget });
      const picked = new Set(taken);
      const units = taken.map((i) => this.pending[i]!);
      this.pending = this.pending.filter((_, i) => !picked.has(i));
      const batch = {
        units,
        params: units[0]!.job.params,
        controller: new AbortController(),
        attempts: 0,
        recorded: false,
        left: false,
      };
      this.inFlight.add(batch);
      void this.run(batch);
    }
    this.hooks.changed();
  }

  private async run(batch: Batch): Promise<void> {
    const { signal } = batch.controller;
    const { clock } = this.options;
    for (;;) {
      // Parts of work nobody waits for any more are not paid for; if they never left, not counted either.
      if (!batch.left) refundUnsent(batch.units.filter((u) => u.job.closed));
      batch.units = batch.units.filter((u) => !u.job.closed);
      if (batch.units.length === 0 || signal.aborted) {
        if (!batch.left) refundUnsent(batch.units);
        break;
      }
      const unpaid = batch.recorded || !this.options.admit ? [] : batch.units.filter((u) => !u.admitted);
      if (unpaid.length > 0 && this.options.admit) {
        // A unit sent again after a 429 was counted the first time.
        const admission = await this.options.admit(unpaid);
        if ('refused' in admission) {
          const open = batch.units.filter((u) => !u.job.closed);
          if (!signal.aborted) this.hooks.fail(open, admission.refused);
          break;
        }
        unpaid.forEach((u, i) => {
          u.admitted = true;
          const refund = admission.refunds?.[i];
          if (refund) u.refund = refund;
        });
        if (signal.aborted) {
          refundUnsent(batch.units);
          break;
        }
      }
      if (!batch.recorded) {
        // Recorded before the texts leave: a worker stopped from here on may have had them billed.
        batch.recorded = true;
        await this.hooks.sending(batch.units);
        if (!signal.aborted && this.rate.pauseRemaining() > 0) {
          // A 429 meanwhile paused all sending: back to the queue, never sent.
          refundUnsent(batch.units.filter((u) => u.job.closed));
          this.requeue(
            batch,
            batch.units.filter((u) => !u.job.closed),
          );
          break;
        }
        continue;
      }
      const ticket = this.rate.ticket();
      let results: SendOutcome[];
      batch.left = true;
      for (const u of batch.units) delete u.refund;
      try {
        results = await this.options.send({ params: batch.params, texts: batch.units.map((u) => u.text) }, signal);
        if (!Array.isArray(results) || results.length !== batch.units.length) {
          throw { code: 'invalid_response', message: `Expected ${batch.units.length} translations` };
        }
      } catch (thrown) {
        // Aborted by cancelTab or a stop: whoever aborted has dealt with the units.
        if (signal.aborted) break;
        const error = toQueueError(thrown);
        const action = errorAction(error);
        if (action === 'retry' && ++batch.attempts < this.options.maxAttempts) {
          await clock.sleep(backoffDelay(batch.attempts, DEFAULT_RETRY_POLICY, this.options.random), signal);
          while (!signal.aborted && this.rate.pauseRemaining() > 0)
            await clock.sleep(this.rate.pauseRemaining(), signal);
          continue;
        }
        if (action === 'rate') this.rateLimited(batch, ticket, error);
        else if (action === 'stop') this.hooks.stop(error);
        else this.hooks.fail(batch.units, error);
        break;
      }
      // Whether work waits for a place: before any 429 only a limit that holds work back grows (rate.ts).
      this.rate.onSuccess(this.pending.length > 0);
      this.hooks.complete(batch.units, results);
      break;
    }
    this.inFlight.delete(batch);
    for (const u of batch.units) if (this.carried.get(u.job.key) === u.job) this.carried.delete(u.job.key);
    this.pump();
  }

  /** The units go back to the queue in their old places; the pause and the halving are the rate's. */
  private rateLimited(batch: Batch, ticket: number, error: QueueError): void {
    const before = this.rate.pausedUntil;
    this.rate.onRateLimited(ticket, error.retryAfterMs);
    if (this.rate.pausedUntil > before) this.hooks.paused(this.rate.pausedUntil);
    const exhausted = batch.units.filter((u) => ++u.rateLimited >= this.options.maxRateLimited);
    if (exhausted.length > 0) this.hooks.fail(exhausted, error);
    this.requeue(
      batch,
      batch.units.filter((u) => !u.job.closed),
    );
  }

  /** Units of `batch` go back to the queue unbilled; a job with another part still out stays recorded. */
  private requeue(batch: Batch, units: Unit[]): void {
    const elsewhere = new Set([...this.inFlight].filter((b) => b !== batch).flatMap((b) => b.units.map((u) => u.job)));
    this.hooks.unsent(units.filter((u) => !elsewhere.has(u.job)));
    this.add(units);
  }
}

/** Gives the spending guard back the characters of units counted but never sent, once each. */
function refundUnsent(units: readonly Unit[]): void {
  const owed = new Map<(chars: number) => void, number>();
  for (const u of units) {
    if (!u.refund) continue;
    owed.set(u.refund, (owed.get(u.refund) ?? 0) + u.text.length);
    delete u.refund;
    u.admitted = false;
  }
  for (const [refund, chars] of owed) refund(chars);
}
