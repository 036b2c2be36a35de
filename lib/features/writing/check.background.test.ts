import { describe, expect, it } from 'vitest';
import { MAX_WRITE_BODY_BYTES } from '../../api/limits.ts';
import { testService } from '../../api/testing.ts';
import { checkSentences, planCheckRequests } from './check.background.ts';

const t = testService();

const bodyBytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;

describe('checkSentences over HTTP', () => {
  it('sends each sentence as an entry of one request and gives each its answer', async () => {
    const result = await checkSentences(t.paid({ retry: false }), [
      'i did not recieve teh invoice.',
      'Could you send it again ?',
    ]);
    expect(result).toEqual({
      results: ['I did not receive the invoice.', 'Could you send it again?'],
      requests: 1,
    });
    const log = await t.control.requests('/v2/write');
    expect(log.map((r) => [r.path, r.body])).toEqual([
      ['/v2/write/correct', { text: ['i did not recieve teh invoice.', 'Could you send it again ?'] }],
    ]);
  });

  it("sends each paragraph's sentences in its language; one in another language goes again without it", async () => {
    const result = await checkSentences(
      t.paid({ retry: false }),
      ['I did not recieve teh invoice.', 'Das ist vieleicht gut.', 'Thanks for the notes.'],
      ['en-US', 'de', 'de'],
    );
    expect(result.results).toEqual([
      'I did not receive the invoice.',
      'Das ist vielleicht gut.',
      'Thanks for the notes.',
    ]);
    const log = await t.control.requests('/v2/write');
    expect(log.map((r) => [r.status, r.body])).toEqual([
      [200, { text: ['I did not recieve teh invoice.'], target_lang: 'en' }],
      [400, { text: ['Das ist vieleicht gut.', 'Thanks for the notes.'], target_lang: 'de' }],
      [200, { text: ['Das ist vieleicht gut.'], target_lang: 'de' }],
      [400, { text: ['Thanks for the notes.'], target_lang: 'de' }],
      [200, { text: ['Thanks for the notes.'] }],
    ]);
  });

  it('sends no target_lang for languages the endpoint does not take or that are unknown', async () => {
    await checkSentences(t.paid({ retry: false }), ['Dit is goed.', 'It is teh plan.'], ['nl', '']);
    const log = await t.control.requests('/v2/write');
    expect(log.map((r) => r.body)).toEqual([{ text: ['Dit is goed.', 'It is teh plan.'] }]);
  });

  it('keeps every request within 10 KiB and the answers in order', async () => {
    const sentences = Array.from({ length: 300 }, (_, i) => `Sentence ${i} says teh same thing again and again.`);
    const result = await checkSentences(t.paid({ retry: false }), sentences);
    expect(result.results).toEqual(sentences.map((s) => s.replace('teh', 'the')));
    const log = await t.control.requests('/v2/write');
    expect(log.length).toBe(result.requests);
    expect(log.length).toBeGreaterThan(1);
    for (const r of log) expect(bodyBytes(r.body)).toBeLessThanOrEqual(MAX_WRITE_BODY_BYTES);
    expect(log.flatMap((r) => r.body?.text as string[])).toEqual(sentences);
  });

  it('cuts a sentence too long for one request and joins its answer', async () => {
    // Distinct capitalised words: the service capitalises the start of each piece and drops repeated words.
    const long = Array.from({ length: 1500 }, (_, i) => (i % 50 === 7 ? 'Teh' : `Word${i}`)).join(' ');
    expect(new TextEncoder().encode(long).length).toBeGreaterThan(MAX_WRITE_BODY_BYTES);
    const result = await checkSentences(t.paid({ retry: false }), [long]);
    expect(result.results).toEqual([long.replaceAll('Teh', 'The')]);
    expect(result.requests).toBeGreaterThan(1);
    for (const r of await t.control.requests('/v2/write'))
      expect(bodyBytes(r.body)).toBeLessThanOrEqual(MAX_WRITE_BODY_BYTES);
  });

  it('sends the entries of a refused request one by one; one the service refuses alone stays unchecked', async () => {
    await t.control.addFaults([{ path: '/v2/write/correct', status: 400, body: '{"message":"Bad request"}' }]);
    await t.control.addFaults([{ path: '/v2/write/correct', status: 400, body: '{"message":"Not supported"}' }]);
    const result = await checkSentences(t.paid({ retry: false }), ['Ein Satz auf Deutsch.', 'teh end.']);
    expect(result.results).toEqual([null, 'The end.']);
    expect((await t.control.requests('/v2/write')).map((r) => [r.status, r.body?.text])).toEqual([
      [400, ['Ein Satz auf Deutsch.', 'teh end.']],
      [400, ['Ein Satz auf Deutsch.']],
      [200, ['teh end.']],
    ]);
  });

  it('stops at a 429 without retrying, with the answers so far', async () => {
    const sentences = Array.from({ length: 300 }, (_, i) => `Sentence ${i} says teh same thing again and again.`);
    await t.control.addFaults([
      { path: '/v2/write', delayMs: 0 },
      { path: '/v2/write', status: 429, retryAfter: 2 },
    ]);
    const result = await checkSentences(t.paid({ retry: false }), sentences);
    expect(result.error).toMatchObject({ code: 'too_many_requests', retryAfterMs: 2000 });
    expect(result.results.length).toBeGreaterThan(0);
    expect(result.results.length).toBeLessThan(sentences.length);
    expect((await t.control.requests('/v2/write')).map((r) => r.status)).toEqual([200, 429]);
  });

  it('words a 456 as the quota and a 403 as the paid-only rule', async () => {
    await t.control.addFaults([{ path: '/v2/write', status: 456 }]);
    expect((await checkSentences(t.paid({ retry: false }), ['teh.'])).error?.code).toBe('quota_exceeded');
    expect((await checkSentences(t.free({ retry: false }), ['teh.'])).error?.code).toBe('paid_only');
  });
});

describe('planCheckRequests', () => {
  it('packs whole entries up to the limit', () => {
    const plan = planCheckRequests(['a'.repeat(6000), 'b'.repeat(6000), 'c']);
    expect(plan.map((r) => r.map((e) => e.text.length))).toEqual([[6000], [6000, 1]]);
  });
});
