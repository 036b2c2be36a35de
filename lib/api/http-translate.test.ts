import { describe, expect, it } from 'vitest';
import { measureTranslateBody } from './body.ts';
import { ApiError } from './errors.ts';
import { MAX_TRANSLATE_BODY_BYTES } from './limits.ts';
import { splitForLimits } from './split.ts';
import { testService } from './testing.ts';

const t = testService();

describe('translate over HTTP', () => {
  it('translates every text, in order, with billed characters and the model used', async () => {
    const result = await t.paid().translate({
      text: ['Hello world.', 'Good morning'],
      source_lang: 'en',
      target_lang: 'de',
      show_billed_characters: true,
      model_type: 'prefer_quality_optimized',
    });
    expect(result).toHaveLength(2);
    expect(result.map((r) => r.detected_source_language)).toEqual(['EN', 'EN']);
    expect(result[0]?.text).not.toBe('Hello world.');
    expect(result.map((r) => r.billed_characters)).toEqual([12, 12]);
    expect(result[0]?.model_type_used).toBe('quality_optimized');
  });

  it('sends JSON with only the contract fields and the key only in the Authorization header', async () => {
    const key = t.svc.options.paidKey;
    await t.paid().translate({ text: ['Hi'], target_lang: 'fr', context: 'greeting' });
    const [logged] = await t.control.requests('/v2/translate');
    expect(logged?.method).toBe('POST');
    expect(logged?.headers.authorization).toBe(`****${key.slice(-4)}`);
    expect(logged?.headers['content-type']).toBe('application/json');
    expect(logged?.query).toEqual({});
    expect(logged?.body).toEqual({ text: ['Hi'], target_lang: 'fr', context: 'greeting' });
    expect(JSON.stringify(logged)).not.toContain(key);
  });

  it('sends the reporting tag header', async () => {
    await t.paid({ reportingTag: 'verso-selection' }).translate({ text: ['Hi'], target_lang: 'fr' });
    const [logged] = await t.control.requests('/v2/translate');
    expect(logged?.headers['x-service-reporting-tag']).toBe('verso-selection');
  });

  it('keeps markup with tag handling', async () => {
    const [r] = await t
      .paid()
      .translate({ text: ['<p>Hello <b>world</b></p>'], target_lang: 'fr', tag_handling: 'html' });
    expect(r?.text).toMatch(/^<p>.+ <b>.+<\/b><\/p>$/);
    expect(r?.text).not.toContain('Hello');
  });

  it('agrees with the service on the 128 KiB limit: a body of exactly 128 KiB is accepted', async () => {
    const params = { target_lang: 'de', source_lang: 'en' };
    const overhead = measureTranslateBody({ ...params, text: [''] });
    const text = 'a'.repeat(MAX_TRANSLATE_BODY_BYTES - overhead);
    expect(measureTranslateBody({ ...params, text: [text] })).toBe(MAX_TRANSLATE_BODY_BYTES);
    const [r] = await t.paid().translate({ ...params, text: [text] });
    expect(r?.text.length).toBe(text.length);
    const [logged] = await t.control.requests('/v2/translate');
    expect(logged?.headers['content-length']).toBe(String(MAX_TRANSLATE_BODY_BYTES));
  });

  it('refuses one byte more locally, without sending', async () => {
    const params = { target_lang: 'de', source_lang: 'en' };
    const text = 'a'.repeat(MAX_TRANSLATE_BODY_BYTES - measureTranslateBody({ ...params, text: [''] }) + 1);
    await expect(t.paid().translate({ ...params, text: [text] })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await t.control.requests('/v2/translate')).toEqual([]);
  });

  it('translates what splitForLimits packed and joins it back in order', async () => {
    const params = { target_lang: 'de', source_lang: 'en' };
    const long = Array.from({ length: 6000 }, (_, i) => `This is sentence ${i}.`).join(' ');
    const texts = ['First text.', long, ...Array.from({ length: 60 }, (_, i) => `Row ${i}`)];
    const plan = splitForLimits(texts, params);
    expect(plan.batches.length).toBeGreaterThan(2);
    const client = t.paid();
    const results = [];
    for (const batch of plan.batches) {
      results.push((await client.translate({ ...params, text: batch })).map((r) => r.text));
    }
    const joined = plan.join(results);
    expect(joined).toHaveLength(texts.length);
    // The pseudo-translation keeps sentence count and punctuation, so the long text comes back whole.
    expect(joined[1]?.split('. ').length).toBe(6000);
    // The engine is deterministic: the short texts match a direct translation of them.
    const direct = await client.translate({ ...params, text: texts.slice(2, 52) });
    expect(joined.slice(2, 52)).toEqual(direct.map((r) => r.text));
    expect(joined[2]).not.toBe('Row 0');
  });

  it("returns the service's message for a 400", async () => {
    const e = await t
      .paid()
      .translate({ text: ['Hi'], target_lang: 'xx' })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ name: 'ApiError', code: 'bad_request', status: 400 });
    expect((e as Error).message).toMatch(/target_lang/);
  });

  it('reports formality on a target without it as bad_request, and prefer_ falls back', async () => {
    await expect(t.paid().translate({ text: ['Hi'], target_lang: 'ja', formality: 'more' })).resolves.toHaveLength(1);
    await expect(t.paid().translate({ text: ['Hi'], target_lang: 'en-GB', formality: 'more' })).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/formality/i),
    });
    await expect(
      t.paid().translate({ text: ['Hi'], target_lang: 'en-GB', formality: 'prefer_more' }),
    ).resolves.toHaveLength(1);
  });
});

describe('answers out of proportion to their text', () => {
  it('refuses each such answer on its own (translateEach) and the whole call (translate, selection, quick translate)', async () => {
    // The service prepends 1,000,000 characters to every text of the next request.
    await t.control.addFaults([{ path: '/v2/translate', inject: 'ä'.repeat(1_000_000) }]);
    const each = await t.paid().translateEach({ text: ['A short line.', 'Another line.'], target_lang: 'de' });
    expect(each).toHaveLength(2);
    for (const result of each) {
      expect(result).toBeInstanceOf(ApiError);
      expect(result).toMatchObject({
        code: 'invalid_response',
        message: expect.stringMatching(/^The service's translation was [\d,]+ times as long as the text/),
      });
    }
    await t.control.addFaults([{ path: '/v2/translate', inject: 'ä'.repeat(1_000_000) }]);
    await expect(t.paid().translate({ text: ['A short line.'], target_lang: 'de' })).rejects.toMatchObject({
      code: 'invalid_response',
      detail: expect.stringMatching(/^\d+ characters for a text of 13$/),
    });
    // Within the ratio the answer stands; and the next request, without the fault, is translated.
    await t.control.addFaults([{ path: '/v2/translate', inject: 'ä'.repeat(100) }]);
    expect(await t.paid().translateEach({ text: ['A short line.'], target_lang: 'de' })).toMatchObject([
      { text: expect.stringMatching(/^ä{100}/) },
    ]);
    expect(await t.paid().translate({ text: ['A short line.'], target_lang: 'de' })).toHaveLength(1);
  });
});
