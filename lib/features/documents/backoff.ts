/**
 * Status polling back-off: the contract suggests regular or exponentially growing intervals; small
 * documents take seconds, large ones a minute or two. 1 s, then x1.5, at most 30 s.
 */
export const POLL_FIRST_MS = 1000;
export const POLL_FACTOR = 1.5;
export const POLL_MAX_MS = 30_000;

export function nextPollDelay(previous: number | undefined): number {
  if (previous === undefined) return POLL_FIRST_MS;
  return Math.min(POLL_MAX_MS, Math.round(previous * POLL_FACTOR));
}
