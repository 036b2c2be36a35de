import { describe, expect, it } from 'vitest';
import type { Language } from '../../api/index.ts';
import { type PlanInputs, pageContext, pageSource, planPage, targetTakesMarkup } from './params.ts';

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
  lang('de', ['tag_handling', 'glossary', 'formality']),
  lang('fr', ['tag_handling', 'glossary', 'formality']),
  lang('ja', ['tag_handling', 'glossary']),
  lang('xx', []),
];

const inputs = (over: Partial<PlanInputs> = {}): PlanInputs => ({
  targetLang: 'de',
  mode: 'replace',
  formality: 'default',
  modelType: '',
  sendContext: true,
  languages: LANGUAGES,
  glossaryFor: () => undefined,
  page: {},
  ...over,
});

describe('planPage', () => {
  it('sends markup for text units and plain text for attributes, with the same other parameters', () => {
    const plan = planPage(inputs({ page: { title: 'News', description: 'Daily news' } }));
    expect(plan.html).toEqual({ target_lang: 'de', tag_handling: 'html', context: 'News\nDaily news' });
    expect(plan.attr).toEqual({ target_lang: 'de', context: 'News\nDaily news' });
    expect(plan.mode).toBe('replace');
  });

  it('leaves the context out when the person does not allow it', () => {
    const plan = planPage(inputs({ sendContext: false, page: { title: 'News' } }));
    expect(plan.html.context).toBeUndefined();
  });

  it('sends the declared page language as the source, and then the default glossary of the pair', () => {
    const asked: string[] = [];
    const plan = planPage(
      inputs({
        page: { pageLang: 'en-GB' },
        glossaryFor: (s, t) => {
          asked.push(`${s}>${t}`);
          return 'g-1';
        },
      }),
    );
    expect(plan.html).toMatchObject({ source_lang: 'en', glossary_id: 'g-1' });
    expect(plan.attr).toMatchObject({ source_lang: 'en', glossary_id: 'g-1' });
    expect(asked).toEqual(['en>de']);
  });

  it('detects the source when the page declares nothing, a language the service lacks, or the target itself', () => {
    const ask = () => {
      throw new Error('no glossary without a source');
    };
    expect(planPage(inputs({ glossaryFor: ask })).html.source_lang).toBeUndefined();
    expect(planPage(inputs({ glossaryFor: ask, page: { pageLang: 'tlh' } })).html.source_lang).toBeUndefined();
    expect(planPage(inputs({ glossaryFor: ask, page: { pageLang: 'de-AT' } })).html.source_lang).toBeUndefined();
    expect(planPage(inputs({ glossaryFor: ask, page: { pageLang: 'xx' } })).html.source_lang).toBeUndefined();
  });

  it('sends formality only where the target supports it, else its prefer_ form', () => {
    expect(planPage(inputs({ formality: 'more' })).html.formality).toBe('more');
    expect(planPage(inputs({ targetLang: 'ja', formality: 'less' })).html.formality).toBe('prefer_less');
    expect(planPage(inputs({ formality: 'default' })).html.formality).toBeUndefined();
  });

  it('sends the model type when one is chosen', () => {
    expect(planPage(inputs({ modelType: 'quality_optimized' })).html.model_type).toBe('quality_optimized');
    expect(planPage(inputs()).html.model_type).toBeUndefined();
  });

  it('passes codes through when the language list is not known', () => {
    const plan = planPage(inputs({ languages: [], page: { pageLang: 'fr-CA' } }));
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
