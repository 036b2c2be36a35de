import type { EntityTable } from 'dexie';
import type { QueueJobRecord } from '../db/index.ts';

export type { QueueJobRecord };

/** Where queued segments survive a service-worker restart. Writes come in batches. */
export interface QueueStore {
  load(): Promise<QueueJobRecord[]>;
  /** Puts and removes rows in one transaction (an id is never in both). */
  write(puts: readonly QueueJobRecord[], removes: readonly string[]): Promise<void>;
}

export const queueJobId = (tabId: number, segmentId: string): string => `${tabId}:${segmentId}`;

export class DexieQueueStore implements QueueStore {
  constructor(private readonly table: EntityTable<QueueJobRecord, 'id'>) {}

  load(): Promise<QueueJobRecord[]> {
    return this.table.toArray();
  }

  async write(puts: readonly QueueJobRecord[], removes: readonly string[]): Promise<void> {
    if (puts.length === 0 && removes.length === 0) return;
    // One transaction, one commit: requests wait for these writes (persist.ts), so each costs a round.
    await this.table.db.transaction('rw', this.table, async () => {
      if (removes.length > 0) await this.table.bulkDelete([...removes]);
      if (puts.length > 0) await this.table.bulkPut([...puts]);
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

  async write(puts: readonly QueueJobRecord[], removes: readonly string[]): Promise<void> {
    this.writes++;
    for (const id of removes) this.records.delete(id);
    for (const r of puts) this.records.set(r.id, structuredClone(r));
  }
}
