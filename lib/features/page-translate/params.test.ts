import { describe, expect, it } from 'vitest';
import type { Language } from '../../api/index.ts';
import { Preferences, SiteRule } from '../../settings/schema.ts';
import { TranslationControls } from '../../settings/translation-controls.ts';
import type { ResolverInputs } from '../translation-controls/resolve.ts';
import { alreadyIn, pageContext, pageSource, planPage, targetTakesMarkup } from './params.ts';

const lang = (code: string, features: string[], source = true, target = true): Language => ({
  lang: code,
  name: code,
  usable_as_source: source,
  usable_as_target: target,
  status: 'stable',
  features: Object.fromEntries(features.map((f) => [f, { status: 'stable' }])),
});

const LANGUAGES = [
  lang('en', ['tag_handling', 'glossary'], true, false),
  lang('en-US', ['tag_handling'], false, true),
  lang('de', ['tag_handling', 'glossary', 'formality', 'style_rules']),
  lang('fr', ['tag_handling', 'glossary', 'formality']),
  lang('ja', ['tag_handling', 'glossary']),
  lang('xx', []),
];

const inputs = (
  prefs: Partial<Preferences> = {},
  over: Partial<Omit<ResolverInputs, 'preferences'>> = {},
): ResolverInputs => ({
  preferences: Preferences.parse({ targetLang: 'de', ...prefs }),
  siteRules: [],
  glossaryDefaults: {},
  advanced: TranslationControls.parse({}),
  languages: LANGUAGES,
  ...over,
});

const HOST = { host: 'news.example' };

describe('planPage', () => {
  it('sends markup for text units and plain text for attributes, with the same other parameters', () => {
    const plan = planPage(inputs(), { ...HOST, title: 'News', description: 'Daily news' });
    expect(plan.html).toEqual({ target_lang: 'de', tag_handling: 'html', context: 'News\nDaily news' });
    expect(plan.attr).toEqual({ target_lang: 'de', context: 'News\nDaily news' });
    expect(plan.mode).toBe('replace');
    expect(plan.notes).toBeUndefined();
  });

  it('leaves the context out when the person does not allow it', () => {
    const plan = planPage(inputs({ sendContext: false }), { ...HOST, title: 'News' });
    expect(plan.html.context).toBeUndefined();
  });

  it('sends the declared page language as the source, and then the default glossary of the pair', () => {
    const plan = planPage(inputs({}, { glossaryDefaults: { 'en>de': 'g-1', 'fr>de': 'g-2' } }), {
      ...HOST,
      pageLang: 'en-GB',
    });
    expect(plan.html).toMatchObject({ source_lang: 'en', glossary_id: 'g-1' });
    expect(plan.attr).toMatchObject({ source_lang: 'en', glossary_id: 'g-1' });
  });

  it('detects the source when the page declares nothing, a language the service lacks, or the target itself', () => {
    const withGlossary = inputs({}, { glossaryDefaults: { 'en>de': 'g-1' } });
    for (const pageLang of [undefined, 'tlh', 'de-AT', 'xx']) {
      const plan = planPage(withGlossary, { ...HOST, ...(pageLang ? { pageLang } : {}) });
      expect(plan.html.source_lang).toBeUndefined();
      expect(plan.html.glossary_id).toBeUndefined();
    }
  });

  it('sends formality only where the target supports it, else its prefer_ form', () => {
    expect(planPage(inputs({ formality: 'more' }), HOST).html.formality).toBe('more');
    expect(planPage(inputs({ targetLang: 'ja', formality: 'less' }), HOST).html.formality).toBe('prefer_less');
    expect(planPage(inputs({ formality: 'default' }), HOST).html.formality).toBeUndefined();
  });

  it("the site's rule wins over the preferences for formality and model", () => {
    const rules = [SiteRule.parse({ host: 'news.example', formality: 'less', modelType: 'quality_optimized' })];
    const plan = planPage(inputs({ formality: 'more' }, { siteRules: rules }), HOST);
    expect(plan.html).toMatchObject({ formality: 'less', model_type: 'quality_optimized' });
    const elsewhere = planPage(inputs({ formality: 'more' }, { siteRules: rules }), { host: 'other.example' });
    expect(elsewhere.html.formality).toBe('more');
    expect(elsewhere.html.model_type).toBeUndefined();
  });

  it("shows the page bilingual or the translation only as the site's rule says, else the preferences", () => {
    const rules = [{ ...SiteRule.parse({ host: 'news.example' }), pageMode: 'bilingual' as const }];
    expect(planPage(inputs({}, { siteRules: rules }), HOST).mode).toBe('bilingual');
    expect(planPage(inputs({}, { siteRules: rules }), { host: 'other.example' }).mode).toBe('replace');
    expect(planPage(inputs({ pageMode: 'bilingual' }), HOST).mode).toBe('bilingual');
    // A frame reads its mode from its tab's site, as it does its reading.
    expect(planPage(inputs({}, { siteRules: rules }), { host: 'ads.example', readingHost: 'news.example' }).mode).toBe(
      'bilingual',
    );
  });

  it('knows a page already in the target language: the same base, whatever the variant', () => {
    expect(alreadyIn('en', 'en-US')).toBe('en');
    expect(alreadyIn('en-GB', 'EN-US')).toBe('en');
    expect(alreadyIn(' de ', 'de')).toBe('de');
    expect(alreadyIn('en', 'de')).toBeUndefined();
    expect(alreadyIn(undefined, 'de')).toBeUndefined();
    expect(alreadyIn('', 'de')).toBeUndefined();
    expect(alreadyIn('x-klingon', 'x')).toBeUndefined();
    expect(planPage(inputs({ targetLang: 'en-US' }), { ...HOST, pageLang: 'en' }).alreadyIn).toBe('en');
    expect(planPage(inputs({ targetLang: 'en-US' }), { ...HOST, pageLang: 'fr' }).alreadyIn).toBeUndefined();
  });

  it('carries the translation controls to both groups and says when they switch the model', () => {
    const advanced = TranslationControls.parse({
      customInstructions: { de: ['Use the informal address.'] },
      styleRules: { de: { styleId: 'style-de', name: 'Hausstil', language: 'de' } },
      tagHandlingV2: true,
    });
    const plan = planPage(inputs({ modelType: 'latency_optimized' }, { advanced }), HOST);
    expect(plan.html).toMatchObject({
      custom_instructions: ['Use the informal address.'],
      style_id: 'style-de',
      tag_handling: 'html',
      tag_handling_version: 'v2',
      model_type: 'quality_optimized',
    });
    expect(plan.attr).toMatchObject({ style_id: 'style-de', model_type: 'quality_optimized' });
    expect(plan.attr.tag_handling).toBeUndefined();
    expect(plan.attr.tag_handling_version).toBeUndefined();
    expect(plan.notes?.length).toBe(1);
  });

  it('passes codes through when the language list is not known', () => {
    const plan = planPage(inputs({}, { languages: [] }), { ...HOST, pageLang: 'fr-CA' });
    expect(plan.html.source_lang).toBe('fr');
    expect(targetTakesMarkup('de', [])).toBe(true);
  });
});

describe('pageSource and pageContext', () => {
  it('needs tag handling on the source', () => {
    expect(pageSource('xx', 'de', LANGUAGES)).toBeUndefined();
    expect(pageSource('fr', 'de', LANGUAGES)).toBe('fr');
  });

  it('knows whether a target takes markup', () => {
    expect(targetTakesMarkup('xx', LANGUAGES)).toBe(false);
    expect(targetTakesMarkup('en-US', LANGUAGES)).toBe(true);
  });

  it('joins title and description once each, collapsed and bounded', () => {
    expect(pageContext('  A   title ', 'A title')).toBe('A title');
    expect(pageContext(undefined, '  ')).toBeUndefined();
    expect(pageContext('x'.repeat(3000))?.length).toBe(1000);
  });
});
