import { backoffDelay, DEFAULT_RETRY_POLICY } from '../api/index.ts';
import type { ConcurrencyOptions } from './types.ts';

export const DEFAULT_CONCURRENCY: ConcurrencyOptions = { initial: 4, max: 6, increaseAfter: 8 };

/**
 * Additive-increase / multiplicative-decrease of the number of requests in flight, plus the global pause
 * after a 429. Every send takes a ticket; a 429 on a request sent before the last decrease answers the old
 * rate and does not halve again, so one burst of 429s halves once, as TCP does once per round trip.
 */
export class RateControl {
  concurrency: number;
  pausedUntil = 0;
  private tickets = 0;
  private lastDecreaseTicket = 0;
  private successes = 0;
  private rateLimitedInARow = 0;

  constructor(
    private readonly options: ConcurrencyOptions,
    private readonly now: () => number,
    private readonly random: () => number,
  ) {
    this.concurrency = Math.max(1, Math.min(options.initial, options.max));
  }

  /** Call right before a send; pass the result to `onRateLimited` if that send gets a 429. */
  ticket(): number {
    return ++this.tickets;
  }

  pauseRemaining(): number {
    return Math.max(0, this.pausedUntil - this.now());
  }

  /** A pause that outlives this instance (a previous worker's): sending waits until `until` at least. */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  onSuccess(): void {
    this.rateLimitedInARow = 0;
    if (++this.successes < this.options.increaseAfter) return;
    this.successes = 0;
    if (this.concurrency < this.options.max) this.concurrency++;
  }

  onRateLimited(ticket: number, retryAfterMs: number | undefined): void {
    this.successes = 0;
    const now = this.now();
    if (ticket > this.lastDecreaseTicket) {
      this.lastDecreaseTicket = this.tickets;
      this.concurrency = Math.max(1, Math.floor(this.concurrency / 2));
      this.rateLimitedInARow++;
      const delay = retryAfterMs ?? backoffDelay(this.rateLimitedInARow, DEFAULT_RETRY_POLICY, this.random);
      this.pausedUntil = Math.max(this.pausedUntil, now + delay);
    } else if (retryAfterMs !== undefined) {
      this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
    }
  }
}
