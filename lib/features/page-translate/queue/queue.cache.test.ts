import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDB } from '../../../db/index.ts';
import { type CachedTranslation, TranslationCache } from '../cache/translation-cache.ts';
import { TranslationQueue } from './queue.ts';
import { DexieQueueStore } from './store.ts';
import { FakeService, ManualClock, Recorder, runUntilIdle, segments } from './testing.ts';
import type { QueueCache } from './types.ts';

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
        store: new DexieQueueStore(db.queueJobs, db.queueSent),
        clock,
      });
      await queue.enqueue(segments(60));
      await runUntilIdle(queue, clock);
      // The cache is written after delivery; wait for the rows to land (however long that takes: the
      // test's time limit is the bound, not a number of tries).
      while ((await db.translations.count()) < 60) await new Promise((r) => setTimeout(r, 5));
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

describe('TranslationQueue while an answer is being written to the cache', () => {
  it('identical work arriving from another tab in that moment is answered without a second request', async () => {
    const clock = new ManualClock();
    const service = new FakeService(clock);
    const recorder = new Recorder();
    const store = new Map<string, CachedTranslation>();
    let release: (() => void) | undefined;
    const cache: QueueCache = {
      getMany: async (inputs) => inputs.map((input) => store.get(input.text)),
      // A slow disk: the write lands only when the test releases it.
      setMany: (entries) =>
        new Promise<void>((resolve) => {
          release = () => {
            for (const { input, value } of entries) store.set(input.text, value);
            resolve();
          };
        }),
    };
    const queue = new TranslationQueue({
      send: service.send,
      deliver: recorder.deliver,
      fail: recorder.fail,
      cache,
      clock,
    });
    await queue.enqueue(segments(3));
    await runUntilIdle(queue, clock).catch(() => undefined);
    expect(service.calls).toHaveLength(1);
    expect(release).toBeDefined();

    // Tab 2 asks for the same texts before the cache write has finished.
    await queue.enqueue(segments(3, () => ({}), { tabId: 2 }));
    expect(service.calls).toHaveLength(1);
    const second = recorder.delivered.filter((d) => d.tabId === 2);
    expect(second.map((d) => d.text)).toEqual(['SENTENCE NUMBER 0.', 'SENTENCE NUMBER 1.', 'SENTENCE NUMBER 2.']);
    expect(second.every((d) => d.billedCharacters === 0)).toBe(true);

    // Once written, the cache answers as before.
    release?.();
    await new Promise((r) => setTimeout(r, 0));
    await queue.enqueue(segments(3, () => ({}), { tabId: 3 }));
    expect(service.calls).toHaveLength(1);
    expect(recorder.delivered.filter((d) => d.tabId === 3)).toHaveLength(3);
  });
});
