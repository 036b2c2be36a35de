/**
 * The retry delay of docs/contract.md §D2 (the public reference client's): 1 s, x1.6 per attempt, +-23 %
 * jitter, at most 120 s. Jitter keeps clients that failed together from retrying together.
 */
export const BACKOFF = { baseMs: 1000, factor: 1.6, jitter: 0.23, capMs: 120_000 } as const;

/** Delay before retry number `attempt` (1 = first retry). `random` returns [0, 1). */
export function backoffDelay(attempt: number, random: () => number): number {
  const plain = Math.min(BACKOFF.capMs, BACKOFF.baseMs * BACKOFF.factor ** Math.max(0, attempt - 1));
  const jittered = plain * (1 + (random() * 2 - 1) * BACKOFF.jitter);
  return Math.min(BACKOFF.capMs, Math.max(0, Math.round(jittered)));
}
