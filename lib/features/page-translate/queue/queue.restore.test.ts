import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDB } from '../../../db/index.ts';
import { TranslationQueue } from './queue.ts';
import { DexieQueueStore, MemoryQueueStore, type QueueStore } from './store.ts';
import { FakeService, flush, ManualClock, MapCache, Recorder, runUntilIdle, segments } from './testing.ts';
import type { PauseStore, QueueOptions } from './types.ts';

function instance(store: QueueStore, options: Partial<QueueOptions> = {}) {
  const clock = new ManualClock();
  const service = new FakeService(clock);
  const recorder = new Recorder();
  const queue = new TranslationQueue({
    send: service.send,
    deliver: recorder.deliver,
    fail: recorder.fail,
    store,
    clock,
    random: () => 0.5,
    ...options,
  });
  return { clock, service, recorder, queue };
}

const dbs: AppDB[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

describe('TranslationQueue: persistence', () => {
  it('writes queued segments in batches and removes them once delivered', async () => {
    const store = new MemoryQueueStore();
    const { queue, clock, service } = instance(store);
    await queue.enqueue(segments(300));
    await queue.enqueue(segments(300, (i) => ({ text: `Other ${i}.` }), { tabId: 2 }));
    while (store.rows().length === 0 && clock.fireNext()) await flush();
    expect(store.rows().length).toBeGreaterThan(0);
    await runUntilIdle(queue, clock);
    expect(store.rows()).toEqual([]);
    // For 600 segments in 12 requests: one write as each request goes out, and a handful of bulk
    // writes, not one per segment.
    expect(service.calls).toHaveLength(12);
    expect(store.writes).toBeLessThanOrEqual(12 + 12);
  });

  it('writes a segment only as its request goes out when it is answered before the write would be due', async () => {
    const store = new MemoryQueueStore();
    const { queue, clock, service } = instance(store, { persistDelayMs: 10_000 });
    await queue.enqueue(segments(20));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(1);
    // The request's record as it went out, and its removal once answered.
    expect(store.writes).toBe(2);
    expect(store.rows()).toEqual([]);
  });

  it('records texts as sent before they go out, and a 429 takes that back', async () => {
    const store = new MemoryQueueStore();
    const { queue, clock, service } = instance(store, { concurrency: { initial: 1, max: 1 } });
    const marksWhenSent: Array<Array<number | undefined>> = [];
    service.respond = (_call, index) => {
      marksWhenSent.push(store.rows().map((r) => r.sentAt));
      return index === 0 ? { code: 'too_many_requests', retryAfterMs: 1000 } : 'ok';
    };
    await queue.enqueue(segments(3));
    while (queue.status().state !== 'paused') {
      clock.fireNext();
      await flush();
    }
    await queue.persistNow();
    // In the 429's pause: nothing billed, nothing recorded as sent.
    expect(store.rows().map((r) => r.sentAt)).toEqual([undefined, undefined, undefined]);
    await runUntilIdle(queue, clock);
    // Both times the request went out, every row said so already.
    expect(marksWhenSent).toHaveLength(2);
    for (const marks of marksWhenSent)
      expect(marks).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
  });

  for (const kind of ['memory', 'dexie'] as const) {
    it(`after a restart (${kind} store) a new queue loses nothing and repeats nothing already delivered`, async () => {
      let store: QueueStore;
      if (kind === 'dexie') {
        const db = new AppDB(`verso-queue-restore-${Math.random()}`);
        dbs.push(db);
        store = new DexieQueueStore(db.queueJobs, db.queueSent);
      } else store = new MemoryQueueStore();

      const all = [
        ...segments(180, (i) => ({ text: `Page one ${i}.` })),
        ...segments(70, (i) => ({ text: `Page two ${i}.` }), { tabId: 2, priority: 'background' }),
        {
          id: 'retry',
          tabId: 2,
          text: 'Fresh please.',
          params: { target_lang: 'FR' },
          priority: 'background' as const,
        },
      ];
      const before = instance(store, { concurrency: { initial: 2, max: 2 } });
      await before.queue.enqueue(all.slice(0, -1));
      await before.queue.enqueue(all.slice(-1), { bypassCache: true });
      // Two requests go out and will answer; then the worker dies: later requests never answer.
      // Each request waits for its texts to be recorded as sent (real I/O for Dexie).
      // The gathering ends; the first two requests go out (nothing answers until the clock moves on).
      before.clock.fireNext();
      for (let step = 0; before.service.calls.length < 2 && step < 10_000; step++) await flush();
      before.service.hang = new Promise<never>(() => {});
      for (let step = 0; before.service.calls.length < 4 && step < 10_000; step++) {
        before.clock.fireNext();
        await flush();
      }
      // The last batched write lands before the worker is stopped.
      await before.queue.persistNow();
      expect(before.service.calls).toHaveLength(4);
      const deliveredBefore = new Set(before.recorder.deliveredIds());
      expect(deliveredBefore.size).toBeGreaterThan(0);
      expect(deliveredBefore.size).toBeLessThan(all.length);
      expect(deliveredBefore.has('2:retry')).toBe(false);

      // The cache holds an old translation of the segment that asked to bypass it.
      const cache = new MapCache();
      await cache.setMany([
        { input: { text: 'Fresh please.', params: { target_lang: 'FR' } }, value: { text: 'stale' } },
      ]);
      // Of the two requests that never answered, the cache knows one text (its answer was saved before
      // the row's removal was): that one is answered from it.
      const hung = before.service.calls.slice(2).flatMap((c) => c.batch.texts);
      await cache.setMany([{ input: { text: hung[0]!, params: { target_lang: 'DE' } }, value: { text: 'cached' } }]);
      const after = instance(store, { cache });
      expect(await after.queue.restore()).toBe(all.length - deliveredBefore.size);
      await runUntilIdle(after.queue, after.clock);
      const deliveredAfter = after.recorder.deliveredIds();
      const failedAfter = after.recorder.failed.map((f) => `${f.tabId}:${f.id}`);
      expect(deliveredAfter.filter((id) => deliveredBefore.has(id))).toEqual([]);
      expect(new Set(deliveredAfter).size).toBe(deliveredAfter.length);
      expect(new Set([...deliveredBefore, ...deliveredAfter, ...failedAfter])).toEqual(
        new Set(all.map((s) => `${s.tabId}:${s.id}`)),
      );
      // The texts of the unanswered requests may be billed: not sent again, reported as such.
      expect(failedAfter).toHaveLength(hung.length - 1);
      expect(after.recorder.failed.every((f) => f.error.code === 'maybe_billed')).toBe(true);
      expect(after.service.sentTexts().filter((text) => hung.includes(text))).toEqual([]);
      expect(after.service.sentTexts()).toHaveLength(all.length - deliveredBefore.size - hung.length);
      expect(after.recorder.textOf(2, 'retry')).toBe('FRESH PLEASE.');
      expect(await store.load()).toEqual([]);
    });
  }

  it("a restart in the middle of a 429 pause waits out the rest of the service's Retry-After", async () => {
    const store = new MemoryQueueStore();
    let saved: number | undefined;
    const pauseStore: PauseStore = {
      load: async () => saved,
      save: async (until) => {
        saved = until;
      },
    };
    const before = instance(store, { pauseStore, concurrency: { initial: 1, max: 1 } });
    before.service.respond = (_call, index) => (index === 0 ? { code: 'too_many_requests', retryAfterMs: 5000 } : 'ok');
    await before.queue.enqueue(segments(20));
    while (before.service.calls.length < 1 || before.queue.status().state !== 'paused') {
      before.clock.fireNext();
      await flush();
    }
    await before.queue.persistNow();
    const answeredAt = before.clock.now();
    expect(saved).toBe(answeredAt + 5000);

    // The worker stops; a new one starts a second later and finds the segments and the pause (or seven
    // seconds later, when the pause is over: it sends after the usual gathering of 15 ms).
    for (const [restartAfter, notBefore] of [
      [1000, answeredAt + 5000],
      [7000, answeredAt + 7000],
    ] as const) {
      const snapshot = await store.load();
      const copy = new MemoryQueueStore();
      await copy.write({ puts: snapshot, removes: [], sent: [], sentRemoves: [] });
      const after = instance(copy, { pauseStore });
      after.clock.time = answeredAt + restartAfter;
      expect(await after.queue.restore()).toBe(20);
      await runUntilIdle(after.queue, after.clock);
      const firstSend = after.service.calls[0]?.at ?? Number.NaN;
      expect(firstSend).toBeGreaterThanOrEqual(notBefore);
      expect(firstSend).toBeLessThanOrEqual(notBefore + 15);
      expect(new Set(after.recorder.deliveredIds()).size).toBe(20);
    }
  });

  it('drops stored rows that no longer parse', async () => {
    const store = new MemoryQueueStore();
    await store.write({
      puts: [
        { id: '1:a', tabId: 1, segmentId: 'a', text: 'Hi.', params: {}, priority: 'visible', createdAt: 1 },
        {
          id: '1:b',
          tabId: 1,
          segmentId: 'b',
          text: 'Ok.',
          params: { target_lang: 'DE' },
          priority: 'visible',
          createdAt: 2,
        },
      ],
      removes: [],
      sent: [],
      sentRemoves: [],
    });
    const { queue, clock, recorder } = instance(store);
    await queue.restore();
    await runUntilIdle(queue, clock);
    expect(recorder.deliveredIds()).toEqual(['1:b']);
    expect(store.rows()).toEqual([]);
  });
});
