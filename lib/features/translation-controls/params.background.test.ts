import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Language } from '../../api/index.ts';
import { glossaryDefaultsItem, preferencesItem, siteRulesItem } from '../../settings/items.ts';
import { Preferences, SiteRule } from '../../settings/schema.ts';
import { translationControlsItem } from '../../settings/translation-controls.ts';
import {
  type ResolverDeps,
  resolverInputs,
  resolveTranslateParams,
  type TranslateRequest,
} from './params.background.ts';
import { defaultChoices } from './resolve.ts';

const stable = { status: 'stable' };
const lang = (code: string, name: string, features: string[], roles = { source: true, target: true }): Language => ({
  lang: code,
  name,
  usable_as_source: roles.source,
  usable_as_target: roles.target,
  status: 'stable',
  features: Object.fromEntries(features.map((f) => [f, stable])),
});

/** A slice of a translate_text list: what each language supports decides what may be sent. */
const LANGUAGES: Language[] = [
  lang('de', 'German', ['glossary', 'tag_handling', 'formality', 'style_rules']),
  lang('en', 'English', ['glossary', 'tag_handling', 'auto_detection'], { source: true, target: false }),
  lang('en-GB', 'English (British)', ['glossary', 'tag_handling', 'style_rules'], { source: false, target: true }),
  lang('en-US', 'English (American)', ['glossary', 'tag_handling', 'style_rules'], { source: false, target: true }),
  lang('ko', 'Korean', ['glossary', 'tag_handling', 'style_rules']),
  lang('sv', 'Swedish', ['glossary', 'tag_handling']),
  lang('fr', 'French', ['glossary', 'tag_handling', 'formality', 'style_rules']),
  lang('th', 'Thai', ['tag_handling']),
];

const known: ResolverDeps = { languages: async () => LANGUAGES };
const unknown: ResolverDeps = { languages: async () => [] };

const HAUSSTIL = { styleId: 'style-de', name: 'Hausstil', language: 'de' };
const HOUSE_STYLE = { styleId: 'style-en', name: 'House style', language: 'en' };
const PRODUCT_UI = { memoryId: 'tm-1', name: 'Product UI', sourceLang: 'en', targetLangs: ['de'], threshold: 85 };

async function settle(prefs: Partial<Preferences> = {}, advanced: Record<string, unknown> = {}) {
  await preferencesItem.setValue(Preferences.parse(prefs));
  await translationControlsItem.setValue(advanced as never);
}

const resolve = (req: Partial<TranslateRequest> & { targetLang: string }, deps = known) =>
  resolveTranslateParams({ feature: 'popup', ...req }, deps);
const codes = (notes: Array<{ code: string }>) => notes.map((n) => n.code);

beforeEach(() => fakeBrowser.reset());

describe('resolveTranslateParams: the basics', () => {
  it('sends only the target and the known source when nothing else is chosen', async () => {
    await settle();
    const { params, notes } = await resolve({ targetLang: 'de', sourceLang: 'en' });
    expect(params).toEqual({ target_lang: 'de', source_lang: 'en' });
    expect(notes).toEqual([]);
  });

  it('sends the chosen model: an override over the site rule over the preference', async () => {
    await settle({ modelType: 'prefer_quality_optimized' });
    await siteRulesItem.setValue([SiteRule.parse({ host: 'news.example', modelType: 'latency_optimized' })]);
    expect((await resolve({ targetLang: 'de', sourceLang: 'en' })).params.model_type).toBe('prefer_quality_optimized');
    const onSite = await resolve({ targetLang: 'de', sourceLang: 'en', host: 'news.example' });
    expect(onSite.params.model_type).toBe('latency_optimized');
    const picked = await resolve({
      targetLang: 'de',
      sourceLang: 'en',
      host: 'news.example',
      overrides: { modelType: 'quality_optimized' },
    });
    expect(picked.params.model_type).toBe('quality_optimized');
    expect(picked.chosen.modelType).toBe('quality_optimized');
  });

  it('sends context only when the person allows it', async () => {
    await settle({ sendContext: true });
    expect((await resolve({ targetLang: 'de', context: 'around' })).params.context).toBe('around');
    await settle({ sendContext: false });
    expect((await resolve({ targetLang: 'de', context: 'around' })).params).not.toHaveProperty('context');
  });

  it('passes tag handling through', async () => {
    await settle();
    expect((await resolve({ targetLang: 'de', tagHandling: 'html' })).params.tag_handling).toBe('html');
  });
});

describe('formality', () => {
  it('is sent where the target has the formality feature and left out when default', async () => {
    await settle({ formality: 'more' });
    expect((await resolve({ targetLang: 'de' })).params.formality).toBe('more');
    await settle({ formality: 'default' });
    expect((await resolve({ targetLang: 'de' })).params).not.toHaveProperty('formality');
  });

  it('becomes its prefer_ form, with a note, on a target without the feature', async () => {
    await settle({ formality: 'less' });
    const { params, notes } = await resolve({ targetLang: 'sv' });
    expect(params.formality).toBe('prefer_less');
    expect(codes(notes)).toEqual(['formality_fallback']);
    expect(notes[0]!.message).toContain('Swedish');
  });

  it('uses the prefer_ form without a note while the languages are not known', async () => {
    await settle({ formality: 'more' });
    const { params, notes } = await resolve({ targetLang: 'de' }, unknown);
    expect(params.formality).toBe('prefer_more');
    expect(notes).toEqual([]);
  });

  it("follows the site rule's formality, and a choice made for this translation over both", async () => {
    await settle({ formality: 'more' });
    await siteRulesItem.setValue([SiteRule.parse({ host: 'chat.example', formality: 'less' })]);
    expect((await resolve({ targetLang: 'de', host: 'chat.example' })).params.formality).toBe('less');
    const picked = await resolve({ targetLang: 'de', host: 'chat.example', overrides: { formality: 'default' } });
    expect(picked.params).not.toHaveProperty('formality');
    expect(picked.chosen.formality).toBe('default');
  });
});

describe('glossary', () => {
  beforeEach(async () => {
    await settle();
    await glossaryDefaultsItem.setValue({ 'en>de': 'g-en-de' });
  });

  it("uses the pair's default glossary when the source is known", async () => {
    const { params } = await resolve({ targetLang: 'de', sourceLang: 'en' });
    expect(params.glossary_id).toBe('g-en-de');
  });

  it('never sends a glossary without a source; a chosen one gets a note', async () => {
    expect((await resolve({ targetLang: 'de' })).params).not.toHaveProperty('glossary_id');
    const { params, notes } = await resolve({ targetLang: 'de', overrides: { glossary: { kind: 'id', id: 'g2' } } });
    expect(params).not.toHaveProperty('glossary_id');
    expect(codes(notes)).toEqual(['glossary_needs_source']);
  });

  it('honours an explicit choice: none, or a given glossary', async () => {
    const none = await resolve({ targetLang: 'de', sourceLang: 'en', overrides: { glossary: { kind: 'none' } } });
    expect(none.params).not.toHaveProperty('glossary_id');
    const given = await resolve({
      targetLang: 'de',
      sourceLang: 'en',
      overrides: { glossary: { kind: 'id', id: 'g2' } },
    });
    expect(given.params.glossary_id).toBe('g2');
  });

  it('leaves the default out for a language without glossary support', async () => {
    await glossaryDefaultsItem.setValue({ 'en>th': 'g-en-th' });
    expect((await resolve({ targetLang: 'th', sourceLang: 'en' })).params).not.toHaveProperty('glossary_id');
  });
});

describe('custom instructions', () => {
  it('are sent for a target with style_rules and switch the request to quality_optimized', async () => {
    await settle({}, { customInstructions: { de: ['Use short sentences.', 'Keep product names in English.'] } });
    const { params, notes } = await resolve({ targetLang: 'de', sourceLang: 'en' });
    expect(params.custom_instructions).toEqual(['Use short sentences.', 'Keep product names in English.']);
    expect(params.model_type).toBe('quality_optimized');
    expect(notes).toEqual([]);
  });

  it('are left out, with a note, for a target without style_rules', async () => {
    await settle({}, { customInstructions: { sv: ['Kort.'] } });
    const { params, notes } = await resolve({ targetLang: 'sv', sourceLang: 'en' });
    expect(params).not.toHaveProperty('custom_instructions');
    expect(params).not.toHaveProperty('model_type');
    expect(codes(notes)).toEqual(['instructions_unsupported']);
  });

  it('of the base language serve its variants; a variant keeps its own', async () => {
    await settle({}, { customInstructions: { 'en-GB': ['British spelling.'], de: ['Sie.'] } });
    expect((await resolve({ targetLang: 'en-GB' })).params.custom_instructions).toEqual(['British spelling.']);
    expect((await resolve({ targetLang: 'EN-gb' })).params.custom_instructions).toEqual(['British spelling.']);
    expect((await resolve({ targetLang: 'en-US' })).params).not.toHaveProperty('custom_instructions');
    expect((await resolve({ targetLang: 'de-CH' })).params.custom_instructions).toEqual(['Sie.']);
  });

  it('never carry more than 10 entries or one over 300 characters (counted as code points)', async () => {
    const emoji = '😀'.repeat(300);
    await settle();
    // Written around the schema, as a damaged or hand-edited value would be.
    await translationControlsItem.setValue({
      customInstructions: { de: [emoji] },
      styleRules: {},
      translationMemories: {},
      tagHandlingV2: false,
    });
    expect((await resolve({ targetLang: 'de' })).params.custom_instructions).toEqual([emoji]);
    await translationControlsItem.setValue({
      customInstructions: { de: [...Array.from({ length: 10 }, (_, i) => `rule ${i}`), 'x'.repeat(301)] },
    } as never);
    expect((await resolve({ targetLang: 'de' })).params).not.toHaveProperty('custom_instructions');
  });
});

describe('the model rules (docs/contract.md §4.1 rules 3, 4, 5)', () => {
  it('switch latency_optimized to quality_optimized and say why', async () => {
    await settle(
      { modelType: 'latency_optimized' },
      { customInstructions: { de: ['Be brief.'] }, styleRules: { de: HAUSSTIL } },
    );
    const { params, notes, chosen } = await resolve({ targetLang: 'de', sourceLang: 'en' });
    expect(params.model_type).toBe('quality_optimized');
    expect(chosen.modelType).toBe('latency_optimized');
    expect(codes(notes)).toEqual(['model_switched']);
    expect(notes[0]!.message).toContain('custom instructions');
    expect(notes[0]!.message).toContain('a style rule list');
  });

  it('turn prefer_quality_optimized into quality_optimized without a note', async () => {
    await settle({ modelType: 'prefer_quality_optimized' }, { styleRules: { de: HAUSSTIL } });
    const { params, notes } = await resolve({ targetLang: 'de', sourceLang: 'en' });
    expect(params.model_type).toBe('quality_optimized');
    expect(notes).toEqual([]);
  });

  it('send tag_handling_version v2 only with markup, and it needs the quality model', async () => {
    await settle({ modelType: 'latency_optimized' }, { tagHandlingV2: true });
    const plain = await resolve({ targetLang: 'de', sourceLang: 'en' });
    expect(plain.params).not.toHaveProperty('tag_handling_version');
    expect(plain.params.model_type).toBe('latency_optimized');
    const markup = await resolve({ targetLang: 'de', sourceLang: 'en', tagHandling: 'html' });
    expect(markup.params).toMatchObject({
      tag_handling: 'html',
      tag_handling_version: 'v2',
      model_type: 'quality_optimized',
    });
    expect(markup.notes[0]!.message).toContain('markup handling v2');
  });

  it('explain that a detected source gets the quality model anyway', async () => {
    await settle({ modelType: 'latency_optimized' });
    const { params, notes } = await resolve({ targetLang: 'de' });
    expect(params.model_type).toBe('latency_optimized');
    expect(codes(notes)).toEqual(['detected_source_model']);
  });
});

describe('style rule lists', () => {
  it('are sent when their language is the target’s base language', async () => {
    await settle({}, { styleRules: { 'en-GB': HOUSE_STYLE, de: HAUSSTIL } });
    expect((await resolve({ targetLang: 'en-GB' })).params).toMatchObject({
      style_id: 'style-en',
      model_type: 'quality_optimized',
    });
    expect((await resolve({ targetLang: 'de' })).params.style_id).toBe('style-de');
  });

  it('of another language, or of another variant, are left out with a note', async () => {
    await settle({}, { styleRules: { fr: HAUSSTIL, 'en-US': { styleId: 's', name: 'UK', language: 'en-GB' } } });
    const french = await resolve({ targetLang: 'fr' });
    expect(french.params).not.toHaveProperty('style_id');
    expect(codes(french.notes)).toEqual(['style_mismatch']);
    const american = await resolve({ targetLang: 'en-US' });
    expect(american.params).not.toHaveProperty('style_id');
    expect(codes(american.notes)).toEqual(['style_mismatch']);
  });

  it('are left out for a target without style_rules', async () => {
    await settle({}, { styleRules: { sv: { styleId: 's', name: 'Svensk', language: 'sv' } } });
    const { params, notes } = await resolve({ targetLang: 'sv' });
    expect(params).not.toHaveProperty('style_id');
    expect(codes(notes)).toEqual(['style_unsupported']);
  });
});

describe('translation memories', () => {
  it('are sent with their threshold for the pair they cover, with the quality model', async () => {
    await settle({}, { translationMemories: { 'en>de': PRODUCT_UI } });
    const { params } = await resolve({ targetLang: 'de', sourceLang: 'en' });
    expect(params).toMatchObject({
      translation_memory_id: 'tm-1',
      translation_memory_threshold: 85,
      model_type: 'quality_optimized',
    });
  });

  it('default to a threshold of 75', async () => {
    const { threshold: _, ...withoutThreshold } = PRODUCT_UI;
    await settle({}, { translationMemories: { 'en>de': withoutThreshold } });
    expect((await resolve({ targetLang: 'de', sourceLang: 'en' })).params.translation_memory_threshold).toBe(75);
  });

  it('need a known source', async () => {
    await settle({}, { translationMemories: { 'en>de': PRODUCT_UI } });
    const { params, notes } = await resolve({ targetLang: 'de' });
    expect(params).not.toHaveProperty('translation_memory_id');
    expect(codes(notes)).toEqual(['memory_needs_source']);
    // A memory for another target says nothing.
    expect((await resolve({ targetLang: 'fr' })).notes).toEqual([]);
  });

  it('that do not cover the pair are left out with a note', async () => {
    await settle({}, { translationMemories: { 'fr>de': PRODUCT_UI } });
    const { params, notes } = await resolve({ targetLang: 'de', sourceLang: 'fr' });
    expect(params).not.toHaveProperty('translation_memory_id');
    expect(codes(notes)).toEqual(['memory_mismatch']);
  });

  it('serve the variants of a target they list by base language', async () => {
    await settle({}, { translationMemories: { 'de>en': { ...PRODUCT_UI, sourceLang: 'de', targetLangs: ['en'] } } });
    expect((await resolve({ targetLang: 'en-GB', sourceLang: 'de' })).params.translation_memory_id).toBe('tm-1');
  });
});

describe('defaultChoices: what a translation starts from', () => {
  it('gives the site rule’s or the preferences’ formality and the pair’s default glossary, with a source', async () => {
    await settle({ formality: 'more' });
    await glossaryDefaultsItem.setValue({ 'en>de': 'g-legal' });
    await siteRulesItem.setValue([SiteRule.parse({ host: 'news.example', formality: 'less' })]);
    const inputs = await resolverInputs(known);
    expect(defaultChoices(inputs, { sourceLang: 'en', targetLang: 'de' })).toEqual({
      formality: 'more',
      modelType: '',
      glossaryId: 'g-legal',
    });
    expect(defaultChoices(inputs, { sourceLang: 'EN', targetLang: 'de', host: 'news.example' }).formality).toBe('less');
    // A glossary needs a source; a pair whose target takes none gets none.
    expect(defaultChoices(inputs, { targetLang: 'de' }).glossaryId).toBeUndefined();
    await glossaryDefaultsItem.setValue({ 'en>th': 'g-th' });
    expect(
      defaultChoices(await resolverInputs(known), { sourceLang: 'en', targetLang: 'th' }).glossaryId,
    ).toBeUndefined();
  });
});
