import { describe, expect, it } from 'vitest';
import { testService } from './testing.ts';

/** Languages, usage, translation memories and text improvement: the read-mostly endpoints. */
const t = testService();

describe('languages over HTTP', () => {
  it('lists v3 languages of a resource, with features as a record', async () => {
    const languages = await t.paid().getLanguages('translate_text');
    const de = languages.find((l) => l.lang === 'de');
    expect(de).toMatchObject({ name: 'German', usable_as_source: true, usable_as_target: true, status: 'stable' });
    expect(de?.features).toHaveProperty('formality');
    expect(languages.every((l) => typeof l.features === 'object')).toBe(true);
    const [logged] = await t.control.requests('/v3/languages');
    expect(logged?.query).toEqual({ resource: 'translate_text' });
  });

  it('adds beta languages with include=beta, sent as a repeated parameter', async () => {
    const client = t.paid();
    const stable = await client.getLanguages('translate_text');
    const all = await client.getLanguages('translate_text', { includeBeta: true, includeExternal: true });
    expect(all.length).toBeGreaterThan(stable.length);
    expect(all.some((l) => l.status === 'beta')).toBe(true);
    const logged = await t.control.requests('/v3/languages');
    expect(logged[1]?.query).toEqual({ resource: 'translate_text', include: ['beta', 'external'] });
  });

  it('lists resources and their features', async () => {
    const resources = await t.paid().getLanguageResources();
    expect(resources.map((r) => r.name)).toEqual(
      expect.arrayContaining(['translate_text', 'translate_document', 'glossary', 'write']),
    );
    const glossary = resources.find((r) => r.name === 'translate_text')?.features.find((f) => f.name === 'glossary');
    expect(glossary).toMatchObject({ needs_source_support: true, needs_target_support: true });
  });

  it('serves the deprecated v2 lists', async () => {
    const client = t.paid();
    const targets = await client.getLanguagesV2('target');
    expect(targets.find((l) => l.language === 'DE')).toMatchObject({ supports_formality: true });
    const sources = await client.getLanguagesV2();
    expect(sources.every((l) => l.supports_formality === undefined)).toBe(true);
    const pairs = await client.getGlossaryLanguagePairs();
    expect(pairs).toContainEqual(expect.objectContaining({ source_lang: 'en', target_lang: 'de' }));
  });
});

describe('usage and translation memories over HTTP', () => {
  it('counts characters per key and account', async () => {
    const client = t.paid();
    await client.translate({ text: ['Hello world'], target_lang: 'de' });
    const usage = await client.getUsage();
    expect(usage).toMatchObject({ character_count: 11, api_key_character_count: 11 });
    expect(usage.products?.find((p) => p.product_type === 'text_translation')?.api_key_unit_count).toBe(11);
    expect(await t.free().getUsage()).toMatchObject({ character_count: 0, character_limit: 500_000 });
  });

  it('lists the seeded translation memories and uses one', async () => {
    const memories = await t.paid().listTranslationMemories();
    const ui = memories.find((m) => m.name === 'Product UI');
    expect(ui).toMatchObject({ source_language: 'en', target_languages: ['de'] });
    const [r] = await t.paid().translate({
      text: ['Save'],
      source_lang: 'en',
      target_lang: 'de',
      translation_memory_id: ui?.translation_memory_id ?? '',
      translation_memory_threshold: 80,
    });
    expect(r?.text).toBeTypeOf('string');
  });
});

describe('text improvement over HTTP', () => {
  it('rephrases and corrects in input order', async () => {
    const client = t.paid();
    const rephrased = await client.rephrase({
      text: ['This are a test.', 'I has two cat.'],
      target_lang: 'en-US',
      writing_style: 'business',
    });
    expect(rephrased).toHaveLength(2);
    expect(rephrased[0]).toMatchObject({ target_language: 'en-US', detected_source_language: 'en' });
    const corrected = await client.correct({ text: ['This are a test.'], target_lang: 'en' });
    expect(corrected[0]?.text).toBeTypeOf('string');
  });

  it('400 for a non-prefixed style on a language without it, fallback for prefer_', async () => {
    const client = t.paid();
    await expect(
      client.rephrase({ text: ['これはテストです。'], target_lang: 'ja', tone: 'friendly' }),
    ).rejects.toMatchObject({ code: 'bad_request', status: 400, message: expect.stringContaining('tone') });
    await expect(
      client.rephrase({ text: ['これはテストです。'], target_lang: 'ja', tone: 'prefer_friendly' }),
    ).resolves.toHaveLength(1);
  });

  it('refuses writing_style with tone locally', async () => {
    await expect(
      t.paid().rephrase({ text: ['Hi'], target_lang: 'en-US', writing_style: 'casual', tone: 'friendly' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await t.control.requests('/v2/write')).toEqual([]);
  });
});
