import { describe, expect, it } from 'vitest';
import { buildCorrectBody, buildRephraseBody, buildTranslateBody, measureTranslateBody } from './body.ts';
import type { ApiError } from './errors.ts';
import {
  checkAnalyticsRange,
  checkAnswerLength,
  checkAnswerLengths,
  checkCorrect,
  checkCreateGlossary,
  checkDocument,
  checkKeyLimits,
  checkPatchGlossary,
  checkRephrase,
  checkTranslate,
  MAX_TRANSLATE_BODY_BYTES,
  MAX_WRITE_BODY_BYTES,
  maxAnswerLength,
} from './limits.ts';
import type { CorrectParams, RephraseParams } from './schemas/write.ts';
import { TranslateParams } from './translate-params.ts';

function refusal(fn: () => void): ApiError {
  try {
    fn();
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a refusal');
}

const translate = (extra: Partial<TranslateParams> = {}) => {
  const params: TranslateParams = { text: ['Hello'], target_lang: 'de', ...extra };
  return () => checkTranslate(params, buildTranslateBody(params));
};

describe('checkTranslate', () => {
  it('accepts an ordinary request', () => {
    expect(translate()).not.toThrow();
    expect(translate({ text: Array(50).fill('x') })).not.toThrow();
  });

  it('needs 1 to 50 texts', () => {
    expect(refusal(translate({ text: [] }))).toMatchObject({ code: 'invalid_request', message: /at least one/ });
    expect(refusal(translate({ text: Array(51).fill('x') })).message).toBe('At most 50 texts per request (got 51)');
  });

  it('refuses a text list that is not strings (params from another context)', () => {
    expect(refusal(translate({ text: [1 as unknown as string] })).message).toMatch(/list of strings/);
  });

  it('measures the exact body in encoded bytes', () => {
    // 'é' is 2 bytes in UTF-8: a body under the limit in characters can be over it in bytes.
    const overhead = measureTranslateBody({ text: [''], target_lang: 'de' });
    const fits = 'é'.repeat((MAX_TRANSLATE_BODY_BYTES - overhead) / 2);
    expect(measureTranslateBody({ text: [fits], target_lang: 'de' })).toBe(MAX_TRANSLATE_BODY_BYTES);
    expect(translate({ text: [fits] })).not.toThrow();
    const e = refusal(translate({ text: [`${fits}x`] }));
    expect(e.code).toBe('invalid_request');
    expect(e.message).toContain(`${MAX_TRANSLATE_BODY_BYTES + 1} bytes`);
  });

  it('counts context and every other parameter in the body', () => {
    const big = 'c'.repeat(MAX_TRANSLATE_BODY_BYTES);
    expect(refusal(translate({ context: big })).message).toMatch(/128 KiB/);
  });

  it('limits custom instructions to 10 of 300 characters, counted as code points', () => {
    expect(translate({ custom_instructions: Array(10).fill('x') })).not.toThrow();
    expect(refusal(translate({ custom_instructions: Array(11).fill('x') })).message).toMatch(/At most 10/);
    // 300 emoji are 600 UTF-16 units but 300 characters.
    expect(translate({ custom_instructions: ['😀'.repeat(300)] })).not.toThrow();
    expect(refusal(translate({ custom_instructions: ['ok', 'a'.repeat(301)] })).message).toBe(
      'Custom instruction 2 has 301 characters; at most 300 are allowed',
    );
  });

  it('needs a whole-number threshold from 0 to 100', () => {
    for (const t of [0, 75, 100]) expect(translate({ translation_memory_threshold: t })).not.toThrow();
    for (const t of [-1, 101, 50.5, Number.NaN]) {
      expect(refusal(translate({ translation_memory_threshold: t })).message).toMatch(/0 to 100/);
    }
  });

  it('needs source_lang with a glossary', () => {
    expect(refusal(translate({ glossary_id: 'g' })).message).toMatch(/glossary needs source_lang/);
    expect(translate({ glossary_id: 'g', source_lang: 'en' })).not.toThrow();
  });

  it('refuses latency_optimized with the options that need next-gen models', () => {
    const lo = { model_type: 'latency_optimized' } as const;
    expect(refusal(translate({ ...lo, style_id: 's' })).message).toMatch(/style_id/);
    expect(refusal(translate({ ...lo, custom_instructions: ['x'] })).message).toMatch(/custom_instructions/);
    expect(refusal(translate({ ...lo, translation_memory_id: 't' })).message).toMatch(/translation_memory_id/);
    expect(refusal(translate({ ...lo, tag_handling_version: 'v2' })).message).toMatch(/tag_handling_version v2/);
    expect(translate({ ...lo, tag_handling_version: 'v1' })).not.toThrow();
    expect(translate({ model_type: 'quality_optimized', style_id: 's' })).not.toThrow();
  });
});

describe('buildTranslateBody', () => {
  it('sends only the fields of the contract', () => {
    const params = { text: ['a'], target_lang: 'de', auth_key: 'secret', extra: 1 } as TranslateParams;
    expect(JSON.parse(buildTranslateBody(params))).toEqual({ text: ['a'], target_lang: 'de' });
  });

  it('writes every field of the schema, texts first, whatever order the caller built them in', () => {
    const params = TranslateParams.parse({
      ignore_tags: ['x'],
      formality: 'more',
      target_lang: 'DE',
      show_billed_characters: true,
      text: ['a'],
      source_lang: 'EN',
    });
    expect(buildTranslateBody(params)).toBe(
      '{"text":["a"],"target_lang":"DE","source_lang":"EN","formality":"more","show_billed_characters":true,"ignore_tags":["x"]}',
    );
  });
});

describe('write checks', () => {
  const rephrase = (p: Partial<RephraseParams>) => {
    const params = { text: ['Hi'], ...p } as RephraseParams;
    return () => checkRephrase(params, buildRephraseBody(params));
  };
  const correct = (p: Record<string, unknown>) => {
    const params = { text: ['Hi'], ...p } as CorrectParams;
    return () => checkCorrect(params, buildCorrectBody(params));
  };

  it('refuses writing_style together with tone', () => {
    expect(rephrase({ writing_style: 'business' })).not.toThrow();
    expect(refusal(rephrase({ writing_style: 'business', tone: 'friendly' })).message).toMatch(/cannot both/);
  });

  it('refuses style or tone on correct', () => {
    expect(correct({})).not.toThrow();
    expect(refusal(correct({ tone: 'friendly' })).message).toMatch(/correct does not accept/);
    expect(refusal(correct({ writing_style: 'simple' })).message).toMatch(/correct does not accept/);
  });

  it('limits the body to 10 KiB and needs at least one text', () => {
    expect(refusal(rephrase({ text: ['a'.repeat(MAX_WRITE_BODY_BYTES)] })).message).toMatch(/10 KiB/);
    expect(refusal(correct({ text: ['ü'.repeat(MAX_WRITE_BODY_BYTES / 2)] })).message).toMatch(/10 KiB/);
    expect(refusal(correct({ text: [] })).message).toMatch(/at least one/);
  });
});

describe('checkAnalyticsRange', () => {
  const range = (start_date: string, end_date: string) => () => checkAnalyticsRange({ start_date, end_date });

  it('accepts up to 366 days in both date forms', () => {
    expect(range('2024-01-01', '2025-01-01')).not.toThrow();
    expect(range('2024-01-01T00:00:00', '2025-01-01T00:00:00')).not.toThrow();
    expect(range('2024-03-01', '2024-03-01')).not.toThrow();
  });

  it('refuses more than 366 days, a reversed range and malformed dates', () => {
    expect(refusal(range('2024-01-01', '2025-01-02')).message).toMatch(/366 days/);
    expect(refusal(range('2024-01-01T00:00:00', '2025-01-01T00:00:01')).message).toMatch(/366 days/);
    expect(refusal(range('2024-05-02', '2024-05-01')).message).toMatch(/not be after/);
    expect(refusal(range('2024-02-30', '2024-03-01')).message).toMatch(/YYYY-MM-DD/);
    expect(refusal(range('01/02/2024', '2024-03-01')).message).toMatch(/start_date/);
    expect(refusal(range('2024-01-01', '2024-01-01T25:00:00')).message).toMatch(/end_date/);
  });
});

describe('other checks', () => {
  it('documents: a glossary needs source_lang', () => {
    const file = new Blob(['x']);
    expect(() => checkDocument({ file, filename: 'a.txt', target_lang: 'de' })).not.toThrow();
    expect(refusal(() => checkDocument({ file, filename: 'a.txt', target_lang: 'de', glossary_id: 'g' })).code).toBe(
      'invalid_request',
    );
  });

  it('glossaries: name of at most 1024 UTF-8 bytes, one or more dictionaries, one per PATCH', () => {
    const dict = { source_lang: 'en', target_lang: 'de', entries: 'a\tb' };
    expect(() => checkCreateGlossary({ name: 'ü'.repeat(512), dictionaries: [dict] })).not.toThrow();
    expect(refusal(() => checkCreateGlossary({ name: 'ü'.repeat(513), dictionaries: [dict] })).message).toMatch(
      /1026 bytes/,
    );
    expect(refusal(() => checkCreateGlossary({ name: 'x', dictionaries: [] })).message).toMatch(/at least one/);
    const two = [dict, dict] as unknown as [typeof dict];
    expect(refusal(() => checkPatchGlossary({ dictionaries: two })).message).toMatch(/exactly one/);
    expect(refusal(() => checkPatchGlossary({})).message).toMatch(/Nothing to change/);
  });

  it('key limits: whole numbers from 0, or null', () => {
    expect(() => checkKeyLimits({ characters: 0 })).not.toThrow();
    expect(() => checkKeyLimits({ characters: null, speech_to_text_milliseconds: 1000 })).not.toThrow();
    expect(refusal(() => checkKeyLimits({ characters: -1 })).code).toBe('invalid_request');
    expect(refusal(() => checkKeyLimits({ characters: 1.5 })).code).toBe('invalid_request');
  });
});

describe('answers out of proportion', () => {
  it('accepts ten times the text, or the text plus 200 characters for short ones', () => {
    expect(maxAnswerLength(0)).toBe(200);
    expect(maxAnswerLength(2)).toBe(202);
    expect(maxAnswerLength(22)).toBe(222);
    expect(maxAnswerLength(23)).toBe(230);
    expect(maxAnswerLength(5000)).toBe(50_000);
    expect(checkAnswerLength('OK', 'Einverstanden')).toBeUndefined();
    expect(checkAnswerLength('猫', 'die Katze, die auf der Matte sitzt')).toBeUndefined();
    const text = 'x'.repeat(1000);
    expect(checkAnswerLength(text, 'y'.repeat(10_000))).toBeUndefined();
    expect(checkAnswerLength('', 'y'.repeat(200))).toBeUndefined();
  });

  it('refuses one character more, and says by how much', () => {
    const text = 'x'.repeat(1000);
    expect(checkAnswerLength(text, 'y'.repeat(10_001))).toMatchObject({
      code: 'invalid_response',
      message:
        "The service's translation was 10 times as long as the text, so it was not used (at most 10 times is accepted)",
      detail: '10001 characters for a text of 1000',
    });
    expect(checkAnswerLength('', 'y'.repeat(201))).toMatchObject({ code: 'invalid_response' });
    const paragraph = 'Paragraph 1 is about boats and oars on the water.';
    const huge = 'ä'.repeat(paragraph.length * 100_000);
    expect(checkAnswerLength(paragraph, huge)?.message).toMatch(/^The service's translation was 100,000 times as long/);
  });

  it('checks answers in the order of their texts and throws the first refusal', () => {
    expect(() => checkAnswerLengths(['a', 'b'], ['A', 'B'])).not.toThrow();
    expect(refusal(() => checkAnswerLengths(['a', 'b'], ['A', 'B'.repeat(500)]))).toMatchObject({
      detail: '500 characters for a text of 1',
    });
  });
});
