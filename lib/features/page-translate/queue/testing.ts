import type { TranslateOptions } from '../../../api/index.ts';
import { canonicalJson } from '../../../db/hash.ts';
import type { TranslationQueue } from './queue.ts';
import type { Clock, QueueError, QueueSegment, SendBatch, SendFn, SendResult } from './types.ts';

/** A clock whose time moves only when a test moves it, so back-offs and pauses take no real time. */
export class ManualClock implements Clock {
  time = 0;
  private timers: { at: number; seq: number; fire: () => void }[] = [];
  private seq = 0;

  now = (): number => this.time;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = { at: this.time + Math.max(0, ms), seq: ++this.seq, fire: () => resolve() };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.timers = this.timers.filter((t) => t !== timer);
          resolve();
        },
        { once: true },
      );
    });

  hasTimers(): boolean {
    return this.timers.length > 0;
  }

  /** Moves time to the next timer and fires every timer due then. False when none is set. */
  fireNext(): boolean {
    if (this.timers.length === 0) return false;
    const at = Math.min(...this.timers.map((t) => t.at));
    this.time = Math.max(this.time, at);
    const due = this.timers.filter((t) => t.at <= at).sort((a, b) => a.seq - b.seq);
    this.timers = this.timers.filter((t) => t.at > at);
    for (const t of due) t.fire();
    return true;
  }
}

/** Lets every promise chain that can move without the clock move. */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Alternates settling and firing timers until the queue is idle. */
export async function runUntilIdle(queue: TranslationQueue, clock: ManualClock, maxSteps = 100_000): Promise<void> {
  let idle = false;
  void queue.whenIdle().then(() => {
    idle = true;
  });
  for (let step = 0; step < maxSteps; step++) {
    await flush();
    if (idle) return;
    if (clock.fireNext()) continue;
    // Nothing on the clock: only real I/O (an IndexedDB store) can still be under way.
    for (let wait = 0; wait < 200 && !idle && !clock.hasTimers(); wait++) await flush();
    if (idle) return;
    if (!clock.hasTimers()) throw new Error('The queue is not idle but nothing is scheduled');
  }
  throw new Error('The queue did not become idle');
}

/** The stand-in translation: upper case outside tags, so a split-and-joined text matches the whole one. */
export const pseudoTranslate = (text: string): string =>
  text.replace(/(<[^>]*>)|([^<]+)/g, (_, tag: string | undefined, plain: string) => tag ?? plain.toUpperCase());

export type Outcome = 'ok' | (Partial<QueueError> & { code: QueueError['code'] });

export interface Call {
  batch: SendBatch;
  at: number;
  signal: AbortSignal;
}

/**
 * A translate endpoint for tests: answers after `latencyMs` of clock time with `pseudoTranslate`,
 * or with whatever `respond` says for that call. Counts calls and the most requests ever in flight.
 */
export class FakeService {
  readonly calls: Call[] = [];
  inFlight = 0;
  maxInFlight = 0;
  latencyMs = 100;
  /** Clock time call number `index` takes to answer. */
  latency: (index: number) => number = () => this.latencyMs;
  respond: (call: Call, index: number) => Outcome = () => 'ok';
  /** When set, calls wait for this promise instead of the clock (a request that never answers). */
  hang: Promise<never> | undefined;

  constructor(private readonly clock: ManualClock) {}

  send: SendFn = async (batch, signal) => {
    const call = { batch, at: this.clock.now(), signal };
    const index = this.calls.push(call) - 1;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.hang) await this.hang;
      await this.clock.sleep(this.latency(index), signal);
    } finally {
      this.inFlight--;
    }
    if (signal.aborted) throw { code: 'aborted', message: 'Aborted' };
    const outcome = this.respond(call, index);
    if (outcome !== 'ok') throw { message: `Failed with ${outcome.code}`, ...outcome };
    return batch.texts.map(
      (text): SendResult => ({ text: pseudoTranslate(text), detectedSource: 'EN', billedCharacters: [...text].length }),
    );
  };

  /** Every text sent, in order. */
  sentTexts(): string[] {
    return this.calls.flatMap((c) => c.batch.texts);
  }
}

/** Records what the queue hands back, per tab. */
export class Recorder {
  readonly delivered: { tabId: number; id: string; text: string; billedCharacters: number }[] = [];
  readonly failed: { tabId: number; id: string; error: QueueError }[] = [];

  deliver = (tabId: number, results: { id: string; text: string; billedCharacters: number }[]): void => {
    for (const r of results)
      this.delivered.push({ tabId, id: r.id, text: r.text, billedCharacters: r.billedCharacters });
  };

  fail = (tabId: number, ids: string[], error: QueueError): void => {
    for (const id of ids) this.failed.push({ tabId, id, error });
  };

  /** `tabId:id` of every delivery, duplicates kept. */
  deliveredIds(): string[] {
    return this.delivered.map((d) => `${d.tabId}:${d.id}`);
  }

  textOf(tabId: number, id: string): string | undefined {
    return this.delivered.find((d) => d.tabId === tabId && d.id === id)?.text;
  }
}

export const DE: TranslateOptions = { target_lang: 'DE' };

export function segments(
  count: number,
  make: (i: number) => Partial<QueueSegment> = () => ({}),
  base: Partial<QueueSegment> = {},
): QueueSegment[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `s${i}`,
    tabId: 1,
    text: `Sentence number ${i}.`,
    params: DE,
    priority: 'visible',
    ...base,
    ...make(i),
  }));
}

/** An in-memory cache with the queue's cache interface, keyed by the canonical request. */
export class MapCache {
  readonly entries = new Map<string, { text: string; detectedSource?: string }>();
  reads = 0;

  private key(input: { text: string; params: object }): string {
    return canonicalJson(input);
  }

  getMany = async (inputs: readonly { text: string; params: object }[]) => {
    this.reads += inputs.length;
    return inputs.map((input) => this.entries.get(this.key(input)));
  };

  setMany = async (
    entries: readonly { input: { text: string; params: object }; value: { text: string; detectedSource?: string } }[],
  ) => {
    for (const { input, value } of entries) this.entries.set(this.key(input), value);
  };
}
