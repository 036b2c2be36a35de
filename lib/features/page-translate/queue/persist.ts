import type { QueueJobRecord, QueueSentRecord, QueueStore, QueueStoreWrite } from './store.ts';

/**
 * Collects the queue's store changes and writes them together after a delay: a page of a thousand
 * segments costs a couple of writes, not a thousand. A segment delivered before its write is due is
 * never written at all. One write runs at a time, in one transaction, so a removal cannot overtake its put.
 *
 * The one exception is `markSent`: that texts are going out in a request is written at once, as one
 * record holding the request's rows, and the request waits for it, so a restart always knows which texts
 * the service may have billed. That write also takes the removals buffered, not the rows still waiting:
 * a row delivered before its delay ran out costs one record put and one delete per request, not two puts
 * and a delete per row. Requests that start while a write is under way share the next one: on a slow
 * disk, six requests wait for two writes, not for six in a row.
 */
export class PersistBuffer {
  private readonly puts = new Map<string, QueueJobRecord>();
  private readonly removes = new Set<string>();
  /**
   * Rows in the store, or on their way there, as last written: marking one sent is a put of the row kept
   * here, not a read of the store.
   */
  private readonly stored = new Map<string, QueueJobRecord>();
  /** Requests out, by record id: the rows each still answers for. */
  private readonly requests = new Map<string, { sentAt: number; rows: Map<string, QueueJobRecord> }>();
  /** The requests a row is out in (a text cut in parts can be in several). */
  private readonly requestsOf = new Map<string, Set<string>>();
  /** Request records to write as they are now: new ones, and written ones that lost rows. */
  private readonly sentPuts = new Set<string>();
  /** Request records in the store, or on their way there. */
  private readonly sentStored = new Set<string>();
  /** Request records written whose rows are all delivered, failed or back in the queue. */
  private readonly sentRemoves = new Set<string>();
  private sentSeq = 0;
  private readonly instance = Date.now().toString(36);
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();
  /** The write not started yet: every flush until it starts joins it. */
  private next: Promise<void> | undefined;
  /** That write takes every buffered put, not only the requests' records and the removals. */
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
    this.puts.set(record.id, record);
    this.arm();
  }

  remove(id: string): void {
    if (!this.store) return;
    this.puts.delete(id);
    this.leaveRequests(id);
    if (!this.stored.has(id)) return;
    this.removes.add(id);
    this.arm();
  }

  /**
   * These rows' texts go out in a request now: writes that (with the removals buffered) and resolves
   * once it has landed, or failed (persistence stays a safety net).
   */
  markSent(ids: readonly string[], at: number): Promise<void> {
    if (!this.store) return Promise.resolve();
    const rows: QueueJobRecord[] = [];
    for (const id of ids) {
      const row = this.puts.get(id) ?? (this.removes.has(id) ? undefined : this.stored.get(id));
      if (row) rows.push({ ...row, sentAt: at });
      // The request's record holds it now; it is written as waiting only if it comes back (a 429).
      this.puts.delete(id);
    }
    if (rows.length === 0) return this.chain;
    const id = `${this.instance}:${++this.sentSeq}`;
    this.requests.set(id, { sentAt: at, rows: new Map(rows.map((r) => [r.id, r])) });
    this.sentPuts.add(id);
    for (const row of rows) {
      const of = this.requestsOf.get(row.id) ?? new Set<string>();
      of.add(id);
      this.requestsOf.set(row.id, of);
    }
    return this.write(false);
  }

  /** These rows' request was answered without translating them (a 429): not billed, nothing to keep. */
  clearSent(ids: readonly string[]): void {
    if (!this.store) return;
    for (const id of ids) {
      const out = this.leaveRequests(id);
      // Back in the queue: a row only a request's record held waits to be written like any other, and a
      // row restored with `sentAt` is written again without it.
      const row = this.puts.get(id) ?? (this.removes.has(id) ? undefined : (this.stored.get(id) ?? out));
      if (!row || (row.sentAt === undefined && this.stored.has(id))) continue;
      const { sentAt: _old, ...rest } = row;
      this.puts.set(id, rest);
      this.arm();
    }
  }

  /** Writes what is buffered; resolves when everything buffered so far has landed. */
  flush(): Promise<void> {
    this.scheduled = false;
    return this.write(true);
  }

  /** `all`: every buffered put; otherwise the requests' records and the removals. */
  private write(all: boolean): Promise<void> {
    const waiting = all && this.puts.size > 0;
    if (
      !this.store ||
      (!waiting && this.removes.size === 0 && this.sentPuts.size === 0 && this.sentRemoves.size === 0)
    ) {
      // Everything buffered was cancelled out: nothing to write, but the queue may be idle now.
      if (!this.next) this.onSettled();
      return this.next ?? this.chain;
    }
    if (all) this.nextTakesAll = true;
    if (this.next) return this.next;
    const store = this.store;
    this.writing++;
    const next = this.chain
      .then(() => store.write(this.take()))
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
   * What the write that starts now takes: the requests' records and the removals, and every buffered put
   * if asked; later changes and the puts left go to a later write.
   */
  private take(): QueueStoreWrite {
    this.next = undefined;
    const all = this.nextTakesAll;
    this.nextTakesAll = false;
    const puts = all ? [...this.puts.values()] : [];
    if (all) this.puts.clear();
    // Rows left waiting are written when their own delay runs out.
    else if (this.puts.size > 0) this.arm();
    const removes = [...this.removes];
    this.removes.clear();
    const sent: QueueSentRecord[] = [];
    for (const id of this.sentPuts) {
      const request = this.requests.get(id);
      if (!request) continue;
      sent.push({ id, sentAt: request.sentAt, rows: [...request.rows.values()] });
      this.sentStored.add(id);
    }
    this.sentPuts.clear();
    const sentRemoves = [...this.sentRemoves];
    this.sentRemoves.clear();
    for (const r of puts) this.stored.set(r.id, r);
    for (const id of removes) this.stored.delete(id);
    return { puts, removes, sent, sentRemoves };
  }

  /**
   * The row no longer answers for the requests it was out in: a request left with none is dropped, one
   * left with others is written again without it (a restart must not read a delivered row as out).
   * Returns the row as a request held it.
   */
  private leaveRequests(rowId: string): QueueJobRecord | undefined {
    const of = this.requestsOf.get(rowId);
    if (!of) return undefined;
    this.requestsOf.delete(rowId);
    let row: QueueJobRecord | undefined;
    for (const id of of) {
      const request = this.requests.get(id);
      if (!request) continue;
      row ??= request.rows.get(rowId);
      request.rows.delete(rowId);
      if (request.rows.size > 0) this.sentPuts.add(id);
      else {
        this.requests.delete(id);
        this.sentPuts.delete(id);
        // Not written yet: never written at all.
        if (this.sentStored.delete(id)) this.sentRemoves.add(id);
      }
      this.arm();
    }
    return row;
  }

  private arm(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      if (this.scheduled) void this.flush();
    });
  }
}
