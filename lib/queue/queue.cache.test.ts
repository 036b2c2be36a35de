import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { TranslationCache } from '../cache/translation-cache.ts';
import { AppDB } from '../db/index.ts';
import { TranslationQueue } from './queue.ts';
import { DexieQueueStore } from './store.ts';
import { FakeService, ManualClock, Recorder, runUntilIdle, segments } from './testing.ts';

const dbs: AppDB[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

describe('TranslationQueue with the IndexedDB cache and store', () => {
  it('a later queue (another worker life) answers from the cache without sending', async () => {
    const db = new AppDB(`verso-queue-cache-${Math.random()}`);
    dbs.push(db);
    const run = async () => {
      const clock = new ManualClock();
      const service = new FakeService(clock);
      const recorder = new Recorder();
      const cache = new TranslationCache(db.translations, { setTimer: () => undefined });
      const queue = new TranslationQueue({
        send: service.send,
        deliver: recorder.deliver,
        fail: recorder.fail,
        cache,
        cacheContext: async () => ({ endpoint: 'http://127.0.0.1:8787' }),
        store: new DexieQueueStore(db.queueJobs),
        clock,
      });
      await queue.enqueue(segments(60));
      await runUntilIdle(queue, clock);
      // The cache is written after delivery; wait for the rows to land.
      for (let i = 0; i < 100 && (await db.translations.count()) < 60; i++) await new Promise((r) => setTimeout(r, 5));
      return { service, recorder, cache };
    };
    const first = await run();
    expect(first.service.calls).toHaveLength(2);
    const second = await run();
    expect(second.service.calls).toHaveLength(0);
    expect(second.recorder.deliveredIds()).toHaveLength(60);
    expect(second.recorder.textOf(1, 's3')).toBe('SENTENCE NUMBER 3.');
    expect(await second.cache.stats()).toMatchObject({ entries: 60, hits: 60, misses: 0 });
    expect(await db.queueJobs.count()).toBe(0);
  });
});
