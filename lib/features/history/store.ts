import type { AppDB, HistoryEntryRecord } from '../../db/index.ts';

/** The most entries the history keeps; the oldest go first. About 10 KB each at most: a few MB in all. */
export const HISTORY_LIMIT = 1000;
/** Longest text, translation or context kept per entry; what is longer is cut (and ends in "…"). */
export const HISTORY_TEXT_CHARS = 5000;

export type HistoryEntry = HistoryEntryRecord & { id: number };

const cut = (text: string) => (text.length > HISTORY_TEXT_CHARS ? `${text.slice(0, HISTORY_TEXT_CHARS - 1)}…` : text);

/** Lower case and without accents, so "cafe" finds "Café". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A word or short phrase translated again and again: offered as a glossary entry. */
export interface TermSuggestion {
  text: string;
  /** The latest translation of it. */
  translation: string;
  sourceLang: string;
  targetLang: string;
  /** How many times it was translated into this language. */
  count: number;
  /** The sites it was met on (host names), most recent first. */
  sites: string[];
}

/** Terms, not sentences: at most this many words. */
const TERM_WORDS = 4;

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

  /**
   * Words and short phrases translated at least `min` times into the same language, the most frequent
   * first, with where they were met.
   */
  async suggestions(min = 2, max = 20): Promise<TermSuggestion[]> {
    const groups = new Map<string, TermSuggestion>();
    for (const e of await this.all()) {
      const text = e.text.trim().replace(/\s+/g, ' ');
      if (!text || text.split(' ').length > TERM_WORDS || text.length > 80) continue;
      const key = `${folded(text)}\u0000${e.targetLang.toLowerCase()}`;
      const group = groups.get(key);
      if (!group) {
        groups.set(key, {
          text,
          translation: e.translation.trim(),
          sourceLang: e.sourceLang,
          targetLang: e.targetLang,
          count: 1,
          sites: e.site ? [e.site] : [],
        });
        continue;
      }
      group.count += 1;
      if (e.site && !group.sites.includes(e.site)) group.sites.push(e.site);
    }
    return [...groups.values()]
      .filter((g) => g.count >= min)
      .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
      .slice(0, max);
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
