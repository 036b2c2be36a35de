import { ApiError, defaultMessage } from './errors.ts';
import { backoffDelay, isRetryableStatus, parseRetryAfter, type RetryPolicy, resolveRetryPolicy } from './retry.ts';
import { errorFromResponse } from './status.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers?: Record<string, string>;
  /** Serialised once by the caller, so the bytes measured against the limits are the bytes sent. */
  body?: string | FormData;
}

/** A whole response: the body is read inside the attempt's timeout, so a stalled body is retried too. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

export interface RetryEvent {
  /** The attempt that failed, from 1. */
  attempt: number;
  /** Wait before the next attempt. */
  delayMs: number;
  status?: number;
  retryAfterMs?: number;
  error: ApiError;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  fetch?: FetchLike;
  /** Per attempt; default 15 s, never below 5 s (docs/contract.md §D2). */
  timeoutMs?: number;
  /** Overrides of the default policy, or false for a single attempt (callers that queue and retry themselves). */
  retry?: Partial<RetryPolicy> | false;
  onRetry?: (event: RetryEvent) => void;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Starts the per-attempt timer and returns its cancel function. */
  startTimer?: (ms: number, onTimeout: () => void) => () => void;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const MIN_TIMEOUT_MS = 5_000;

const abortedError = (cause?: unknown) =>
  new ApiError({ code: 'aborted', message: defaultMessage('aborted') }, { cause });

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal.reason));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function defaultTimer(ms: number, onTimeout: () => void): () => void {
  const timer = setTimeout(onTimeout, ms);
  return () => clearTimeout(timer);
}

/** The transport layer: fetch with a per-attempt timeout, the caller's AbortSignal, and back-off. */
export class Transport {
  readonly timeoutMs: number;
  readonly policy: RetryPolicy;
  private readonly fetchImpl: FetchLike;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly startTimer: (ms: number, onTimeout: () => void) => () => void;
  private readonly onRetry: ((event: RetryEvent) => void) | undefined;

  constructor(options: TransportOptions = {}) {
    // A bare reference to fetch called as a method throws "Illegal invocation" in service workers.
    this.fetchImpl = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.timeoutMs = Math.max(MIN_TIMEOUT_MS, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.policy = resolveRetryPolicy(options.retry);
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? abortableSleep;
    this.random = options.random ?? Math.random;
    this.startTimer = options.startTimer ?? defaultTimer;
    this.onRetry = options.onRetry;
  }

  /**
   * Sends with retries. Resolves with the last response whatever its status (the status check is the
   * next layer); rejects only with an ApiError: network, timeout or aborted.
   */
  async send(request: HttpRequest, signal?: AbortSignal): Promise<HttpResponse> {
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw abortedError(signal.reason);
      const started = this.now();
      let response: HttpResponse | undefined;
      let failure: ApiError | undefined;
      try {
        response = await this.attempt(request, signal);
      } catch (e) {
        failure = e instanceof ApiError ? e : new ApiError({ code: 'network', message: String(e) }, { cause: e });
        if (failure.code === 'aborted') throw failure;
      }
      const retryable = response ? isRetryableStatus(response.status) : true;
      if (!retryable || attempt >= this.policy.maxAttempts) {
        if (response) return response;
        throw failure;
      }
      const retryAfterMs =
        response?.status === 429 || response?.status === 529
          ? parseRetryAfter(response.headers.get('retry-after'), this.now())
          : undefined;
      // The back-off window opens when the attempt starts, so time spent waiting for a slow answer counts.
      const delayMs =
        retryAfterMs !== undefined
          ? Math.min(retryAfterMs, this.policy.maxDelayMs)
          : Math.max(0, started + backoffDelay(attempt, this.policy, this.random) - this.now());
      const error = response ? errorFromResponse(response, this.now()) : (failure as ApiError);
      this.onRetry?.({
        attempt,
        delayMs,
        error,
        ...(response ? { status: response.status } : {}),
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      });
      await this.sleep(delayMs, signal);
    }
  }

  private async attempt(request: HttpRequest, signal?: AbortSignal): Promise<HttpResponse> {
    const controller = new AbortController();
    let timedOut = false;
    let rejectOnAbort: (reason: unknown) => void = () => {};
    // Raced against fetch, so the timeout holds even for a fetch that ignores its signal.
    const aborted = new Promise<never>((_, reject) => {
      rejectOnAbort = reject;
    });
    const abort = () => {
      controller.abort();
      rejectOnAbort(new Error('aborted'));
    };
    const cancelTimer = this.startTimer(this.timeoutMs, () => {
      timedOut = true;
      abort();
    });
    signal?.addEventListener('abort', abort, { once: true });
    aborted.catch(() => {});
    try {
      // Verso keeps its own caches (Dexie); the HTTP cache would serve a "Refresh" an hour-old answer
      // (the service sends Cache-Control: max-age=3600 for languages).
      const init: RequestInit = { method: request.method, signal: controller.signal, cache: 'no-store' };
      if (request.headers) init.headers = request.headers;
      if (request.body !== undefined) init.body = request.body;
      const res = await Promise.race([this.fetchImpl(request.url, init), aborted]);
      const bytes = new Uint8Array(await Promise.race([res.arrayBuffer(), aborted]));
      return { status: res.status, headers: res.headers, bytes };
    } catch (e) {
      if (signal?.aborted) throw abortedError(signal.reason);
      if (timedOut) {
        throw new ApiError({
          code: 'timeout',
          message: `${defaultMessage('timeout')} (${Math.round(this.timeoutMs / 1000)} s)`,
        });
      }
      const detail = e instanceof Error ? e.message : String(e);
      throw new ApiError({ code: 'network', message: defaultMessage('network'), detail }, { cause: e });
    } finally {
      cancelTimer();
      signal?.removeEventListener('abort', abort);
    }
  }
}
