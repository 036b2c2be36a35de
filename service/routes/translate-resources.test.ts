import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { notFound } from '../http/errors.ts';
import type { GlossaryStore } from '../stores/glossaries.ts';
import type { StyleRuleStore } from '../stores/style-rules.ts';
import type { TranslationMemoryStore } from '../stores/translation-memories.ts';
import { client } from '../testing/http.ts';
import { serviceForTests } from '../testing/vitest.ts';

/**
 * How /v2/translate uses glossaries, style rule lists and translation memories, with those stores
 * replaced by stubs: their own behaviour is tested beside their routes.
 */
let stores: {
  glossaries: MockInstance<GlossaryStore['entries']>;
  styleRules: MockInstance<StyleRuleStore['ref']>;
  memories: MockInstance<TranslationMemoryStore['find']>;
};
const svc = serviceForTests();
const api = client(svc);
beforeEach(() => {
  stores = {
    glossaries: vi.spyOn(svc.state.glossaries, 'entries').mockReturnValue([]),
    styleRules: vi.spyOn(svc.state.styleRules, 'ref'),
    memories: vi.spyOn(svc.state.memories, 'find'),
  };
});
afterEach(() => {
  vi.restoreAllMocks();
});

const translate = (body: Record<string, unknown>) => api.json('/v2/translate', body);
const firstText = (body: unknown) => (body as { translations: Array<{ text: string }> }).translations[0]!.text;

describe('glossary_id', () => {
  it('looks the dictionary up for the pair and applies it', async () => {
    stores.glossaries.mockReturnValue([['settings', 'Einstellungen']]);
    const reply = await translate({
      text: ['open settings'],
      target_lang: 'DE',
      source_lang: 'EN',
      glossary_id: 'g-1',
    });
    expect(firstText(reply.body)).toBe('Öpen Einstellungen');
    const paidAccount = svc.state.accounts.keys.get(svc.options.paidKey)!.accountId;
    expect(stores.glossaries).toHaveBeenCalledWith(paidAccount, 'g-1', 'en', 'de');
  });

  it('passes the glossary store errors through (unknown glossary, pair mismatch)', async () => {
    stores.glossaries.mockImplementation(() => {
      throw notFound('Glossary not found');
    });
    const reply = await translate({ text: ['x'], target_lang: 'de', source_lang: 'en', glossary_id: 'nope' });
    expect(reply.status).toBe(404);
  });

  it('refuses a language without the glossary feature', async () => {
    const reply = await translate({ text: ['x'], target_lang: 'hi', source_lang: 'en', glossary_id: 'g' });
    expect(reply.status).toBe(400);
    expect(stores.glossaries).not.toHaveBeenCalled();
  });
});

describe('style_id', () => {
  it('accepts a list whose language matches the target base or exact variant', async () => {
    stores.styleRules.mockReturnValue({ style_id: 's', language: 'en' });
    const ok = await translate({
      text: ['hi'],
      target_lang: 'en-GB',
      source_lang: 'de',
      style_id: 's',
      model_type: 'quality_optimized',
    });
    expect(ok.status).toBe(200);
    expect((ok.body as { translations: Array<{ model_type_used: string }> }).translations[0]!.model_type_used).toBe(
      'quality_optimized',
    );
    stores.styleRules.mockReturnValue({ style_id: 's', language: 'en-US' });
    expect((await translate({ text: ['hi'], target_lang: 'en-GB', source_lang: 'de', style_id: 's' })).status).toBe(
      400,
    );
  });

  it('400 when the list language differs from the target', async () => {
    stores.styleRules.mockReturnValue({ style_id: 's', language: 'de' });
    const reply = await translate({ text: ['hi'], target_lang: 'fr', source_lang: 'en', style_id: 's' });
    expect(reply.status).toBe(400);
    expect((reply.body as { message: string }).message).toMatch(/style rule list/);
  });

  it('404 for an unknown list', async () => {
    stores.styleRules.mockImplementation(() => {
      throw notFound('Style rule list not found');
    });
    expect((await translate({ text: ['hi'], target_lang: 'fr', style_id: 'nope' })).status).toBe(404);
  });
});

describe('translation_memory_id', () => {
  const memory = { translation_memory_id: 'tm', source_language: 'en', target_languages: ['de', 'fr'] };

  it('accepts a memory for the pair', async () => {
    stores.memories.mockReturnValue(memory);
    const reply = await translate({
      text: ['hi'],
      target_lang: 'de',
      source_lang: 'en',
      translation_memory_id: 'tm',
      translation_memory_threshold: 90,
    });
    expect(reply.status).toBe(200);
    expect(stores.memories).toHaveBeenCalledWith(expect.any(String), 'tm');
  });

  it('400 when the pair does not match, 404 for an unknown memory', async () => {
    stores.memories.mockReturnValue(memory);
    expect((await translate({ text: ['hi'], target_lang: 'es', translation_memory_id: 'tm' })).status).toBe(400);
    expect(
      (await translate({ text: ['hi'], target_lang: 'de', source_lang: 'nl', translation_memory_id: 'tm' })).status,
    ).toBe(400);
    stores.memories.mockImplementation(() => {
      throw notFound('Translation memory not found');
    });
    expect((await translate({ text: ['hi'], target_lang: 'de', translation_memory_id: 'x' })).status).toBe(404);
  });
});
