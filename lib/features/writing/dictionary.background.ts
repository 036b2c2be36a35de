import { type AppDB, appDb } from '../../db/index.ts';
import { dictionaryWord } from './suggestions.ts';

/** Words kept at most; the oldest go first beyond it. */
const MAX_DICTIONARY_WORDS = 10_000;

/**
 * Writing help's personal dictionary ("Ignore everywhere"): words never flagged as misspelled, on any
 * site. Kept in the extension's database by the worker (a content script's IndexedDB would be the page's).
 */
export class PersonalDictionary {
  /**
   * Words added from private windows: kept in memory only, never in the database (on disk), and listed
   * only to private windows. Gone when the worker stops.
   */
  private readonly privateWords = new Set<string>();

  constructor(private readonly db: () => AppDB = appDb) {}

  /** The words; `withPrivate`: also those added from private windows (for a private window). */
  async list({ withPrivate = false }: { withPrivate?: boolean } = {}): Promise<string[]> {
    const stored = (await this.db().dictionaryWords.orderBy('word').primaryKeys()) as string[];
    if (!withPrivate || this.privateWords.size === 0) return stored;
    return [...new Set([...stored, ...this.privateWords])].sort();
  }

  /** Adds a word; `memoryOnly` (asked from a private window): kept in memory, not written. */
  async add(word: string, now = Date.now(), { memoryOnly = false }: { memoryOnly?: boolean } = {}): Promise<void> {
    if (memoryOnly) {
      this.privateWords.add(dictionaryWord(word));
      return;
    }
    const table = this.db().dictionaryWords;
    await table.put({ word: dictionaryWord(word), addedAt: now });
    const extra = (await table.count()) - MAX_DICTIONARY_WORDS;
    if (extra > 0) {
      const oldest = await table.toArray().then((rows) => rows.sort((a, b) => a.addedAt - b.addedAt).slice(0, extra));
      await table.bulkDelete(oldest.map((r) => r.word));
    }
  }

  async remove(word: string): Promise<void> {
    this.privateWords.delete(dictionaryWord(word));
    await this.db().dictionaryWords.delete(dictionaryWord(word));
  }
}
