import { backoffDelay, DEFAULT_RETRY_POLICY } from '../../../api/index.ts';
import type { ConcurrencyOptions } from './types.ts';

export const DEFAULT_CONCURRENCY: ConcurrencyOptions = { initial: 4, max: 6, increaseAfter: 8 };

/**
 * The number of requests in flight, and the global pause after a 429. It starts at `initial` and, while
 * work waits for a place, grows by one for each success (doubling every round trip) until the first 429
 * or `max`: a page's requests reach what the service takes in a few round trips. From the first 429 on
 * it is additive-increase (+1 per `increaseAfter` successes in a row) / multiplicative-decrease. Every
 * send takes a ticket; a 429 on a request sent before the last decrease answers the old rate and does
 * not halve again, so one burst of 429s halves once, as TCP does once per round trip.
 */
export class RateControl {
  concurrency: number;
  pausedUntil = 0;
  private tickets = 0;
  private lastDecreaseTicket = 0;
  private successes = 0;
  private rateLimitedInARow = 0;
  /** No 429 yet: growing fast (see the class comment). */
  private slowStart = true;

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

  /**
   * `waiting`: work was waiting for a place. Before the first 429 only then does the limit grow (a page
   * of two requests says nothing of the service's capacity); after it every success counts, so a limit
   * halved by a burst of 429s comes back even while little is sent.
   */
  onSuccess(waiting = true): void {
    this.rateLimitedInARow = 0;
    if (this.slowStart && !waiting) return;
    if (++this.successes < (this.slowStart ? 1 : this.options.increaseAfter)) return;
    this.successes = 0;
    if (this.concurrency < this.options.max) this.concurrency++;
  }

  onRateLimited(ticket: number, retryAfterMs: number | undefined): void {
    this.successes = 0;
    const now = this.now();
    if (ticket > this.lastDecreaseTicket) {
      this.slowStart = false;
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
