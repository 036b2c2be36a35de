import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDB } from '../../db/index.ts';
import { HISTORY_TEXT_CHARS, HistoryStore } from './store.ts';

let counter = 0;
const dbs: AppDB[] = [];
function storeOf(limit?: number) {
  const db = new AppDB(`verso-history-test-${++counter}`);
  dbs.push(db);
  return new HistoryStore(() => db, limit);
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const entry = (text: string, at: number, extra: object = {}) => ({
  text,
  translation: `${text} (de)`,
  sourceLang: 'en',
  targetLang: 'de',
  origin: 'selection' as const,
  at,
  ...extra,
});

describe('HistoryStore', () => {
  it('lists newest first and finds by text, translation or site, ignoring case and accents', async () => {
    const store = storeOf();
    await store.add(entry('Café au lait', 1, { site: 'menu.example' }));
    await store.add(entry('Tea', 2, { site: 'drinks.example' }));
    await store.add(entry('Water', 3));
    expect((await store.list()).entries.map((e) => e.text)).toEqual(['Water', 'Tea', 'Café au lait']);
    expect((await store.list('CAFE')).entries.map((e) => e.text)).toEqual(['Café au lait']);
    expect((await store.list('water (DE)')).entries.map((e) => e.text)).toEqual(['Water']);
    const bySite = await store.list('drinks');
    expect(bySite.entries.map((e) => e.text)).toEqual(['Tea']);
    expect(bySite.total).toBe(3);
  });

  it('keeps at most its limit: the oldest go', async () => {
    const store = storeOf(3);
    for (let i = 1; i <= 5; i++) await store.add(entry(`t${i}`, i));
    expect(await store.count()).toBe(3);
    expect((await store.all()).map((e) => e.text)).toEqual(['t5', 't4', 't3']);
  });

  it('cuts long texts and contexts', async () => {
    const store = storeOf();
    const long = 'x'.repeat(HISTORY_TEXT_CHARS + 10);
    await store.add(entry(long, 1, { context: long }));
    const [kept] = await store.all();
    expect(kept?.text).toHaveLength(HISTORY_TEXT_CHARS);
    expect(kept?.text.endsWith('…')).toBe(true);
    expect(kept?.context).toHaveLength(HISTORY_TEXT_CHARS);
  });

  it('suggests words met again and again, with how often and where, not sentences or one-offs', async () => {
    const store = storeOf();
    await store.add(entry('bank', 1, { site: 'a.example' }));
    await store.add(entry('Bank ', 2, { site: 'b.example' }));
    await store.add(entry('bank', 3, { site: 'a.example' }));
    await store.add(entry('bank', 4, { targetLang: 'fr' }));
    await store.add(entry('oar', 5));
    await store.add(entry('We sat on the bank of the river.', 6));
    await store.add(entry('We sat on the bank of the river.', 7));
    expect(await store.suggestions()).toEqual([
      {
        text: 'bank',
        translation: 'bank (de)',
        sourceLang: 'en',
        targetLang: 'de',
        count: 3,
        sites: ['a.example', 'b.example'],
      },
    ]);
  });

  it('removes one entry and clears all', async () => {
    const store = storeOf();
    const id = await store.add(entry('a', 1));
    await store.add(entry('b', 2));
    await store.remove(id);
    expect((await store.all()).map((e) => e.text)).toEqual(['b']);
    await store.clear();
    expect(await store.count()).toBe(0);
  });
});
