/**
 * The retry policy of docs/contract.md §D2 (the public reference client's): back-off from
 * 1 s, x1.6 per try, +-23 % jitter, capped at 120 s, at most 5 attempts; only 429, 5xx and network
 * failures are retried.
 */
export interface RetryPolicy {
  /** Attempts in all, the first one included. 1 disables retries. */
  maxAttempts: number;
  initialDelayMs: number;
  multiplier: number;
  /** Fraction of the delay added or removed at random (0.23 = +-23 %). */
  jitter: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxAttempts: 5,
  initialDelayMs: 1000,
  multiplier: 1.6,
  jitter: 0.23,
  maxDelayMs: 120_000,
});

export function resolveRetryPolicy(retry: Partial<RetryPolicy> | false | undefined): RetryPolicy {
  if (retry === false) return { ...DEFAULT_RETRY_POLICY, maxAttempts: 1 };
  const policy = { ...DEFAULT_RETRY_POLICY, ...retry };
  policy.maxAttempts = Math.max(1, Math.floor(policy.maxAttempts));
  return policy;
}

/** 429, every 5xx (529 included). Other 4xx never: repeating the same request cannot help. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * Back-off before retry number `retry` (1 for the first retry), with jitter, capped, in whole
 * milliseconds. `random` returns [0, 1) like Math.random. The client's retries and the page queue's
 * (5xx, and 429 without `Retry-After`) both wait this long.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const base = Math.min(policy.initialDelayMs * policy.multiplier ** Math.max(0, retry - 1), policy.maxDelayMs);
  const jittered = base * (1 + policy.jitter * (2 * random() - 1));
  return Math.round(Math.max(0, Math.min(jittered, policy.maxDelayMs)));
}

/**
 * `Retry-After` in milliseconds: delay-seconds, or an HTTP date relative to `now`. Undefined when absent
 * or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    // A few hundred digits overflow to Infinity, which no ErrorInfo schema accepts: unreadable.
    const ms = Math.round(Number(text) * 1000);
    return Number.isFinite(ms) ? ms : undefined;
  }
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, date - now);
}
