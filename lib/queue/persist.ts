import type { QueueJobRecord, QueueStore } from './store.ts';

type Write = { puts: QueueJobRecord[]; removes: string[] };

/**
 * Collects the queue's store changes and writes them together after a delay: a page of a thousand
 * segments costs a couple of writes, not a thousand. A segment delivered before its write is due is
 * never written at all. One write runs at a time, in one transaction, so a removal cannot overtake its put.
 *
 * The one exception is `markSent`: that a row's text is going out in a request is written at once, and
 * the request waits for it, so a restart always knows which texts the service may have billed. That
 * write takes the rows marked sent and the removals buffered, not the rows still waiting: a row sent
 * before its delay ran out is written once, as sent, instead of twice. Requests that start while a write
 * is under way share the next one: on a slow disk, six requests wait for two writes, not for six in a row.
 */
export class PersistBuffer {
  private readonly puts = new Map<string, QueueJobRecord>();
  private readonly removes = new Set<string>();
  /** Rows whose sent state changed: the next write takes them even if it takes no other put. */
  private readonly urgent = new Set<string>();
  /**
   * Rows in the store, or on their way there, as last written: marking one sent is a put of the row kept
   * here, not a read of the store.
   */
  private readonly stored = new Map<string, QueueJobRecord>();
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();
  /** The write not started yet: every flush until it starts joins it. */
  private next: Promise<void> | undefined;
  /** That write takes every buffered put, not only the urgent ones. */
  private nextTakesAll = false;
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
  markStored(records: Iterable<QueueJobRecord>): void {
    for (const record of records) this.stored.set(record.id, record);
  }

  put(record: QueueJobRecord): void {
    if (!this.store) return;
    this.removes.delete(record.id);
    this.urgent.delete(record.id);
    this.puts.set(record.id, record);
    this.arm();
  }

  remove(id: string): void {
    if (!this.store) return;
    this.puts.delete(id);
    this.urgent.delete(id);
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
    for (const id of ids) {
      const row = this.puts.get(id) ?? (this.removes.has(id) ? undefined : this.stored.get(id));
      if (!row) continue;
      const { sentAt: _old, ...rest } = row;
      this.puts.set(id, at === undefined ? rest : { ...rest, sentAt: at });
      this.urgent.add(id);
    }
    if (now) return this.write(false);
    if (this.puts.size > 0) this.arm();
    return this.chain;
  }

  /** Writes what is buffered; resolves when everything buffered so far has landed. */
  flush(): Promise<void> {
    this.scheduled = false;
    return this.write(true);
  }

  /** `all`: every buffered put; otherwise the urgent ones (rows marked sent or unsent) and the removals. */
  private write(all: boolean): Promise<void> {
    if (all) this.nextTakesAll = true;
    if (!this.store || (this.puts.size === 0 && this.removes.size === 0)) {
      // Everything buffered was cancelled out: nothing to write, but the queue may be idle now.
      this.onSettled();
      return this.chain;
    }
    if (this.next) return this.next;
    const store = this.store;
    this.writing++;
    const next = this.chain
      .then(() => {
        const { puts, removes } = this.take();
        return store.write(puts, removes);
      })
      .catch((error: unknown) => {
        // Persistence is a safety net: the queue keeps working without it.
        console.warn('Translation queue: could not save pending segments', error);
      })
      .finally(() => {
        this.writing--;
        this.onSettled();
      });
    this.next = next;
    this.chain = next;
    return next;
  }

  /**
   * What the write that starts now takes: everything buffered, or the urgent puts and the removals;
   * later changes and the puts left go to a later write.
   */
  private take(): Write {
    this.next = undefined;
    const all = this.nextTakesAll;
    this.nextTakesAll = false;
    let puts: QueueJobRecord[];
    if (all) {
      puts = [...this.puts.values()];
      this.puts.clear();
    } else {
      puts = [];
      for (const id of this.urgent) {
        const row = this.puts.get(id);
        if (!row) continue;
        puts.push(row);
        this.puts.delete(id);
      }
      // Rows left waiting are written when their own delay runs out.
      if (this.puts.size > 0) this.arm();
    }
    this.urgent.clear();
    const removes = [...this.removes];
    this.removes.clear();
    for (const r of puts) this.stored.set(r.id, r);
    for (const id of removes) this.stored.delete(id);
    return { puts, removes };
  }

  private arm(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      if (this.scheduled) void this.flush();
    });
  }
}
