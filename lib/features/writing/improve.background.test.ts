import { describe, expect, it } from 'vitest';
import { buildCorrectBody, buildRephraseBody } from '../../api/body.ts';
import { ApiError, type CorrectParams, type Improvement, type RephraseParams } from '../../api/index.ts';
import { MAX_WRITE_BODY_BYTES } from '../../api/limits.ts';
import { utf8Length } from '../../api/utf8.ts';
import { improveWith, tierOf, writingErrorFor } from './improve.background.ts';

/** A stand-in for the service that fixes "teh" and records what it was sent. */
function fakeClient(fail?: ApiError) {
  const calls: { endpoint: string; params: CorrectParams | RephraseParams; bytes: number }[] = [];
  const answer = (texts: string[]): Improvement[] =>
    texts.map((t) => ({ text: t.replaceAll('teh', 'the'), target_language: 'en-US', detected_source_language: 'EN' }));
  return {
    calls,
    async correct(params: CorrectParams) {
      calls.push({ endpoint: 'correct', params, bytes: utf8Length(buildCorrectBody(params)) });
      if (fail) throw fail;
      return answer(params.text);
    },
    async rephrase(params: RephraseParams) {
      calls.push({ endpoint: 'rephrase', params, bytes: utf8Length(buildRephraseBody(params)) });
      if (fail) throw fail;
      return answer(params.text);
    },
  };
}

describe('improveWith', () => {
  it('corrects a short text in one request and keeps its paragraphs', async () => {
    const client = fakeClient();
    const result = await improveWith(client, { mode: 'correct', text: 'teh one.\n\nteh two.' });
    expect(result).toEqual({ text: 'the one.\n\nthe two.', detectedSourceLanguage: 'EN', requests: 1 });
    expect(client.calls).toEqual([
      { endpoint: 'correct', params: { text: ['teh one.\n\nteh two.'] }, bytes: expect.any(Number) },
    ]);
  });

  it('sends the target and exactly one of style or tone on rephrase', async () => {
    const client = fakeClient();
    await improveWith(client, { mode: 'rephrase', text: 'teh', targetLang: 'en-GB', tone: 'prefer_friendly' });
    expect(client.calls[0]?.params).toEqual({ text: ['teh'], target_lang: 'en-GB', tone: 'prefer_friendly' });
  });

  it('splits a long text into requests within 10 KiB and stitches the results in order', async () => {
    const client = fakeClient();
    const text = Array.from({ length: 60 }, (_, i) => `${i}: teh ${'word '.repeat(60)}`.trim()).join('\n');
    const result = await improveWith(client, { mode: 'rephrase', text, writingStyle: 'business' });
    expect(result.requests).toBeGreaterThan(1);
    expect(client.calls).toHaveLength(result.requests);
    for (const call of client.calls) expect(call.bytes).toBeLessThanOrEqual(MAX_WRITE_BODY_BYTES);
    expect(result.text).toBe(text.replaceAll('teh', 'the'));
  });

  it('words a 403 as the paid-only rule and a 400 on the language as an unsupported language', async () => {
    const forbidden = new ApiError({ code: 'auth', status: 403, message: 'Forbidden' });
    await expect(improveWith(fakeClient(forbidden), { mode: 'correct', text: 'x' })).rejects.toMatchObject({
      code: 'paid_only',
    });
    const language = new ApiError({
      code: 'bad_request',
      status: 400,
      message: "Value for 'target_lang' not supported",
    });
    await expect(improveWith(fakeClient(language), { mode: 'correct', text: 'x' })).rejects.toMatchObject({
      code: 'unsupported_language',
    });
    const detected = new ApiError({
      code: 'bad_request',
      status: 400,
      message: 'Text improvement does not support RU',
    });
    expect(writingErrorFor(detected)).toMatchObject({ code: 'unsupported_language' });
  });

  it('passes other errors through unchanged', () => {
    const quota = new ApiError({ code: 'quota_exceeded', status: 456, message: 'Quota' });
    expect(writingErrorFor(quota)).toBe(quota);
  });
});

describe('tierOf', () => {
  it('tells free keys by their :fx suffix', () => {
    expect(tierOf('abc:fx')).toBe('free');
    expect(tierOf('abc')).toBe('paid');
    expect(tierOf('')).toBe('unconfigured');
  });
});

describe('writingErrorFor', () => {
  it('keeps a style refusal and a language mismatch as the bad requests they are', () => {
    const style = new ApiError({
      code: 'bad_request',
      status: 400,
      message: "'tone' is not supported for target_lang ja",
    });
    expect(writingErrorFor(style)).toBe(style);
    const mismatch = new ApiError({
      code: 'bad_request',
      status: 400,
      message: 'Text 1 is in DE, but target_lang is en-US',
    });
    expect(writingErrorFor(mismatch)).toBe(mismatch);
  });
});
