import { describe, expect, it } from 'vitest';
import { type Glossary, Language } from '../../api/index.ts';
import { formalityAllowed, glossaryAllowed, glossaryChoicesForPair, sourceChoices, targetChoices } from './choices.ts';

const lang = (lang: string, name: string, features: string[], source = true, target = true) =>
  Language.parse({
    lang,
    name,
    usable_as_source: source,
    usable_as_target: target,
    features: Object.fromEntries(features.map((f) => [f, { status: 'stable' }])),
  });

const LANGS = [
  lang('de', 'German', ['formality', 'glossary']),
  lang('en', 'English', ['glossary'], true, false),
  lang('en-GB', 'English (British)', ['glossary'], false, true),
  lang('ko', 'Korean', []),
  lang('xx', 'Newish', ['formality', 'some_future_feature']),
];

const glossary = (id: string, name: string, pairs: Array<[string, string]>): Glossary =>
  ({
    glossary_id: id,
    name,
    creation_time: '2025-01-01T00:00:00.000Z',
    dictionaries: pairs.map(([s, t]) => ({ source_lang: s, target_lang: t, entry_count: 1 })),
  }) as Glossary;

describe('document form choices', () => {
  it('lists sources and targets by usability, sorted by name', () => {
    expect(sourceChoices(LANGS).map((l) => l.lang)).toEqual(['en', 'de', 'ko', 'xx']);
    expect(targetChoices(LANGS).map((l) => l.lang)).toEqual(['en-GB', 'de', 'ko', 'xx']);
  });

  it('offers formality where the target has the key, codes compared without case', () => {
    expect(formalityAllowed(LANGS, 'DE')).toBe(true);
    expect(formalityAllowed(LANGS, 'xx')).toBe(true);
    expect(formalityAllowed(LANGS, 'ko')).toBe(false);
    expect(formalityAllowed(LANGS, 'unknown')).toBe(false);
  });

  it('offers a glossary only with a chosen source and the key on both languages', () => {
    expect(glossaryAllowed(LANGS, 'en', 'de')).toBe(true);
    expect(glossaryAllowed(LANGS, '', 'de')).toBe(false);
    expect(glossaryAllowed(LANGS, 'ko', 'de')).toBe(false);
    expect(glossaryAllowed(LANGS, 'en', 'ko')).toBe(false);
  });

  it("lists the pair's glossaries by name (which ones: lib/languages)", () => {
    const list = [
      glossary('g2', 'Support', [['EN', 'de']]),
      glossary('g1', 'Product', [
        ['fr', 'de'],
        ['en', 'de'],
      ]),
      glossary('g3', 'British', [['de', 'en']]),
    ];
    expect(glossaryChoicesForPair(list, 'en', 'de')).toEqual([
      { glossaryId: 'g1', name: 'Product' },
      { glossaryId: 'g2', name: 'Support' },
    ]);
    expect(glossaryChoicesForPair(list, 'de', 'en-GB')).toEqual([{ glossaryId: 'g3', name: 'British' }]);
    expect(glossaryChoicesForPair(list, 'ko', 'de')).toEqual([]);
  });
});
