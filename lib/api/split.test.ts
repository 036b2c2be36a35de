import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureTranslateBody } from './body.ts';
import { MAX_TEXTS, MAX_TRANSLATE_BODY_BYTES } from './limits.ts';
import { splitForLimits } from './split.ts';

const params = { target_lang: 'de', source_lang: 'en' };
const hasLoneSurrogate = (s: string) =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

describe('splitForLimits', () => {
  it('packs texts into batches of at most 50 texts and 128 KiB of exact body', () => {
    const texts = Array.from({ length: 180 }, (_, i) => `Text ${i} ${'ü'.repeat(1500)}`);
    const plan = splitForLimits(texts, params);
    expect(plan.batches.length).toBeGreaterThan(3);
    for (const batch of plan.batches) {
      expect(batch.length).toBeLessThanOrEqual(MAX_TEXTS);
      expect(measureTranslateBody({ ...params, text: batch })).toBeLessThanOrEqual(MAX_TRANSLATE_BODY_BYTES);
    }
    expect(plan.batches.flat()).toEqual(texts);
    expect(plan.owners.flat()).toEqual(texts.map((_, i) => i));
  });

  it('fills batches up to the text count when texts are small', () => {
    const plan = splitForLimits(
      Array.from({ length: 120 }, () => 'hi'),
      params,
    );
    expect(plan.batches.map((b) => b.length)).toEqual([50, 50, 20]);
  });

  it('cuts an oversize text at sentence boundaries and joins the results back with the original spacing', () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`);
    const text = `  ${sentences.join(' ')}\n`;
    const plan = splitForLimits(['short', text], params, { maxTexts: 50, maxBytes: 200 });
    const pieces = plan.batches.flat().slice(1);
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(piece).toMatch(/^Sentence number \d+ is here\.( Sentence number \d+ is here\.)*$/);
    }
    const translated = plan.batches.map((batch) => batch.map((t) => t.toUpperCase()));
    expect(plan.join(translated)).toEqual(['SHORT', `  ${sentences.join(' ').toUpperCase()}\n`]);
  });

  it('cuts a long sentence at whitespace, and a long word between characters without splitting emoji', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const plan = splitForLimits([words], params, { maxTexts: 50, maxBytes: 150 });
    expect(plan.batches.flat().every((p) => !p.startsWith(' ') && !p.endsWith(' '))).toBe(true);
    expect(plan.join(plan.batches)).toEqual([words]);

    const word = '👍🏽'.repeat(200);
    const hard = splitForLimits([word], params, { maxTexts: 50, maxBytes: 150 });
    expect(hard.batches.flat().length).toBeGreaterThan(1);
    expect(hard.batches.flat().some(hasLoneSurrogate)).toBe(false);
    expect(hard.join(hard.batches)).toEqual([word]);
  });

  it('does not start a piece with a combining mark, joiner or skin-tone modifier', () => {
    const word = 'e\u0301'.repeat(150) + '👩‍👩‍👧'.repeat(20) + '👍🏽'.repeat(40);
    const plan = splitForLimits([word], params, { maxTexts: 50, maxBytes: 120 });
    const pieces = plan.batches.flat();
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) {
      expect(piece).not.toMatch(/^(?:\u0301|\u200d|\u{1f3fd})/u);
      expect(piece).not.toMatch(/\u200d$/);
    }
    expect(plan.join(plan.batches)).toEqual([word]);
  });

  it('cuts CJK text at its full stops', () => {
    const text = '这是第一句话。'.repeat(40);
    const plan = splitForLimits([text], params, { maxTexts: 50, maxBytes: 200 });
    expect(plan.batches.flat().every((p) => p.endsWith('。'))).toBe(true);
    expect(plan.join(plan.batches)).toEqual([text]);
  });

  // Linear work takes well under a second; the segmenter-based version took minutes. The test's own time
  // limit (generous, for a busy machine) catches that, not a comparison with the clock.
  it('cuts a megabyte without stalling', { timeout: 30_000 }, () => {
    const text = Array.from({ length: 40_000 }, (_, i) => `Sentence ${i} is here.`).join(' ');
    const plan = splitForLimits([text, 'x'.repeat(1_000_000)], params);
    expect(plan.batches.length).toBeGreaterThan(14);
    expect(plan.join(plan.batches)[0]).toBe(text);
  });

  it('keeps a whitespace-only text out of the requests', () => {
    const blank = ' '.repeat(500);
    const plan = splitForLimits(['a', blank], params, { maxTexts: 50, maxBytes: 150 });
    expect(plan.batches).toEqual([['a']]);
    expect(plan.join([['A']])).toEqual(['A', blank]);
  });

  it('refuses results that do not match the batches', () => {
    const plan = splitForLimits(['a', 'b'], params);
    expect(() => plan.join([['A']])).toThrowError(expect.objectContaining({ code: 'invalid_response' }));
    expect(() => plan.join([])).toThrowError(expect.objectContaining({ code: 'invalid_response' }));
  });

  it('refuses when the other parameters leave no room for text', () => {
    expect(() => splitForLimits(['a'], { ...params, context: 'x'.repeat(MAX_TRANSLATE_BODY_BYTES) })).toThrowError(
      expect.objectContaining({ code: 'invalid_request' }),
    );
  });

  it('always honours the limits and round-trips every text', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'é', ' ', '.', '\n', '"', '😀', '字', '。', 'Z', '\u0301', '\u200d', '\t', '\u0001'),
      maxLength: 300,
    });
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 90, max: 400 }),
        fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
        (texts, maxTexts, maxBytes, context) => {
          const p = { ...params, ...(context !== undefined ? { context } : {}) };
          const plan = splitForLimits(texts, p, { maxTexts, maxBytes });
          for (const batch of plan.batches) {
            expect(batch.length).toBeGreaterThan(0);
            expect(batch.length).toBeLessThanOrEqual(maxTexts);
            expect(measureTranslateBody({ ...p, text: batch })).toBeLessThanOrEqual(maxBytes);
            expect(batch.some(hasLoneSurrogate)).toBe(false);
          }
          expect(plan.owners.map((o) => o.length)).toEqual(plan.batches.map((b) => b.length));
          expect(plan.join(plan.batches)).toEqual(texts);
        },
      ),
      { numRuns: 300 },
    );
  });
});
