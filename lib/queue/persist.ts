import type { QueueJobRecord, QueueStore } from './store.ts';

/**
 * Collects the queue's store changes and writes them together after a short delay: a page of a thousand
 * segments costs a couple of writes, not a thousand. A segment delivered before its write is due is
 * never written at all. Writes run one after another, so a removal cannot overtake its put.
 *
 * The one exception is `markSent`: that a row's text is going out in a request is written at once, and
 * the request waits for it, so a restart always knows which texts the service may have billed.
 */
export class PersistBuffer {
  private readonly puts = new Map<string, QueueJobRecord>();
  private readonly removes = new Set<string>();
  /** Ids in the store, or on their way there. */
  private readonly stored = new Set<string>();
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();
  private writing = 0;

  constructor(
    private readonly store: QueueStore | undefined,
    private readonly schedule: (write: () => void) => void,
    private readonly onSettled: () => void,
  ) {}

  get busy(): boolean {
    return this.scheduled || this.writing > 0;
  }

  /** Records that were read from the store are already there. */
  markStored(ids: Iterable<string>): void {
    for (const id of ids) this.stored.add(id);
  }

  put(record: QueueJobRecord): void {
    if (!this.store) return;
    this.removes.delete(record.id);
    this.puts.set(record.id, record);
    this.arm();
  }

  remove(id: string): void {
    if (!this.store) return;
    this.puts.delete(id);
    if (!this.stored.has(id)) return;
    this.removes.add(id);
    this.arm();
  }

  /**
   * These rows' texts go out in a request now: writes that (with everything buffered) and resolves
   * once it has landed, or failed (persistence stays a safety net).
   */
  markSent(ids: readonly string[], at: number): Promise<void> {
    return this.setSent(ids, at, true);
  }

  /** These rows' request was answered without translating them (a 429): not billed, nothing to keep. */
  clearSent(ids: readonly string[]): void {
    void this.setSent(ids, undefined, false);
  }

  private setSent(ids: readonly string[], at: number | undefined, now: boolean): Promise<void> {
    if (!this.store) return Promise.resolve();
    const stored: string[] = [];
    for (const id of ids) {
      const buffered = this.puts.get(id);
      if (buffered) {
        const { sentAt: _old, ...rest } = buffered;
        this.puts.set(id, at === undefined ? rest : { ...rest, sentAt: at });
      } else if (this.stored.has(id) && !this.removes.has(id)) {
        stored.push(id);
      }
    }
    const store = this.store;
    if (stored.length > 0) this.write(() => store.markSent(stored, at));
    if (now) return this.flush();
    if (this.puts.size > 0) this.arm();
    return this.chain;
  }

  /** Writes what is buffered now; resolves when everything written so far has landed. */
  flush(): Promise<void> {
    this.scheduled = false;
    if (!this.store || (this.puts.size === 0 && this.removes.size === 0)) {
      // Everything buffered was cancelled out: nothing to write, but the queue may be idle now.
      this.onSettled();
      return this.chain;
    }
    const store = this.store;
    const puts = [...this.puts.values()];
    const removes = [...this.removes];
    this.puts.clear();
    this.removes.clear();
    for (const r of puts) this.stored.add(r.id);
    for (const id of removes) this.stored.delete(id);
    this.write(async () => {
      if (removes.length > 0) await store.remove(removes);
      if (puts.length > 0) await store.put(puts);
    });
    return this.chain;
  }

  /** Runs `write` after every earlier write. */
  private write(write: () => Promise<void>): void {
    this.writing++;
    this.chain = this.chain
      .then(write)
      .catch((error: unknown) => {
        // Persistence is a safety net: the queue keeps working without it.
        console.warn('Translation queue: could not save pending segments', error);
      })
      .finally(() => {
        this.writing--;
        this.onSettled();
      });
  }

  private arm(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      if (this.scheduled) void this.flush();
    });
  }
}
