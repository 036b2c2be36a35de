import type { ApiErrorCode } from '../../../api/errors.ts';
import type { TranslateOptions } from '../../../api/index.ts';
import type { CachedTranslation, CacheKeyInput } from '../cache/translation-cache.ts';
import type { Priority, QueueSegment } from './schema.ts';
import type { QueueStore } from './store.ts';

export type { Priority, QueueSegment };

/** One request to the translate endpoint: the texts share the parameters. */
export interface SendBatch {
  params: TranslateOptions;
  texts: string[];
}

/** One translation, in the order of the batch's texts. */
export interface SendResult {
  text: string;
  detectedSource?: string;
  billedCharacters?: number;
}

/**
 * In a translation's place: the client refused the answer (out of proportion to its text,
 * lib/api/limits.ts). Its segment fails with this error; nothing of it is delivered or cached.
 */
export interface SendRefusal {
  refused: QueueError;
}

export type SendOutcome = SendResult | SendRefusal;

/**
 * Sends a batch. Rejects with an error that carries a `code` (see QueueErrorCode) and, for 429, maybe
 * `retryAfterMs`. Plain objects are fine: errors may have crossed a context boundary.
 */
export type SendFn = (batch: SendBatch, signal: AbortSignal) => Promise<SendOutcome[]>;

export interface Delivery {
  id: string;
  text: string;
  detectedSource?: string;
  /** Characters billed for this segment; 0 for a cache hit or when another requester already paid. */
  billedCharacters: number;
}

/**
 * The API client's codes, `unknown` for anything else a send may throw, and `maybe_billed` for texts a
 * stopped worker had sent without an answer: not sent again unasked, the service may have billed them;
 * `held` for texts the spending guard did not let leave (lib/features/spending).
 */
export type QueueErrorCode = ApiErrorCode | 'unknown' | 'maybe_billed' | 'held';

/** A failure as the queue reports it: a plain object, safe to post to another context. */
export interface QueueError {
  code: QueueErrorCode;
  message: string;
  /** The service's HTTP status, when it answered: the person's message names it (for support). */
  status?: number;
  retryAfterMs?: number;
}

export interface TabProgress {
  total: number;
  done: number;
  failed: number;
}

export interface QueueStatus {
  /** `stopped`: quota exhausted or key refused; nothing is sent until `resume()`. */
  state: 'running' | 'paused' | 'stopped';
  stopError?: QueueError;
  /** While paused by a 429: when sending starts again (clock time). */
  pausedUntil?: number;
  concurrency: number;
  inFlight: number;
  pending: number;
}

/** The subset of the translation cache the queue uses. */
export interface QueueCache {
  getMany(inputs: readonly CacheKeyInput[]): Promise<(CachedTranslation | undefined)[]>;
  setMany(entries: readonly { input: CacheKeyInput; value: CachedTranslation }[]): Promise<void>;
}

export interface Clock {
  now(): number;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface QueueLimits {
  /** Texts per request (the service's limit). */
  maxTexts: number;
  /** Request body bytes, UTF-8 JSON (the service's limit). */
  maxBodyBytes: number;
  /** Kept free in every body for what the transport adds (e.g. `"show_billed_characters":true`). */
  reserveBytes: number;
}

export interface ConcurrencyOptions {
  initial: number;
  max: number;
  /**
   * After the first 429: consecutive successes before one more request may be in flight. Before it, each
   * success while work waits for a place adds one (the limit doubles each round, up to `max`).
   */
  increaseAfter: number;
}

/**
 * Where the end of a 429 pause is kept (clock time), so that a restarted service worker still waits out
 * the service's `Retry-After` instead of sending at once.
 */
export interface PauseStore {
  load(): Promise<number | undefined>;
  save(until: number): Promise<void>;
}

export interface QueueOptions {
  send: SendFn;
  deliver: (tabId: number, results: Delivery[]) => void;
  fail: (tabId: number, ids: string[], error: QueueError) => void;
  onProgress?: (tabId: number, progress: TabProgress) => void;
  onStatus?: (status: QueueStatus) => void;
  cache?: QueueCache;
  /** Extra cache-key inputs for a request: the glossary's content version, the server URL. */
  cacheContext?: (params: TranslateOptions) => Promise<Pick<CacheKeyInput, 'glossaryVersion' | 'endpoint'>>;
  store?: QueueStore;
  pauseStore?: PauseStore;
  clock?: Clock;
  random?: () => number;
  limits?: Partial<QueueLimits>;
  concurrency?: Partial<ConcurrencyOptions>;
  /** Transient failures (5xx, network, timeout): attempts per batch before its segments fail. */
  maxAttempts?: number;
  /** 429s one segment may receive before it fails with it (default 20: a 429 says "later", not "never"). */
  maxRateLimited?: number;
  /** Wait before sending a background batch that is not full, so segments arriving together share it. */
  gatherMs?: number;
  /**
   * Wait before writing queued rows and removals to the store, so they are written together (default
   * 5 s); rows going out in a request are written at once. A row sent or delivered sooner is never
   * written as waiting.
   */
  persistDelayMs?: number;
  /**
   * Tabs whose text stays in memory only (private windows): their segments are never written to the
   * store, and answers to work they asked for are never written to the cache. Asked as each segment
   * arrives.
   */
  memoryOnly?: (tabId: number) => boolean;
  /**
   * Asked before a request's texts leave, with one part per text: the segments it serves (tab and
   * segment id) and its characters. `refused` fails all of them (the spending guard holding a site back);
   * nothing is sent. `refunds[i]` gives back the characters of part `i` if it is dropped before it is
   * sent (never of a part that may have reached the service).
   */
  admit?: (request: { parts: AdmitPart[] }) => Promise<Admission>;
}

/** One text of a request about to leave, for `QueueOptions.admit`. */
export interface AdmitPart {
  requesters: { tabId: number; id: string }[];
  chars: number;
}

/** The answer to `QueueOptions.admit`. */
export type Admission = { refused: QueueError } | { refunds?: ReadonlyArray<((chars: number) => void) | undefined> };
