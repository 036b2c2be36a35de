import { describe, expect, it } from 'vitest';
import { client, type Reply } from '../testing/http.ts';
import { expectRefused, serviceForTests } from '../testing/vitest.ts';

interface Improvement {
  text: string;
  target_language: string;
  detected_source_language: string;
}

const svc = serviceForTests();
const api = client(svc);

const rephrase = (body: Record<string, unknown>) => api.json('/v2/write/rephrase', body);
const correct = (body: Record<string, unknown>) => api.json('/v2/write/correct', body);
const improvements = (reply: Reply) => (reply.body as { improvements: Improvement[] }).improvements;

const expect400 = (reply: Promise<Reply>, message: RegExp) => expectRefused(reply, 400, message);

describe('POST /v2/write/correct', () => {
  it('fixes spelling, repeated words, spacing and capitals, in input order', async () => {
    const reply = await correct({
      text: ['i will definately recieve teh the parcel  tomorrow.', 'This sentence is already fine.'],
      target_lang: 'en-US',
    });
    expect(reply.status).toBe(200);
    expect(improvements(reply)).toEqual([
      {
        text: 'I will definitely receive the parcel tomorrow.',
        target_language: 'en-US',
        detected_source_language: 'en',
      },
      { text: 'This sentence is already fine.', target_language: 'en-US', detected_source_language: 'en' },
    ]);
  });

  it('accepts the bare en and pt targets', async () => {
    expect((await correct({ text: ['this is teh plan for the day.'], target_lang: 'en' })).status).toBe(200);
    expect((await correct({ text: ['o ônibus chegou atrasado hoje.'], target_lang: 'PT' })).status).toBe(200);
  });

  it('converts between variants of the target language', async () => {
    const [gb] = improvements(await correct({ text: ['My favorite color is gray.'], target_lang: 'en-GB' }));
    expect(gb!.text).toBe('My favourite colour is grey.');
    expect(gb!.detected_source_language).toBe('en');
  });

  it('takes form bodies', async () => {
    const reply = await api.form('/v2/write/correct', [
      ['text', 'das ist vieleicht gut'],
      ['target_lang', 'de'],
    ]);
    expect(improvements(reply)[0]!.text).toBe('Das ist vielleicht gut');
  });

  it('refuses writing_style and tone', async () => {
    await expect400(correct({ text: ['x'], target_lang: 'en-US', writing_style: 'business' }), /writing_style/);
    await expect400(correct({ text: ['x'], target_lang: 'en-US', tone: 'default' }), /tone/);
  });
});

describe('POST /v2/write/rephrase', () => {
  it('rewords by style and by tone', async () => {
    const business = await rephrase({
      text: ['We need to get a lot of feedback.'],
      target_lang: 'en-US',
      writing_style: 'business',
    });
    expect(improvements(business)[0]!.text).toBe('We must obtain a great deal of feedback.');
    const casual = await rephrase({ text: ['We must obtain approval.'], target_lang: 'en-GB', tone: 'friendly' });
    expect(improvements(casual)[0]!.text).toBe('We need to get approval.');
  });

  it('gives the default improvement without style or tone', async () => {
    const reply = await rephrase({ text: ['We utilize this tool in order to save time.'], target_lang: 'en-US' });
    expect(improvements(reply)[0]!.text).toBe('We use this tool to save time.');
  });

  it('falls back to default for prefer_ values on languages without the feature', async () => {
    const reply = await rephrase({
      text: ['今日はとても良い天気ですね。'],
      target_lang: 'ja',
      writing_style: 'prefer_business',
    });
    expect(reply.status).toBe(200);
    expect(improvements(reply)[0]!.text).toBe('今日はとても良い天気ですね。');
    const supported = await rephrase({
      text: ['Maybe we can buy it.'],
      target_lang: 'en-US',
      writing_style: 'prefer_business',
    });
    expect(improvements(supported)[0]!.text).toBe('Perhaps we can purchase it.');
  });

  it('uses the detected language when target_lang is omitted', async () => {
    const [i] = improvements(await rephrase({ text: ['Das ist vieleicht eine gute Idee für uns.'] }));
    expect(i).toEqual({
      text: 'Das ist vielleicht eine gute Idee für uns.',
      target_language: 'de',
      detected_source_language: 'de',
    });
  });

  it('keeps English text English, in its own variant, when target_lang is omitted', async () => {
    const [i] = improvements(
      await rephrase({ text: ['Maybe we can buy a gray car in order to travel.'], writing_style: 'business' }),
    );
    expect(i).toEqual({
      text: 'Perhaps we can purchase a gray car to travel.',
      target_language: 'en',
      detected_source_language: 'en',
    });
  });

  it('400 when the detected language has no text improvement and no target_lang is given', async () => {
    await expect400(correct({ text: ['Hallo, ik ga met mijn vrienden naar de markt.'] }), /NL/);
  });

  it('400 for plain values on languages without the feature', async () => {
    await expect400(rephrase({ text: ['こんにちは'], target_lang: 'ja', writing_style: 'business' }), /writing_style/);
    await expect400(rephrase({ text: ['你好'], target_lang: 'zh', tone: 'friendly' }), /tone/);
  });

  it('400 for both writing_style and tone, and for unknown values', async () => {
    await expect400(
      rephrase({ text: ['x'], target_lang: 'en-US', writing_style: 'business', tone: 'friendly' }),
      /not both/,
    );
    await expect400(rephrase({ text: ['x'], target_lang: 'en-US', writing_style: 'poetic' }), /writing_style/);
    await expect400(rephrase({ text: ['x'], target_lang: 'en-US', tone: 'prefer_angry' }), /tone/);
  });

  it('400 for targets outside the rephrase list', async () => {
    await expect400(rephrase({ text: ['x'], target_lang: 'en' }), /target_lang/);
    await expect400(rephrase({ text: ['x'], target_lang: 'pt' }), /target_lang/);
    await expect400(rephrase({ text: ['x'], target_lang: 'nl' }), /target_lang/);
  });
});

describe('both endpoints', () => {
  it('400 when the input language is not the target language', async () => {
    for (const call of [rephrase, correct]) {
      await expect400(
        call({ text: ['Das ist ein schöner Tag und wir gehen spazieren.'], target_lang: 'en-US' }),
        /is in DE, but target_lang is en-US/,
      );
    }
  });

  it('400 without text', async () => {
    await expect400(correct({ target_lang: 'de' }), /text/);
    await expect400(rephrase({ text: [], target_lang: 'de' }), /text/);
  });

  it('413 above 10 KiB', async () => {
    const reply = await correct({ text: ['a'.repeat(10 * 1024)], target_lang: 'en-US' });
    expect(reply.status).toBe(413);
  });

  it('403 on the free tier', async () => {
    const free = client(svc, svc.options.freeKey);
    for (const path of ['/v2/write/rephrase', '/v2/write/correct']) {
      const reply = await free.json(path, { text: ['hello there'], target_lang: 'en-US' });
      expect(reply.status).toBe(403);
    }
  });

  it('bills input code points as text_improvement, with the reporting tag', async () => {
    await api.json(
      '/v2/write/correct',
      { text: ['héllo', 'wörld 😀'], target_lang: 'de' },
      { 'X-Service-Reporting-Tag': 't' },
    );
    expect(svc.state.usage.records.map((u) => [u.service, u.characters, u.tag])).toEqual([
      ['text_improvement', 12, 't'],
    ]);
  });

  it('456 when the quota is used up', async () => {
    svc.state.accounts.keys.get(svc.options.paidKey)!.characterLimit = 0;
    const reply = await rephrase({ text: ['Hello there.'], target_lang: 'en-US' });
    expect(reply.status).toBe(456);
    expect(svc.state.usage.records).toEqual([]);
  });
});
