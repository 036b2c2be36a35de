import type { EntityTable } from 'dexie';
import type { QueueJobRecord, QueueSentRecord } from '../../../db/index.ts';

export type { QueueJobRecord, QueueSentRecord };

/** One write: rows waiting and removed, and the records of requests out and of requests done with. */
export interface QueueStoreWrite {
  puts: readonly QueueJobRecord[];
  removes: readonly string[];
  sent: readonly QueueSentRecord[];
  sentRemoves: readonly string[];
}

/** Where queued segments survive a service-worker restart. Writes come in batches. */
export interface QueueStore {
  /**
   * Every row, those of requests out with `sentAt`. A row both waiting and out is read as out. Afterwards
   * the store holds them as rows (`sentAt` on each): the records of requests are a previous instance's.
   */
  load(): Promise<QueueJobRecord[]>;
  /** Everything in one transaction (an id is never both put and removed). */
  write(change: QueueStoreWrite): Promise<void>;
}

export const queueJobId = (tabId: number, segmentId: string): string => `${tabId}:${segmentId}`;

/** The rows of both kinds as one list: a row in a request's record is read as sent. */
export function rowsOf(rows: readonly QueueJobRecord[], sent: readonly QueueSentRecord[]): QueueJobRecord[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const record of sent) {
    for (const row of record.rows) {
      const before = byId.get(row.id);
      byId.set(row.id, { ...row, sentAt: Math.max(before?.sentAt ?? 0, row.sentAt ?? record.sentAt) });
    }
  }
  return [...byId.values()];
}

export class DexieQueueStore implements QueueStore {
  constructor(
    private readonly table: EntityTable<QueueJobRecord, 'id'>,
    private readonly sentTable: EntityTable<QueueSentRecord, 'id'>,
  ) {}

  load(): Promise<QueueJobRecord[]> {
    return this.table.db.transaction('rw', this.table, this.sentTable, async () => {
      const sent = await this.sentTable.toArray();
      const rows = await this.table.toArray();
      if (sent.length === 0) return rows;
      const all = rowsOf(rows, sent);
      await this.table.bulkPut(all.filter((r) => r.sentAt !== undefined));
      await this.sentTable.clear();
      return all;
    });
  }

  async write({ puts, removes, sent, sentRemoves }: QueueStoreWrite): Promise<void> {
    if (puts.length + removes.length + sent.length + sentRemoves.length === 0) return;
    // One transaction, one commit: requests wait for these writes (persist.ts), so each costs a round.
    await this.table.db.transaction('rw', this.table, this.sentTable, async () => {
      if (removes.length > 0) await this.table.bulkDelete([...removes]);
      if (puts.length > 0) await this.table.bulkPut([...puts]);
      if (sentRemoves.length > 0) await this.sentTable.bulkDelete([...sentRemoves]);
      if (sent.length > 0) await this.sentTable.bulkPut([...sent]);
    });
  }
}

/** For tests and for running without persistence. Counts writes so tests can see they are batched. */
export class MemoryQueueStore implements QueueStore {
  readonly records = new Map<string, QueueJobRecord>();
  readonly sent = new Map<string, QueueSentRecord>();
  writes = 0;

  async load(): Promise<QueueJobRecord[]> {
    const all = rowsOf([...this.records.values()], [...this.sent.values()]);
    for (const row of all) if (row.sentAt !== undefined) this.records.set(row.id, row);
    this.sent.clear();
    return all.map((r) => structuredClone(r));
  }

  async write({ puts, removes, sent, sentRemoves }: QueueStoreWrite): Promise<void> {
    this.writes++;
    for (const id of removes) this.records.delete(id);
    for (const r of puts) this.records.set(r.id, structuredClone(r));
    for (const id of sentRemoves) this.sent.delete(id);
    for (const r of sent) this.sent.set(r.id, structuredClone(r));
  }

  /** Every row as a restart would read it, those out in a request with `sentAt`. */
  rows(): QueueJobRecord[] {
    return rowsOf([...this.records.values()], [...this.sent.values()]);
  }
}
