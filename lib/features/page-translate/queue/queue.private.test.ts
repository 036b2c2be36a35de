import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDB } from '../../../db/index.ts';
import { TranslationCache } from '../cache/translation-cache.ts';
import { TranslationQueue } from './queue.ts';
import { DexieQueueStore } from './store.ts';
import { FakeService, flush, ManualClock, Recorder, runUntilIdle, segments } from './testing.ts';

// A private window's text stays in memory: the queue's `memoryOnly` seam, over the real stores the
// background uses (Dexie tables in IndexedDB), not stand-ins, so "nothing written" means no row on disk.

const PRIVATE_TAB = 7;
const NORMAL_TAB = 1;

const dbs: AppDB[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function setUp() {
  const db = new AppDB(`verso-queue-private-${Math.random()}`);
  dbs.push(db);
  const clock = new ManualClock();
  const service = new FakeService(clock);
  // Answers take a minute of clock time: requests are out while the store's 5 s write runs.
  service.latencyMs = 60_000;
  const recorder = new Recorder();
  const asked: number[] = [];
  const queue = new TranslationQueue({
    send: service.send,
    deliver: recorder.deliver,
    fail: recorder.fail,
    cache: new TranslationCache(db.translations, { setTimer: () => undefined }),
    cacheContext: async () => ({ endpoint: 'http://127.0.0.1:8787' }),
    store: new DexieQueueStore(db.queueJobs, db.queueSent),
    clock,
    // One request at a time: the rest of a page waits in the queue, where it would be stored.
    concurrency: { initial: 1, max: 1 },
    memoryOnly: (tabId) => {
      asked.push(tabId);
      return tabId === PRIVATE_TAB;
    },
  });
  /** Every row on disk as a restart would read it: waiting rows and the rows of requests out. */
  const rowsOnDisk = async () => [
    ...(await db.queueJobs.toArray()),
    ...(await db.queueSent.toArray()).flatMap((r) => r.rows),
  ];
  /** Moves the clock to the store's delayed write (5 s) and lets that write land. */
  const pastTheStoreWrite = async () => {
    // A mark at 5 s, so time stops there even when nothing was buffered (no write timer to stop at).
    void clock.sleep(5_000);
    while (clock.time < 5_000 && clock.fireNext()) await flush();
    for (let i = 0; i < 20; i++) await flush();
    await queue.persistNow();
  };
  /** The cache is written after delivery: wait until its writes have landed. */
  const cacheSettled = async () => {
    for (let i = 0; i < 20; i++) await flush();
  };
  return { db, clock, service, recorder, queue, asked, rowsOnDisk, pastTheStoreWrite, cacheSettled };
}

describe('TranslationQueue: tabs kept in memory only (private windows)', () => {
  it('a normal tab’s page is stored while it waits and cached once answered (the baseline)', async () => {
    const t = setUp();
    await t.queue.enqueue(segments(120, () => ({}), { tabId: NORMAL_TAB, priority: 'background' }));
    await t.pastTheStoreWrite();
    expect(t.service.calls).toHaveLength(1);
    const rows = await t.rowsOnDisk();
    // 50 texts out in the first request (its record), 70 waiting.
    expect(rows).toHaveLength(120);
    expect(await t.db.queueSent.count()).toBe(1);
    await runUntilIdle(t.queue, t.clock);
    await t.cacheSettled();
    expect(t.recorder.delivered).toHaveLength(120);
    expect(await t.db.translations.count()).toBe(120);
  });

  it('a private tab’s page reaches the service and the tab, and writes no row and no cache entry', async () => {
    const t = setUp();
    await t.queue.enqueue(segments(120, () => ({}), { tabId: PRIVATE_TAB, priority: 'background' }));
    await t.pastTheStoreWrite();
    // The same moment as the baseline: a request out, 70 texts waiting, all of it only in memory.
    expect(t.service.calls).toHaveLength(1);
    expect(t.queue.status().pending).toBeGreaterThan(0);
    expect(await t.rowsOnDisk()).toEqual([]);
    expect(await t.db.queueSent.count()).toBe(0);
    await runUntilIdle(t.queue, t.clock);
    await t.cacheSettled();
    expect(t.service.sentTexts()).toHaveLength(120);
    expect(t.recorder.delivered.filter((d) => d.tabId === PRIVATE_TAB)).toHaveLength(120);
    expect(t.recorder.textOf(PRIVATE_TAB, 's3')).toBe('SENTENCE NUMBER 3.');
    expect(await t.db.translations.count()).toBe(0);
    expect(await t.rowsOnDisk()).toEqual([]);
    // Asked per segment as it arrived, for this tab only.
    expect(new Set(t.asked)).toEqual(new Set([PRIVATE_TAB]));
  });

  it('text a private tab shares with a normal tab is not cached; the normal tab’s own rows are kept as usual', async () => {
    const t = setUp();
    await t.queue.enqueue(segments(120, () => ({}), { tabId: PRIVATE_TAB, priority: 'background' }));
    // The normal tab asks for the first ten texts too, and for ten of its own.
    await t.queue.enqueue([
      ...segments(10, () => ({}), { tabId: NORMAL_TAB, priority: 'background' }),
      ...segments(10, (i) => ({ id: `own${i}`, text: `Own sentence ${i}.` }), {
        tabId: NORMAL_TAB,
        priority: 'background',
      }),
    ]);
    await t.pastTheStoreWrite();
    const rows = await t.rowsOnDisk();
    expect(rows.every((r) => r.tabId === NORMAL_TAB)).toBe(true);
    expect(rows).toHaveLength(20);
    await runUntilIdle(t.queue, t.clock);
    await t.cacheSettled();
    expect(t.recorder.delivered.filter((d) => d.tabId === NORMAL_TAB)).toHaveLength(20);
    // Sent once for both tabs, and only the normal tab's own texts were cached.
    expect(t.service.sentTexts()).toHaveLength(130);
    const cached = await t.db.translations.toArray();
    expect(cached.map((r) => r.text).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `OWN SENTENCE ${i}.`).sort());
  });

  it('a private tab is still answered from what normal tabs cached, without a request', async () => {
    const t = setUp();
    await t.queue.enqueue(segments(5, () => ({}), { tabId: NORMAL_TAB }));
    await runUntilIdle(t.queue, t.clock);
    await t.cacheSettled();
    expect(await t.db.translations.count()).toBe(5);
    await t.queue.enqueue(segments(5, () => ({}), { tabId: PRIVATE_TAB }));
    expect(t.service.calls).toHaveLength(1);
    expect(t.recorder.delivered.filter((d) => d.tabId === PRIVATE_TAB).map((d) => d.billedCharacters)).toEqual([
      0, 0, 0, 0, 0,
    ]);
    expect(await t.rowsOnDisk()).toEqual([]);
  });
});
