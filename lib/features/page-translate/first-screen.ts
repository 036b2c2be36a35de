/**
 * The segments of the first screen, until they are answered: the rest of the page waits for them (a
 * bounded time), so that cutting and packing a big page does not hold up what the reader looks at.
 */
export class FirstScreen {
  private readonly waiting = new Set<string>();
  private release: (() => void) | undefined;

  add(id: string): void {
    this.waiting.add(id);
  }

  /** An answer (or a failure) arrived; `merged` settles once it is on the page. */
  answered(id: string, merged: Promise<void>): void {
    if (!this.waiting.delete(id) || this.waiting.size > 0) return;
    void merged.then(() => this.release?.());
  }

  /** Resolves when the screen is merged, or after `capMs` at most. */
  done(capMs: number): Promise<void> {
    if (this.waiting.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, capMs);
      this.release = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
