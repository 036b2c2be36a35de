import { browser } from 'wxt/browser';

/** Under the 30 s after which Chrome stops a worker that made no extension API call. */
export const KEEP_ALIVE_MS = 20_000;

/**
 * Keeps the service worker running while `busy()` says page translation has work in flight or waiting.
 * Chrome stops an extension's worker after 30 s without events or extension API calls, and a request
 * in flight does not count (a `fetch()` answering after 30 s is cut off); every extension API call
 * resets that timer (Chrome 110+). A stopped worker loses the answers of its requests in flight, which
 * the service may have billed (docs/security.md). Firefox keeps its background page while it is busy.
 * `start()` is cheap to call often; the timer ends itself at the first tick with nothing to do.
 */
export class KeepAlive {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly busy: () => boolean,
    private readonly ping: () => Promise<unknown> = () => browser.runtime.getPlatformInfo(),
    private readonly everyMs = KEEP_ALIVE_MS,
  ) {}

  get running(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => {
      if (!this.busy()) {
        clearInterval(this.timer);
        this.timer = undefined;
        return;
      }
      void this.ping().catch(() => undefined);
    }, this.everyMs);
  }
}
