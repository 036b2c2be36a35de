import { describe, expect, it } from 'vitest';
import type { Glossary, Language } from '../api/index.ts';
import {
  baseOf,
  entryFor,
  findLanguage,
  formalityFor,
  glossariesForPair,
  hasFeature,
  languageName,
  sourceCodeFor,
  sourceOptions,
  targetCodeFor,
  targetOptions,
  withRecent,
} from './index.ts';

const lang = (code: string, name: string, source: boolean, target: boolean, features: string[] = []): Language => ({
  lang: code,
  name,
  usable_as_source: source,
  usable_as_target: target,
  status: 'stable',
  features: Object.fromEntries(features.map((f) => [f, { status: 'stable' }])),
});

const LIST: Language[] = [
  lang('de', 'German', true, true, ['formality', 'glossary']),
  lang('en', 'English', true, false, ['glossary']),
  lang('en-GB', 'English (British)', false, true),
  lang('en-US', 'English (American)', false, true),
  lang('pt', 'Portuguese', true, false),
  lang('pt-BR', 'Portuguese (Brazilian)', false, true, ['formality']),
  lang('ja', 'Japanese', true, true),
];

describe('language helpers', () => {
  it('takes the base language of a code, in lower case', () => {
    expect(baseOf('en-US')).toBe('en');
    expect(baseOf('DE')).toBe('de');
    expect(baseOf('zh-Hant')).toBe('zh');
    expect(baseOf('')).toBe('');
  });

  it('finds languages case-insensitively and falls back from a variant to its base, never forward', () => {
    expect(findLanguage('EN-gb', LIST)?.name).toBe('English (British)');
    expect(findLanguage('de-AT', LIST)?.name).toBe('German');
    expect(findLanguage('pt-PT', LIST)?.name).toBe('Portuguese');
    expect(findLanguage('fr', LIST)).toBeUndefined();
    expect(findLanguage('de', [])).toBeUndefined();
  });

  it('finds the entry of a record by its exact code, else by its base language', () => {
    const record = { 'en-GB': 'british', de: 'german' };
    expect(entryFor(record, 'EN-gb')).toBe('british');
    expect(entryFor(record, 'en-US')).toBeUndefined();
    expect(entryFor(record, 'de-CH')).toBe('german');
    expect(entryFor(record, 'fr')).toBeUndefined();
  });

  it('maps page and service codes to the list’s own source codes', () => {
    expect(sourceCodeFor('EN', LIST)).toBe('en');
    expect(sourceCodeFor('en-US', LIST)).toBe('en');
    expect(sourceCodeFor('de-AT', LIST)).toBe('de');
    expect(sourceCodeFor('xx', LIST)).toBeUndefined();
    expect(sourceCodeFor('', LIST)).toBeUndefined();
    // Without the list, a plausible base code passes through.
    expect(sourceCodeFor('fr-CA', [])).toBe('fr');
    expect(sourceCodeFor('not a code', [])).toBeUndefined();
  });

  it('turns a source into a target, preferring a recently used variant', () => {
    expect(targetCodeFor('de', LIST)).toBe('de');
    expect(targetCodeFor('EN', LIST)).toBe('en-GB');
    expect(targetCodeFor('en', LIST, ['pt-BR', 'en-US'])).toBe('en-US');
    expect(targetCodeFor('xx', LIST)).toBeUndefined();
  });

  it('reads features from the list; a variant falls back to its base', () => {
    expect(hasFeature('DE', LIST, 'formality')).toBe(true);
    expect(hasFeature('en-US', LIST, 'formality')).toBe(false);
    expect(hasFeature('de-CH', LIST, 'glossary')).toBe(true);
    expect(hasFeature('de', [], 'formality')).toBe(false);
    expect(hasFeature('xx', LIST, 'formality')).toBe(false);
  });

  it('names languages, or shows the code when unknown', () => {
    expect(languageName('EN', LIST)).toBe('English');
    expect(languageName('pt-br', LIST)).toBe('Brazilian Portuguese'); // the browser's name in the UI language (en here)
    expect(languageName('xx', LIST)).toBe('XX');
  });

  it('offers sources and targets by name', () => {
    expect(sourceOptions(LIST).map((l) => l.lang)).toEqual(['en', 'de', 'ja', 'pt']);
    expect(targetOptions(LIST).map((l) => l.lang)).toEqual(['en-US', 'en-GB', 'de', 'ja', 'pt-BR']);
    expect(targetOptions(LIST, 'en').map((l) => l.lang)).toEqual(['en-US', 'en-GB', 'de', 'ja', 'pt-BR']);
  });

  it('keeps recent targets unique, newest first, bounded', () => {
    expect(withRecent(['de', 'fr', 'ja'], 'FR')).toEqual(['FR', 'de', 'ja']);
    expect(withRecent(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
  });

  it('sends formality only where it helps, and never one that fails the request', () => {
    expect(formalityFor('default', 'de', LIST)).toBeUndefined();
    expect(formalityFor('more', 'de', LIST)).toBe('more');
    expect(formalityFor('less', 'en-US', LIST)).toBe('prefer_less');
    expect(formalityFor('more', 'de', [])).toBe('prefer_more');
    expect(formalityFor('prefer_more', 'ja', LIST)).toBe('prefer_more');
  });

  it('finds glossaries with a dictionary for the pair; a base language serves its variants', () => {
    const glossary = (id: string, pairs: Array<[string, string]>): Glossary =>
      ({
        glossary_id: id,
        name: id,
        creation_time: '2025-01-01T00:00:00.000Z',
        dictionaries: pairs.map(([s, t]) => ({ source_lang: s, target_lang: t, entry_count: 1 })),
      }) as Glossary;
    const list = [
      glossary('g2', [['EN', 'de']]),
      glossary('g1', [
        ['fr', 'de'],
        ['en', 'en'],
      ]),
      glossary('g3', [['de', 'en']]),
    ];
    const ids = (source: string, target: string) => glossariesForPair(list, source, target).map((g) => g.glossary_id);
    expect(ids('en', 'de')).toEqual(['g2']);
    expect(ids('de', 'en-GB')).toEqual(['g3']);
    expect(ids('en-US', 'en-GB')).toEqual(['g1']);
    expect(ids('ko', 'de')).toEqual([]);
  });
});
