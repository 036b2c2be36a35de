import { describe, expect, it } from 'vitest';
import { client, type Reply } from '../testing/http.ts';
import { expectRefused, serviceForTests } from '../testing/vitest.ts';

interface Translation {
  detected_source_language: string;
  text: string;
  billed_characters?: number;
  model_type_used?: string;
}

const svc = serviceForTests();
const api = client(svc);

const translate = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  api.json('/v2/translate', body, headers);
const translations = (reply: Reply) => (reply.body as { translations: Translation[] }).translations;

const expect400 = (body: Record<string, unknown>, message: RegExp) =>
  expectRefused(translate(body), 400, message, JSON.stringify(body).slice(0, 200));

describe('POST /v2/translate: success', () => {
  it('translates every text in order, with detected source languages', async () => {
    const reply = await translate({
      text: ['Hello, how are you today?', 'Das ist ein schöner Tag und wir gehen spazieren.'],
      target_lang: 'fr',
    });
    expect(reply.status).toBe(200);
    expect(translations(reply)).toEqual([
      { detected_source_language: 'EN', text: 'Héllô, hôw àré yôù tôdày?' },
      { detected_source_language: 'DE', text: 'Dàs îst éîn sçhônér Tàg ùnd wîr géhén spàzîérén.' },
    ]);
  });

  it('accepts form bodies with repeated text and 1/0 booleans', async () => {
    const reply = await api.form('/v2/translate', [
      ['text', 'one'],
      ['text', 'two'],
      ['target_lang', 'DE'],
      ['source_lang', 'EN'],
      ['show_billed_characters', '1'],
      ['preserve_formatting', '0'],
      ['enable_beta_languages', '1'],
    ]);
    expect(reply.status).toBe(200);
    expect(translations(reply)).toEqual([
      { detected_source_language: 'EN', text: 'Öne', billed_characters: 3 },
      { detected_source_language: 'EN', text: 'Twö', billed_characters: 3 },
    ]);
  });

  it('accepts codes in any case, including v2 casing', async () => {
    const reply = await translate({ text: ['color'], target_lang: 'ZH-HANT', source_lang: 'EN' });
    expect(translations(reply)[0]!.text).toBe('C口l口r');
  });

  it('shows formality and falls back for prefer_ values', async () => {
    const more = await translate({ text: ['Thank you'], target_lang: 'de', source_lang: 'en', formality: 'more' });
    const less = await translate({
      text: ['Thank you'],
      target_lang: 'de',
      source_lang: 'en',
      formality: 'prefer_less',
    });
    const fallback = await translate({
      text: ['Thank you'],
      target_lang: 'en-GB',
      source_lang: 'de',
      formality: 'prefer_more',
    });
    expect(translations(more)[0]!.text).toBe('Thänk Sie');
    expect(translations(less)[0]!.text).toBe('Thänk du');
    expect(fallback.status).toBe(200);
  });

  it('handles tags and keeps markup', async () => {
    const reply = await translate({
      text: ['<p>Hello <a href="/x?a=1&amp;b=2">world</a></p><code>keep</code>'],
      target_lang: 'es',
      source_lang: 'en',
      tag_handling: 'html',
      ignore_tags: 'a',
      splitting_tags: ['p', 'div'],
      non_splitting_tags: 'span,b',
      outline_detection: false,
    });
    expect(translations(reply)[0]!.text).toBe('<p>Hélló <a href="/x?a=1&amp;b=2">world</a></p><code>keep</code>');
  });
});

describe('with a stored glossary', () => {
  it('applies the dictionary of the pair to every variant and refuses a missing pair', async () => {
    const created = await api.json('/v3/glossaries', {
      name: 'Product terms',
      dictionaries: [{ source_lang: 'en', target_lang: 'pt', entries: 'dashboard\tpainel', entries_format: 'tsv' }],
    });
    expect(created.status).toBe(201);
    const id = (created.body as { glossary_id: string }).glossary_id;
    for (const target of ['pt-BR', 'PT-PT']) {
      const reply = await translate({
        text: ['Open the dashboard'],
        target_lang: target,
        source_lang: 'en',
        glossary_id: id,
      });
      expect(translations(reply)[0]!.text).toMatch(/ painel$/);
    }
    const wrongPair = await translate({ text: ['x'], target_lang: 'de', source_lang: 'en', glossary_id: id });
    expect(wrongPair.status).toBe(400);
    const unknown = await translate({
      text: ['x'],
      target_lang: 'de',
      source_lang: 'en',
      glossary_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('model_type and sentence splitting', () => {
  const body = { text: ['one\ntwo'], target_lang: 'it', split_sentences: '1' };

  it('omits model_type_used unless model_type was sent', async () => {
    expect(translations(await translate({ ...body, source_lang: 'en' }))[0]).not.toHaveProperty('model_type_used');
  });

  it('uses classic models when asked, honouring split_sentences', async () => {
    const [t] = translations(await translate({ ...body, source_lang: 'en', model_type: 'latency_optimized' }));
    expect(t).toMatchObject({ model_type_used: 'latency_optimized', text: 'Ònè\nTwò' });
  });

  it('uses next-gen models for quality and prefer_quality, ignoring split_sentences (rule 2)', async () => {
    for (const model of ['quality_optimized', 'prefer_quality_optimized']) {
      const [t] = translations(await translate({ ...body, source_lang: 'en', model_type: model }));
      expect(t).toMatchObject({ model_type_used: 'quality_optimized', text: 'Ònè\ntwò' });
    }
  });

  it('uses next-gen models when the source is omitted (rule 3)', async () => {
    const [t] = translations(await translate({ ...body, model_type: 'latency_optimized' }));
    expect(t!.model_type_used).toBe('quality_optimized');
  });

  it('defaults split_sentences to nonewlines with html', async () => {
    const [t] = translations(
      await translate({ text: ['one\ntwo. three'], target_lang: 'it', source_lang: 'en', tag_handling: 'html' }),
    );
    expect(t!.text).toBe('Ònè\ntwò. Thrèè');
  });

  it('keeps initial case with preserve_formatting', async () => {
    const [t] = translations(await translate({ ...body, source_lang: 'en', preserve_formatting: true }));
    expect(t!.text).toBe('ònè\ntwò');
  });

  it('serves promoted languages with quality models or without model_type (rule 7)', async () => {
    for (const extra of [{}, { model_type: 'quality_optimized' }]) {
      expect((await translate({ text: ['hi'], target_lang: 'vi', source_lang: 'en', ...extra })).status).toBe(200);
    }
  });
});

describe('billing and quota', () => {
  const usageOf = () => svc.state.usage.records.map((u) => [u.service, u.characters, u.tag]);

  it('bills code points outside markup, not context, and records the reporting tag', async () => {
    const reply = await translate(
      {
        text: ['<b class="x">héllo</b>', 'wörld 😀'],
        target_lang: 'de',
        source_lang: 'en',
        tag_handling: 'xml',
        context: 'A long context that must not be billed at all.',
        show_billed_characters: true,
      },
      { 'X-Service-Reporting-Tag': 'checkout' },
    );
    expect(translations(reply).map((t) => t.billed_characters)).toEqual([5, 7]);
    expect(usageOf()).toEqual([['text_translation', 12, 'checkout']]);
  });

  it('bills same-language requests and returns them unchanged', async () => {
    const [t] = translations(
      await translate({ text: ['Color me'], target_lang: 'en-GB', source_lang: 'en', show_billed_characters: true }),
    );
    expect(t).toEqual({ detected_source_language: 'EN', text: 'Color me', billed_characters: 8 });
    expect(usageOf()).toEqual([['text_translation', 8, undefined]]);
  });

  it('does not bill beta targets', async () => {
    const [t] = translations(
      await translate({ text: ['Hello'], target_lang: 'de-CH', source_lang: 'en', show_billed_characters: true }),
    );
    expect(t!.billed_characters).toBe(0);
    expect(usageOf()).toEqual([]);
  });

  it('answers 456 when the key limit would be passed, and bills nothing', async () => {
    svc.state.accounts.keys.get(svc.options.paidKey)!.characterLimit = 10;
    expect((await translate({ text: ['12345'], target_lang: 'de', source_lang: 'en' })).status).toBe(200);
    const over = await translate({ text: ['123456'], target_lang: 'de', source_lang: 'en' });
    expect(over.status).toBe(456);
    expect(over.body).toMatchObject({ message: expect.stringMatching(/quota/i) });
    expect(usageOf()).toEqual([['text_translation', 5, undefined]]);
  });

  it('answers 456 on the account cost control too', async () => {
    svc.state.accounts.accounts.get('free')!.characterLimit = 3;
    const reply = await client(svc, svc.options.freeKey).json('/v2/translate', { text: ['abcd'], target_lang: 'de' });
    expect(reply.status).toBe(456);
  });
});

describe('POST /v2/translate: errors', () => {
  it('413 above 128 KiB', async () => {
    const reply = await translate({ text: ['a'.repeat(128 * 1024)], target_lang: 'de' });
    expect(reply.status).toBe(413);
  });

  it('400 for missing, empty, too many or non-string texts', async () => {
    await expect400({ target_lang: 'de' }, /text/);
    await expect400({ text: [], target_lang: 'de' }, /text/);
    await expect400({ text: Array.from({ length: 51 }, () => 'x'), target_lang: 'de' }, /at most 50/);
    await expect400({ text: [1], target_lang: 'de' }, /text/);
    expect((await translate({ text: Array.from({ length: 50 }, () => 'x'), target_lang: 'de' })).status).toBe(200);
  });

  it('400 for a missing or unsupported target and an unsupported source', async () => {
    await expect400({ text: ['x'] }, /target_lang/);
    await expect400({ text: ['x'], target_lang: 'xx' }, /target_lang/);
    await expect400({ text: ['x'], target_lang: 'en' }, /target_lang/);
    await expect400({ text: ['x'], target_lang: 'de', source_lang: 'en-GB' }, /source_lang/);
    await expect400({ text: ['x'], target_lang: 'de', source_lang: 'klingon' }, /source_lang/);
  });

  it('400 for formality on a target without it (rule 6) and for unknown values', async () => {
    await expect400({ text: ['x'], target_lang: 'en-US', formality: 'more' }, /formality/);
    await expect400({ text: ['x'], target_lang: 'zh', formality: 'less' }, /formality/);
    await expect400({ text: ['x'], target_lang: 'de', formality: 'polite' }, /formality/);
  });

  it('400 for a glossary without source_lang (rule 9)', async () => {
    await expect400({ text: ['x'], target_lang: 'de', glossary_id: 'any' }, /source_lang/);
  });

  it('400 for latency_optimized with v2 tags, style_id, custom_instructions or a translation memory', async () => {
    const base = { text: ['x'], target_lang: 'de', source_lang: 'en', model_type: 'latency_optimized' };
    await expect400({ ...base, tag_handling: 'xml', tag_handling_version: 'v2' }, /tag_handling_version/);
    await expect400({ ...base, style_id: 's' }, /style_id/);
    await expect400({ ...base, custom_instructions: ['Be brief'] }, /custom_instructions/);
    await expect400({ ...base, translation_memory_id: 't' }, /translation_memory_id/);
  });

  it('400 for latency_optimized into a language promoted from beta (rule 7)', async () => {
    await expect400({ text: ['x'], target_lang: 'th', source_lang: 'en', model_type: 'latency_optimized' }, /th/);
    await expect400({ text: ['x'], target_lang: 'de', source_lang: 'he', model_type: 'latency_optimized' }, /he/);
  });

  it('400 for custom_instructions beyond the limits or on an unsupported target', async () => {
    const base = { text: ['x'], target_lang: 'de', source_lang: 'en' };
    await expect400({ ...base, custom_instructions: Array.from({ length: 11 }, () => 'x') }, /at most 10/);
    await expect400({ ...base, custom_instructions: ['x'.repeat(301)] }, /300/);
    await expect400({ ...base, target_lang: 'nl', custom_instructions: ['x'] }, /custom_instructions/);
    const ok = await translate({ ...base, target_lang: 'en-GB', custom_instructions: ['é'.repeat(300)] });
    expect(ok.status).toBe(200);
  });

  it('400 for a translation memory threshold outside 0..100 or not an integer', async () => {
    const base = { text: ['x'], target_lang: 'de' };
    await expect400({ ...base, translation_memory_threshold: 101 }, /threshold/);
    await expect400({ ...base, translation_memory_threshold: -1 }, /threshold/);
    await expect400({ ...base, translation_memory_threshold: 50.5 }, /threshold/);
    await expect400({ ...base, translation_memory_threshold: 'high' }, /threshold/);
  });

  it('400 for unknown enum values and bad tag names', async () => {
    const base = { text: ['x'], target_lang: 'de' };
    await expect400({ ...base, model_type: 'fast' }, /model_type/);
    await expect400({ ...base, split_sentences: '2' }, /split_sentences/);
    await expect400({ ...base, tag_handling: 'markdown' }, /tag_handling/);
    await expect400({ ...base, tag_handling_version: 'v3' }, /tag_handling_version/);
    await expect400({ ...base, tag_handling: 'xml', ignore_tags: 'ok,not ok' }, /ignore_tags/);
    await expect400({ ...base, tag_handling: 'xml', splitting_tags: ['1x'] }, /splitting_tags/);
    await expect400({ ...base, show_billed_characters: 'yes' }, /show_billed_characters/);
    await expect400({ ...base, outline_detection: 'maybe' }, /outline_detection/);
  });

  it('400 for malformed JSON', async () => {
    const reply = await fetch(`${svc.url}/v2/translate`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}`, 'Content-Type': 'application/json' },
      body: '{"text": [',
    });
    expect(reply.status).toBe(400);
  });

  it('403 for body authentication and without a key', async () => {
    expect((await translate({ text: ['x'], target_lang: 'de', auth_key: svc.options.paidKey })).status).toBe(403);
    const anonymous = await fetch(`${svc.url}/v2/translate`, { method: 'POST', body: 'text=x&target_lang=de' });
    expect(anonymous.status).toBe(403);
  });
});
