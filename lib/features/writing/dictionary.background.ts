import { type AppDB, appDb } from '../../db/index.ts';
import { dictionaryWord } from './suggestions.ts';

/** Words kept at most; the oldest go first beyond it. */
export const MAX_DICTIONARY_WORDS = 10_000;

/**
 * Writing help's personal dictionary ("Ignore everywhere"): words never flagged as misspelled, on any
 * site. Kept in the extension's database by the worker (a content script's IndexedDB would be the page's).
 */
export class PersonalDictionary {
  constructor(private readonly db: () => AppDB = appDb) {}

  async list(): Promise<string[]> {
    return (await this.db().dictionaryWords.orderBy('word').primaryKeys()) as string[];
  }

  async add(word: string, now = Date.now()): Promise<void> {
    const table = this.db().dictionaryWords;
    await table.put({ word: dictionaryWord(word), addedAt: now });
    const extra = (await table.count()) - MAX_DICTIONARY_WORDS;
    if (extra > 0) {
      const oldest = await table.toArray().then((rows) => rows.sort((a, b) => a.addedAt - b.addedAt).slice(0, extra));
      await table.bulkDelete(oldest.map((r) => r.word));
    }
  }

  async remove(word: string): Promise<void> {
    await this.db().dictionaryWords.delete(dictionaryWord(word));
  }
}
