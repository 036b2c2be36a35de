import type { EntityTable } from 'dexie';
import type { QueueJobRecord } from '../db/index.ts';

export type { QueueJobRecord };

/** Where queued segments survive a service-worker restart. Writes come in batches. */
export interface QueueStore {
  load(): Promise<QueueJobRecord[]>;
  put(records: readonly QueueJobRecord[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  /** Sets (or with undefined clears) `sentAt` of stored rows; ids not stored are skipped. */
  markSent(ids: readonly string[], sentAt: number | undefined): Promise<void>;
}

export const queueJobId = (tabId: number, segmentId: string): string => `${tabId}:${segmentId}`;

export class DexieQueueStore implements QueueStore {
  constructor(private readonly table: EntityTable<QueueJobRecord, 'id'>) {}

  load(): Promise<QueueJobRecord[]> {
    return this.table.toArray();
  }

  async put(records: readonly QueueJobRecord[]): Promise<void> {
    if (records.length > 0) await this.table.bulkPut([...records]);
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.table.bulkDelete([...ids]);
  }

  async markSent(ids: readonly string[], sentAt: number | undefined): Promise<void> {
    if (ids.length === 0) return;
    await this.table
      .where('id')
      .anyOf([...ids])
      .modify((row) => {
        if (sentAt === undefined) delete row.sentAt;
        else row.sentAt = sentAt;
      });
  }
}

/** For tests and for running without persistence. Counts writes so tests can see they are batched. */
export class MemoryQueueStore implements QueueStore {
  readonly records = new Map<string, QueueJobRecord>();
  writes = 0;

  async load(): Promise<QueueJobRecord[]> {
    return [...this.records.values()].map((r) => structuredClone(r));
  }

  async put(records: readonly QueueJobRecord[]): Promise<void> {
    this.writes++;
    for (const r of records) this.records.set(r.id, structuredClone(r));
  }

  async remove(ids: readonly string[]): Promise<void> {
    this.writes++;
    for (const id of ids) this.records.delete(id);
  }

  async markSent(ids: readonly string[], sentAt: number | undefined): Promise<void> {
    this.writes++;
    for (const id of ids) {
      const record = this.records.get(id);
      if (!record) continue;
      if (sentAt === undefined) delete record.sentAt;
      else record.sentAt = sentAt;
    }
  }
}
