import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDB } from '../../../db/index.ts';
import { type CacheKeyInput, TranslationCache, translationCacheKey } from './translation-cache.ts';

let counter = 0;
const dbs: AppDB[] = [];
function setUp(options: ConstructorParameters<typeof TranslationCache>[1] = {}) {
  const db = new AppDB(`verso-cache-test-${++counter}`);
  dbs.push(db);
  let time = 1000;
  const clock = { now: () => time, tick: (ms = 1) => (time += ms) };
  // Timers are not run by themselves: tests flush explicitly.
  const cache = new TranslationCache(db.translations, { now: clock.now, setTimer: () => undefined, ...options });
  return { db, cache, clock };
}

afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const input = (text: string, params: Record<string, unknown> = { target_lang: 'DE' }): CacheKeyInput => ({
  text,
  params,
});

describe('translationCacheKey', () => {
  const base = { text: 'Hello', params: { target_lang: 'DE', source_lang: 'EN', formality: 'more' } };

  it('ignores parameter order, language-code case and billing-only flags', async () => {
    const key = await translationCacheKey(base);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(
      await translationCacheKey({
        text: 'Hello',
        params: { formality: 'more', source_lang: 'en', target_lang: 'de', show_billed_characters: true },
      }),
    ).toBe(key);
  });

  it('changes with everything that changes the output', async () => {
    const key = await translationCacheKey(base);
    const variants: CacheKeyInput[] = [
      { ...base, text: 'Hello!' },
      { ...base, params: { ...base.params, target_lang: 'FR' } },
      { ...base, params: { ...base.params, formality: 'less' } },
      { ...base, params: { ...base.params, context: 'A greeting' } },
      { ...base, params: { ...base.params, glossary_id: 'g1' } },
      { ...base, params: { ...base.params, glossary_id: 'g1' }, glossaryVersion: '2' },
      { ...base, params: { ...base.params, tag_handling: 'html' } },
      { ...base, params: { ...base.params, model_type: 'quality_optimized' } },
      { ...base, params: { ...base.params, style_id: 's1' } },
      { ...base, params: { ...base.params, custom_instructions: ['Be brief'] } },
      { ...base, params: { ...base.params, translation_memory_id: 'tm1' } },
      { ...base, endpoint: 'http://127.0.0.1:8787' },
    ];
    const keys = await Promise.all(variants.map(translationCacheKey));
    expect(new Set([key, ...keys]).size).toBe(variants.length + 1);
  });
});

describe('TranslationCache', () => {
  it('gets and sets many at once and counts hits and misses', async () => {
    const { cache } = setUp();
    await cache.setMany([
      { input: input('one'), value: { text: 'eins', detectedSource: 'EN' } },
      { input: input('two'), value: { text: 'zwei' } },
    ]);
    const got = await cache.getMany([input('one'), input('three'), input('two'), input('one', { target_lang: 'FR' })]);
    expect(got).toEqual([{ text: 'eins', detectedSource: 'EN' }, undefined, { text: 'zwei' }, undefined]);
    const stats = await cache.stats();
    expect(stats).toMatchObject({ entries: 2, hits: 2, misses: 2 });
    expect(stats.bytes).toBeGreaterThan(0);
  });

  it('buffers lastUsed updates and writes them in one go', async () => {
    const { db, cache, clock } = setUp();
    await cache.setMany([{ input: input('one'), value: { text: 'eins' } }]);
    const written = (await db.translations.toArray())[0]!.lastUsed;
    clock.tick(500);
    await cache.getMany([input('one')]);
    expect((await db.translations.toArray())[0]!.lastUsed).toBe(written);
    await cache.flush();
    expect((await db.translations.toArray())[0]!.lastUsed).toBe(written + 500);
  });

  it('evicts least recently used entries in batches once over the cap', async () => {
    // Each entry is 10 bytes of text plus the fixed overhead.
    const { db, cache, clock } = setUp({ maxBytes: 20 * 106, lowWater: 0.5, evictBatch: 3 });
    for (let i = 0; i < 20; i++) {
      clock.tick();
      await cache.setMany([{ input: input(`text ${i}`), value: { text: `${i}`.padStart(10, '-') } }]);
    }
    expect((await cache.stats()).entries).toBe(20);
    // Read the two oldest so they become the most recently used.
    clock.tick();
    await cache.getMany([input('text 0'), input('text 1')]);
    clock.tick();
    await cache.setMany([{ input: input('text 20'), value: { text: '20'.padStart(10, '-') } }]);

    const stats = await cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(10 * 106);
    expect(stats.entries).toBe(10);
    expect(stats.bytes).toBe((await db.translations.toArray()).reduce((sum, row) => sum + row.bytes, 0));
    const kept = await cache.getMany([input('text 0'), input('text 1'), input('text 20'), input('text 2')]);
    expect(kept.map((k) => k?.text)).toEqual(['---------0', '---------1', '--------20', undefined]);
  });

  it('does not evict while under the cap, and counts a rewritten key once', async () => {
    const { cache } = setUp({ maxBytes: 10_000 });
    await cache.setMany([{ input: input('a'), value: { text: 'x' } }]);
    const before = (await cache.stats()).bytes;
    await cache.setMany([{ input: input('a'), value: { text: 'x' } }]);
    expect(await cache.stats()).toMatchObject({ entries: 1, bytes: before });
  });

  it('writes what was just looked up and missed without reading it first, and still counts bytes exactly', async () => {
    const { db, cache } = setUp();
    await cache.setMany([{ input: input('kept'), value: { text: 'behalten' } }]);
    expect(await cache.getMany([input('one'), input('two')])).toEqual([undefined, undefined]);
    const reads: unknown[][] = [];
    const bulkGet = db.translations.bulkGet.bind(db.translations);
    db.translations.bulkGet = ((keys: string[]) => {
      reads.push(keys);
      return bulkGet(keys);
    }) as typeof db.translations.bulkGet;
    await cache.setMany([
      { input: input('one'), value: { text: 'eins' } },
      { input: input('two'), value: { text: 'zwei' } },
    ]);
    expect(reads).toEqual([]);
    // A row not looked up (translated again on purpose) is read, so what it replaces is counted out.
    await cache.setMany([{ input: input('kept'), value: { text: 'bewahrt' } }]);
    expect(reads).toEqual([[await translationCacheKey(input('kept'))]]);
    const stats = await cache.stats();
    expect(stats.entries).toBe(3);
    expect(stats.bytes).toBe((await db.translations.toArray()).reduce((sum, row) => sum + row.bytes, 0));
  });

  it('picks up the size of what an earlier session stored', async () => {
    const { db, cache } = setUp();
    await cache.setMany([{ input: input('a'), value: { text: 'x' } }]);
    const reopened = new TranslationCache(db.translations, { setTimer: () => undefined });
    expect((await reopened.stats()).bytes).toBe((await cache.stats()).bytes);
  });

  it('counts its size again once the database was deleted from elsewhere (the browser, another context)', async () => {
    const { db, cache } = setUp();
    await cache.setMany([{ input: input('a'), value: { text: 'x'.repeat(5000) } }]);
    expect((await cache.stats()).bytes).toBeGreaterThan(5000);
    await new Promise<void>((done, fail) => {
      const request = indexedDB.deleteDatabase(db.name);
      request.onsuccess = () => done();
      request.onerror = () => fail(request.error);
    });
    await cache.setMany([{ input: input('b'), value: { text: 'y' } }]);
    const stats = await cache.stats();
    expect(stats.entries).toBe(1);
    expect(stats.bytes).toBeLessThan(1000);
  });

  it('clears everything', async () => {
    const { cache } = setUp();
    await cache.setMany([{ input: input('a'), value: { text: 'x' } }]);
    await cache.getMany([input('a')]);
    await cache.clear();
    expect(await cache.stats()).toEqual({ entries: 0, bytes: 0, hits: 0, misses: 0 });
  });
});
