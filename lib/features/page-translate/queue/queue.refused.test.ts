import { describe, expect, it } from 'vitest';
import { TranslationQueue } from './queue.ts';
import { MemoryQueueStore } from './store.ts';
import { ManualClock, MapCache, pseudoTranslate, Recorder, runUntilIdle, segments } from './testing.ts';
import type { QueueError, SendBatch, SendFn } from './types.ts';

/**
 * Answers the client refused (out of proportion to their text, lib/api/limits.ts) come back from
 * `send` as `{ refused }` in their text's place: only their segments fail, with that error, and
 * nothing of them is delivered or cached.
 */

const REFUSED: QueueError = {
  code: 'invalid_response',
  message: "The service's translation was 100,000 times as long as the text, so it was not used",
};

function setUp(refuse: (text: string) => boolean) {
  const clock = new ManualClock();
  const recorder = new Recorder();
  const cache = new MapCache();
  const store = new MemoryQueueStore();
  const batches: SendBatch[] = [];
  const send: SendFn = async (batch) => {
    batches.push(batch);
    return batch.texts.map((text) => (refuse(text) ? { refused: REFUSED } : { text: pseudoTranslate(text) }));
  };
  const queue = new TranslationQueue({
    send,
    deliver: recorder.deliver,
    fail: recorder.fail,
    cache,
    store,
    clock,
    random: () => 0.5,
  });
  return { clock, recorder, cache, store, batches, queue };
}

describe('TranslationQueue: answers refused by the client', () => {
  it('fails only the refused segments, with the reason, and neither delivers nor caches them', async () => {
    const { queue, clock, recorder, cache, store, batches } = setUp((text) => /number [37]\./.test(text));
    await queue.enqueue(segments(10));
    await runUntilIdle(queue, clock);
    expect(batches).toHaveLength(1);
    expect(recorder.failed.map((f) => [f.id, f.error])).toEqual([
      ['s3', REFUSED],
      ['s7', REFUSED],
    ]);
    expect(recorder.deliveredIds().sort()).toEqual(['1:s0', '1:s1', '1:s2', '1:s4', '1:s5', '1:s6', '1:s8', '1:s9']);
    expect([...cache.entries.values()].map((v) => v.text)).not.toContain('SENTENCE NUMBER 3.');
    expect(cache.entries.size).toBe(8);
    expect(store.records.size).toBe(0);
    // Not retried: the same text is sent again only when asked again ("Try again").
    await queue.enqueue(segments(1, () => ({ id: 's3-again', text: 'Sentence number 3.' })));
    await runUntilIdle(queue, clock);
    expect(batches).toHaveLength(2);
  });

  it('fails a text split into parts when one part is refused, once, and never joins the rest', async () => {
    // Three parts of about 60 KB each (the limit is 128 KiB per request): each goes in a request of its own.
    const long = ['alpha', 'bravo', 'charlie'].map((word) => `${`${word} `.repeat(12_000).trim()}.`).join(' ');
    const { queue, clock, recorder, cache, batches } = setUp((text) => text.startsWith('bravo'));
    await queue.enqueue(segments(1, () => ({ id: 'long', text: long })));
    await runUntilIdle(queue, clock);
    // One part a request; a part whose text has already failed by the time it would go is not sent.
    expect(batches.every((b) => b.texts.length === 1)).toBe(true);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.length).toBeLessThanOrEqual(3);
    expect(recorder.failed.map((f) => f.id)).toEqual(['long']);
    expect(recorder.delivered).toEqual([]);
    expect(cache.entries.size).toBe(0);
  });
});
