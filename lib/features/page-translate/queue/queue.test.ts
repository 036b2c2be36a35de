import { describe, expect, it } from 'vitest';
import { measureTranslateBody } from '../../../api/index.ts';
import { TranslationQueue } from './queue.ts';
import { MemoryQueueStore } from './store.ts';
import {
  DE,
  FakeService,
  flush,
  ManualClock,
  MapCache,
  pseudoTranslate,
  Recorder,
  runUntilIdle,
  segments,
} from './testing.ts';
import type { QueueOptions, TabProgress } from './types.ts';

function setUp(options: Partial<QueueOptions> = {}) {
  const clock = new ManualClock();
  const service = new FakeService(clock);
  const recorder = new Recorder();
  const store = new MemoryQueueStore();
  const progress = new Map<number, TabProgress>();
  const queue = new TranslationQueue({
    send: service.send,
    deliver: recorder.deliver,
    fail: recorder.fail,
    onProgress: (tabId, p) => progress.set(tabId, p),
    store,
    clock,
    random: () => 0.5,
    ...options,
  });
  return { clock, service, recorder, store, progress, queue };
}

const KiB128 = 128 * 1024;

describe('TranslationQueue: packing and delivery', () => {
  it('hands each answered request to a tab in one delivery, not one per text', async () => {
    const calls: number[] = [];
    const recorder = new Recorder();
    const { queue, clock, service } = setUp({
      deliver: (tabId, results) => {
        calls.push(results.length);
        recorder.deliver(tabId, results);
      },
    });
    await queue.enqueue(segments(120));
    await runUntilIdle(queue, clock);
    // 120 texts in three requests: three deliveries, every text once.
    expect(service.calls).toHaveLength(3);
    expect(calls).toEqual(service.calls.map((call) => call.batch.texts.length));
    expect(new Set(recorder.deliveredIds()).size).toBe(120);
  });

  it('delivers every segment once, translated, in as few requests as the 50-text limit allows', async () => {
    const { queue, clock, service, recorder, progress } = setUp();
    await queue.enqueue(segments(120));
    await runUntilIdle(queue, clock);
    expect(service.calls.map((c) => c.batch.texts.length)).toEqual([50, 50, 20]);
    expect(recorder.deliveredIds()).toHaveLength(120);
    expect(new Set(recorder.deliveredIds()).size).toBe(120);
    expect(recorder.textOf(1, 's7')).toBe('SENTENCE NUMBER 7.');
    expect(progress.get(1)).toEqual({ total: 120, done: 120, failed: 0 });
  });

  it('sends only identical parameters together, context included, and counts context in the body', async () => {
    const { queue, clock, service, recorder } = setUp();
    const context = 'x'.repeat(60 * 1024);
    await queue.enqueue([
      ...segments(3),
      ...segments(3, (i) => ({ id: `fr${i}`, params: { target_lang: 'fr' } })),
      ...segments(3, (i) => ({ id: `ctx${i}`, text: 'y'.repeat(30 * 1024 + i), params: { ...DE, context } })),
    ]);
    await runUntilIdle(queue, clock);
    for (const { batch } of service.calls) {
      expect(measureTranslateBody({ ...batch.params, text: batch.texts })).toBeLessThanOrEqual(KiB128);
    }
    const shapes = service.calls.map((c) => [
      c.batch.params.target_lang,
      c.batch.params.context?.length ?? 0,
      c.batch.texts.length,
    ]);
    // 60 KiB of context leaves room for two 30 KiB texts per request.
    expect(shapes).toEqual([
      ['DE', 0, 3],
      ['FR', 0, 3],
      ['DE', context.length, 2],
      ['DE', context.length, 1],
    ]);
    expect(recorder.deliveredIds()).toHaveLength(9);
  });

  it('fails a segment whose parameters alone fill a request, without sending it', async () => {
    const { queue, clock, service, recorder } = setUp();
    await queue.enqueue(segments(1, () => ({ params: { ...DE, context: 'c'.repeat(KiB128) } })));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(0);
    expect(recorder.failed.map((f) => f.error.code)).toEqual(['too_large']);
  });

  it('splits an oversize plain text at sentences and joins the translated parts in order', async () => {
    const { queue, clock, service, recorder } = setUp();
    const sentences = Array.from({ length: 12_000 }, (_, i) => `Sentence ${i} is here.`);
    const text = sentences.join(' ');
    expect(text.length).toBeGreaterThan(2 * KiB128);
    await queue.enqueue([{ id: 'big', tabId: 1, text, params: DE, priority: 'visible' }]);
    await runUntilIdle(queue, clock);
    // Parts as large as a request allows: three requests, the least possible.
    expect(service.calls.length).toBe(
      Math.ceil(text.length / (KiB128 - 256 - measureTranslateBody({ ...DE, text: [] }))),
    );
    for (const { batch } of service.calls) {
      expect(measureTranslateBody({ ...batch.params, text: batch.texts })).toBeLessThanOrEqual(KiB128);
      // Cut at sentence ends: every part ends a sentence.
      for (const t of batch.texts) expect(t).toMatch(/\.$/);
    }
    expect(recorder.delivered).toHaveLength(1);
    expect(recorder.textOf(1, 'big')).toBe(pseudoTranslate(text));
  });

  it('splits a text of emoji between whole ZWJ sequences', async () => {
    const { queue, clock, service, recorder } = setUp({ limits: { maxBodyBytes: 4096 } });
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}';
    const text = family.repeat(1000);
    await queue.enqueue([{ id: 'emoji', tabId: 1, text, params: DE, priority: 'visible' }]);
    await runUntilIdle(queue, clock);
    expect(service.calls.length).toBeGreaterThan(1);
    for (const { batch } of service.calls)
      for (const t of batch.texts) expect(t).toMatch(/^(?:\u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466})+$/u);
    expect(recorder.textOf(1, 'emoji')).toBe(pseudoTranslate(text));
  });

  it('splits oversize markup between nodes only', async () => {
    const { queue, clock, service, recorder } = setUp();
    const items = Array.from({ length: 4000 }, (_, i) => `<li class="item">Entry ${i} of the list</li>`);
    const text = `<ul id="list">${items.join('')}</ul>`;
    const params = { ...DE, tag_handling: 'html' as const };
    await queue.enqueue([{ id: 'html', tabId: 1, text, params, priority: 'visible' }]);
    await runUntilIdle(queue, clock);
    expect(service.calls.length).toBeGreaterThan(1);
    for (const { batch } of service.calls) {
      expect(measureTranslateBody({ ...batch.params, text: batch.texts })).toBeLessThanOrEqual(KiB128);
      for (const t of batch.texts) expect(t).toMatch(/^<li class="item">.*<\/li>$/);
    }
    expect(recorder.textOf(1, 'html')).toBe(pseudoTranslate(text));
  });

  it('delivers blank segments at once without a request', async () => {
    const { queue, clock, service, recorder } = setUp();
    await queue.enqueue(segments(2, (i) => ({ text: i ? '' : '  \n' })));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(0);
    expect(recorder.delivered.map((d) => d.text)).toEqual(['  \n', '']);
  });
});

describe('TranslationQueue: priorities', () => {
  it('sends interactive, then visible, then background work, oldest first within each', async () => {
    const { queue, clock, service } = setUp({ concurrency: { initial: 1, max: 1 } });
    // One request out holds the rest back, so all three kinds wait together.
    await queue.enqueue([{ id: 'first', tabId: 1, text: 'First.', params: DE, priority: 'visible' }]);
    await flush();
    expect(service.calls).toHaveLength(1);
    await queue.enqueue(segments(60, (i) => ({ id: `b${i}`, text: `Background ${i}.` }), { priority: 'background' }));
    await queue.enqueue(segments(60, (i) => ({ id: `v${i}`, text: `Visible ${i}.` }), { priority: 'visible' }));
    await queue.enqueue(segments(2, (i) => ({ id: `i${i}`, text: `Click ${i}.` }), { priority: 'interactive' }));
    await runUntilIdle(queue, clock);
    const order = service
      .sentTexts()
      .slice(1)
      .map((t) => t.split(' ')[0]);
    const firstOf = (word: string) => order.indexOf(word);
    const lastOf = (word: string) => order.lastIndexOf(word);
    expect(lastOf('Click')).toBeLessThan(firstOf('Visible'));
    expect(lastOf('Visible')).toBeLessThan(firstOf('Background'));
    const backgroundIndices = service
      .sentTexts()
      .filter((t) => t.startsWith('Background'))
      .map((t) => Number.parseInt(t.split(' ')[1]!, 10));
    expect(backgroundIndices).toEqual([...backgroundIndices].sort((a, b) => a - b));
  });

  it('sends work someone waits for at once, and gathers background work for a moment', async () => {
    const { queue, clock, service } = setUp();
    await queue.enqueue(segments(3, (i) => ({ id: `b${i}`, text: `Background ${i}.` }), { priority: 'background' }));
    await flush();
    expect(service.calls).toHaveLength(0);
    await queue.enqueue(segments(2, (i) => ({ id: `v${i}`, text: `Visible ${i}.` }), { priority: 'visible' }));
    await flush();
    // The screen's texts leave without the gathering, and take the waiting background texts along.
    expect(service.calls).toHaveLength(1);
    expect(service.sentTexts()).toEqual([
      'Visible 0.',
      'Visible 1.',
      'Background 0.',
      'Background 1.',
      'Background 2.',
    ]);
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(1);
  });

  it('lets interactive work overtake background work that is still waiting', async () => {
    const { queue, clock, service, recorder } = setUp({ concurrency: { initial: 1, max: 1 } });
    await queue.enqueue(segments(200, (i) => ({ text: `Background ${i}.` }), { priority: 'background' }));
    clock.fireNext();
    await flush();
    expect(service.calls).toHaveLength(1);
    await queue.enqueue(segments(1, () => ({ id: 'click', text: 'Clicked.' }), { priority: 'interactive' }));
    await runUntilIdle(queue, clock);
    expect(service.calls[1]!.batch.texts[0]).toBe('Clicked.');
    expect(recorder.deliveredIds()).toHaveLength(201);
  });

  it('raises the priority of queued work when a segment is asked for again with a higher one', async () => {
    const { queue, clock, service } = setUp({ concurrency: { initial: 1, max: 1 } });
    await queue.enqueue(segments(120, (i) => ({ text: `Text ${i}.` }), { priority: 'background' }));
    await queue.enqueue([{ id: 's110', tabId: 1, text: 'Text 110.', params: DE, priority: 'interactive' }]);
    await runUntilIdle(queue, clock);
    expect(service.calls[0]!.batch.texts[0]).toBe('Text 110.');
    expect(service.sentTexts()).toHaveLength(120);
  });
});

describe('TranslationQueue: de-duplication and cache', () => {
  it('sends identical text and parameters once and delivers it to every requester, across tabs', async () => {
    const { queue, clock, service, recorder } = setUp();
    await queue.enqueue([
      { id: 'a', tabId: 1, text: 'Same.', params: DE, priority: 'visible' },
      { id: 'b', tabId: 1, text: 'Same.', params: { target_lang: 'de' }, priority: 'visible' },
      { id: 'a', tabId: 2, text: 'Same.', params: DE, priority: 'background' },
      { id: 'c', tabId: 2, text: 'Same.', params: { target_lang: 'FR' }, priority: 'visible' },
    ]);
    await runUntilIdle(queue, clock);
    expect(service.sentTexts()).toEqual(['Same.', 'Same.']);
    expect(recorder.deliveredIds().sort()).toEqual(['1:a', '1:b', '2:a', '2:c']);
    // Billed once: only the first requester is charged.
    const billed = recorder.delivered.filter((d) => d.id !== 'c').map((d) => d.billedCharacters);
    expect(billed.sort()).toEqual([0, 0, 5]);
  });

  it('joins work already in flight instead of sending it again', async () => {
    const { queue, clock, service, recorder } = setUp();
    await queue.enqueue(segments(3));
    clock.fireNext();
    await flush();
    expect(service.inFlight).toBe(1);
    await queue.enqueue(segments(3, undefined, { tabId: 7 }));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(1);
    expect(recorder.deliveredIds().sort()).toEqual(['1:s0', '1:s1', '1:s2', '7:s0', '7:s1', '7:s2']);
  });

  it('answers from the cache without a request, fills it after a request, and bypasses it on demand', async () => {
    const cache = new MapCache();
    const { queue, clock, service, recorder } = setUp({ cache });
    await queue.enqueue(segments(5));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(1);
    expect(cache.entries.size).toBe(5);

    await queue.enqueue(segments(5, undefined, { tabId: 2 }));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(1);
    expect(recorder.delivered.filter((d) => d.tabId === 2).map((d) => [d.text, d.billedCharacters])).toEqual(
      Array.from({ length: 5 }, (_, i) => [`SENTENCE NUMBER ${i}.`, 0]),
    );

    await queue.enqueue(segments(5, undefined, { tabId: 3 }), { bypassCache: true });
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(2);
  });

  it('keys the cache with the context the background adds (glossary version, server)', async () => {
    const cache = new MapCache();
    let version = '1';
    const cacheContext = async () => ({ glossaryVersion: version });
    const { queue, clock, service } = setUp({ cache, cacheContext });
    const withGlossary = { ...DE, source_lang: 'EN', glossary_id: 'g1' };
    await queue.enqueue(segments(2, undefined, { params: withGlossary }));
    await runUntilIdle(queue, clock);
    version = '2';
    await queue.enqueue(segments(2, undefined, { params: withGlossary, tabId: 2 }));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(2);
  });

  it('drops the old request when a segment comes back with new text', async () => {
    const cache = new MapCache();
    await cache.setMany([{ input: { text: 'New text.', params: DE }, value: { text: 'NEU.' } }]);
    const { queue, clock, service, recorder, store, progress } = setUp({ cache });
    await queue.enqueue([{ id: 'x', tabId: 1, text: 'Old text.', params: DE, priority: 'visible' }]);
    await queue.enqueue([{ id: 'x', tabId: 1, text: 'New text.', params: DE, priority: 'visible' }]);
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(0);
    expect(recorder.delivered.map((d) => d.text)).toEqual(['NEU.']);
    expect(progress.get(1)).toEqual({ total: 1, done: 1, failed: 0 });
    expect(store.records.size).toBe(0);
  });
});

describe('TranslationQueue: cancelTab', () => {
  it("drops the tab's pending work and its stored rows", async () => {
    const { queue, clock, service, recorder, store, progress } = setUp();
    await queue.enqueue(segments(10, (i) => ({ text: `Tab one ${i}.` })));
    await queue.enqueue(segments(10, (i) => ({ text: `Tab two ${i}.` }), { tabId: 2 }));
    queue.cancelTab(1);
    await runUntilIdle(queue, clock);
    expect(service.sentTexts().every((t) => t.startsWith('Tab two'))).toBe(true);
    expect(recorder.delivered.every((d) => d.tabId === 2)).toBe(true);
    expect(recorder.delivered).toHaveLength(10);
    expect(store.records.size).toBe(0);
    expect(progress.get(1)).toEqual({ total: 0, done: 0, failed: 0 });
  });

  it('never aborts a request that left: its answer goes to the cache, and a reload waits for it', async () => {
    const cache = new MapCache();
    const { queue, clock, service, recorder } = setUp({ cache });
    await queue.enqueue(segments(2, (i) => ({ text: `Only mine ${i}.` })));
    await queue.enqueue(
      segments(2, (i) => ({ id: `shared${i}`, text: `Shared ${i}.`, params: { target_lang: 'FR' } })),
    );
    await queue.enqueue(segments(2, (i) => ({ text: `Shared ${i}.`, params: { target_lang: 'FR' } }), { tabId: 2 }));
    for (let i = 0; i < 10 && service.inFlight < 2; i++) await flush();
    expect(service.inFlight).toBe(2);
    // The tab reloads: the requests are out, so the service may bill them; they are not thrown away.
    queue.cancelTab(1);
    expect(service.calls.every((call) => !call.signal.aborted)).toBe(true);
    // The new document asks for the same text while it is out: no second request.
    await queue.enqueue(segments(2, (i) => ({ id: `again${i}`, text: `Only mine ${i}.` })));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(2);
    expect(recorder.deliveredIds().sort()).toEqual(['1:again0', '1:again1', '2:s0', '2:s1']);
    expect(cache.entries.size).toBe(4);
  });

  it('drops a request that had not left when its tab was cancelled, and sends the text again if asked', async () => {
    const { queue, clock, service, recorder } = setUp();
    await queue.enqueue(segments(2, (i) => ({ text: `Only mine ${i}.` })));
    queue.cancelTab(1);
    await queue.enqueue(segments(2, (i) => ({ id: `again${i}`, text: `Only mine ${i}.` })));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(1);
    expect(recorder.deliveredIds().sort()).toEqual(['1:again0', '1:again1']);
  });

  it('ignores cache look-ups that finish after the tab was cancelled', async () => {
    const cache = new MapCache();
    const { queue, clock, service, recorder } = setUp({ cache });
    const enqueued = queue.enqueue(segments(3));
    queue.cancelTab(1);
    await enqueued;
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(0);
    expect(recorder.delivered).toHaveLength(0);
  });
});
