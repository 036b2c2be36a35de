import { describe, expect, it } from 'vitest';
import type { Language } from '../../api/index.ts';
import { memoryFits, styleListFits, styleRuleTargets, takesStyleRules } from './matching.ts';
import { memoryThreshold } from './resolve.ts';

const lang = (code: string, name: string, features: string[], target = true): Language => ({
  lang: code,
  name,
  usable_as_source: true,
  usable_as_target: target,
  status: 'stable',
  features: Object.fromEntries(features.map((f) => [f, { status: 'stable' }])),
});

describe('styleListFits', () => {
  it('compares base languages, except for a list made for a variant', () => {
    expect(styleListFits('en', 'en-GB')).toBe(true);
    expect(styleListFits('EN', 'en-us')).toBe(true);
    expect(styleListFits('de', 'de')).toBe(true);
    expect(styleListFits('de', 'fr')).toBe(false);
    expect(styleListFits('en-GB', 'en-gb')).toBe(true);
    expect(styleListFits('en-GB', 'en-US')).toBe(false);
    expect(styleListFits('', 'de')).toBe(false);
  });
});

describe('memoryFits', () => {
  const supportMacros = { sourceLang: 'en', targetLangs: ['fr', 'es'] };
  it('needs the source and one of the targets, by base language', () => {
    expect(memoryFits(supportMacros, 'EN', 'es-419')).toBe(true);
    expect(memoryFits(supportMacros, 'en', 'fr')).toBe(true);
    expect(memoryFits(supportMacros, 'en', 'de')).toBe(false);
    expect(memoryFits(supportMacros, 'de', 'fr')).toBe(false);
    expect(memoryFits(supportMacros, '', 'fr')).toBe(false);
  });
});

describe('style rule support', () => {
  const languages = [
    lang('de', 'German', ['style_rules']),
    lang('sv', 'Swedish', []),
    lang('en', 'English', [], false),
    lang('en-GB', 'English (British)', ['style_rules']),
  ];
  it('follows features.style_rules, and trusts the choice while the list is unknown', () => {
    expect(takesStyleRules('de', languages)).toBe(true);
    expect(takesStyleRules('sv', languages)).toBe(false);
    expect(takesStyleRules('sv', [])).toBe(true);
  });
  it('offers only targets with the feature, by name', () => {
    expect(styleRuleTargets(languages).map((l) => l.lang)).toEqual(['en-GB', 'de']);
  });
});

describe('memoryThreshold', () => {
  it('is a whole number from 0 to 100, 75 when not given', () => {
    expect(memoryThreshold(undefined)).toBe(75);
    expect(memoryThreshold(Number.NaN)).toBe(75);
    expect(memoryThreshold(80)).toBe(80);
    expect(memoryThreshold(-3)).toBe(0);
    expect(memoryThreshold(140)).toBe(100);
    expect(memoryThreshold(74.6)).toBe(75);
  });
});
