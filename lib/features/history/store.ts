import type { AppDB, HistoryEntryRecord } from '../../db/index.ts';

/** The most entries the history keeps; the oldest go first. About 10 KB each at most: a few MB in all. */
export const HISTORY_LIMIT = 1000;
/** Longest text, translation or context kept per entry; what is longer is cut (and ends in "…"). */
export const HISTORY_TEXT_CHARS = 5000;

export type HistoryEntry = HistoryEntryRecord & { id: number };

const cut = (text: string) => (text.length > HISTORY_TEXT_CHARS ? `${text.slice(0, HISTORY_TEXT_CHARS - 1)}…` : text);

/** Lower case and without accents, so "cafe" finds "Café". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The history table: add (bounded), list newest first with a search, remove, clear. */
export class HistoryStore {
  constructor(
    private readonly db: () => AppDB,
    private readonly limit = HISTORY_LIMIT,
  ) {}

  async add(entry: Omit<HistoryEntryRecord, 'id'>): Promise<number> {
    const db = this.db();
    const record: HistoryEntryRecord = {
      ...entry,
      text: cut(entry.text),
      translation: cut(entry.translation),
      ...(entry.context ? { context: cut(entry.context) } : {}),
    };
    return db.transaction('rw', db.history, async () => {
      const id = await db.history.add(record);
      const over = (await db.history.count()) - this.limit;
      if (over > 0) await db.history.bulkDelete(await db.history.orderBy('at').limit(over).primaryKeys());
      return id as number;
    });
  }

  /**
   * Newest first; `query` matches the text, the translation or the site, ignoring case and accents.
   * `total`: all entries kept, whatever the query.
   */
  async list(query = '', max = 200): Promise<{ entries: HistoryEntry[]; total: number }> {
    const db = this.db();
    const needle = folded(query.trim());
    const matches = (e: HistoryEntryRecord) =>
      !needle || [e.text, e.translation, e.site ?? ''].some((field) => folded(field).includes(needle));
    const [entries, total] = await Promise.all([
      db.history.orderBy('at').reverse().filter(matches).limit(max).toArray(),
      db.history.count(),
    ]);
    return { entries: entries as HistoryEntry[], total };
  }

  async all(): Promise<HistoryEntry[]> {
    return (await this.db().history.orderBy('at').reverse().toArray()) as HistoryEntry[];
  }

  remove(id: number): Promise<void> {
    return this.db().history.delete(id);
  }

  clear(): Promise<void> {
    return this.db().history.clear();
  }

  count(): Promise<number> {
    return this.db().history.count();
  }
}
