import { describe, expect, it } from 'vitest';
import { testOptions } from '../config.ts';
import { ServiceState } from '../stores/state.ts';
import {
  canonicalCode,
  catalogue,
  changeLanguage,
  FORMALITY_TARGETS,
  findLanguage,
  GLOSSARY_LANGUAGES,
  isBilledTarget,
  seedCatalogue,
} from './languages.ts';

const seed = seedCatalogue();
const codes = (list: typeof seed.translate_text, pick: (l: (typeof list)[number]) => boolean) =>
  list
    .filter(pick)
    .map((l) => l.lang)
    .sort();

describe('seed catalogue', () => {
  it('has every glossary language of the contract as a translate_text source', () => {
    const sources = codes(seed.translate_text, (l) => l.source);
    for (const code of GLOSSARY_LANGUAGES) expect(sources).toContain(code);
    expect(codes(seed.glossary, () => true)).toEqual([...GLOSSARY_LANGUAGES].sort());
  });

  it('has the variant targets, with de-CH and fr-CA in beta', () => {
    for (const code of ['en-GB', 'en-US', 'pt-BR', 'pt-PT', 'es-419', 'zh-Hans', 'zh-Hant']) {
      expect(findLanguage(new ServiceState(testOptions()), 'translate_text', code)).toMatchObject({
        target: true,
        status: 'stable',
      });
    }
    const beta = seed.translate_text.filter((l) => l.status === 'beta').map((l) => l.lang);
    expect(beta).toEqual(expect.arrayContaining(['de-CH', 'fr-CA', 'hi']));
    expect(seed.translate_text.find((l) => l.lang === 'en')).toMatchObject({ source: true, target: false });
  });

  it('puts formality exactly on the targets of rule 6 (documents without es-419)', () => {
    expect(codes(seed.translate_text, (l) => 'formality' in l.features)).toEqual([...FORMALITY_TARGETS].sort());
    expect(codes(seed.translate_document, (l) => 'formality' in l.features)).toEqual(
      FORMALITY_TARGETS.filter((c) => c !== 'es-419').sort(),
    );
  });

  it('puts style_rules on de, en, es, fr, it, ja, ko, zh targets and their variants', () => {
    const bases = new Set(codes(seed.translate_text, (l) => 'style_rules' in l.features).map((c) => c.split('-')[0]));
    expect([...bases].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'zh']);
  });

  it('lists the write languages of docs/contract.md §4.5 with style and tone features', () => {
    expect(codes(seed.write, (l) => l.target)).toEqual(
      ['de', 'en', 'en-GB', 'en-US', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'pt-BR', 'pt-PT', 'zh', 'zh-Hans'].sort(),
    );
    expect(codes(seed.write, (l) => 'writing_style' in l.features && 'tone' in l.features)).toEqual(
      ['de', 'en-GB', 'en-US', 'es', 'fr', 'it', 'pt-BR', 'pt-PT'].sort(),
    );
  });

  it('marks auto_detection on sources only and has an external-only feature', () => {
    for (const list of Object.values(seed)) {
      for (const l of list) if ('auto_detection' in l.features) expect(l.source).toBe(true);
    }
    const external = seed.voice.filter((l) => l.features.translated_speech?.external);
    expect(external.length).toBeGreaterThan(0);
  });

  it('marks languages promoted from beta', () => {
    expect(seed.translate_text.filter((l) => l.promotedFromBeta).map((l) => l.lang)).toEqual(['he', 'th', 'vi']);
  });
});

describe('per-instance catalogue', () => {
  it('can be changed at run time and is restored by reset', () => {
    const state = new ServiceState(testOptions());
    changeLanguage(state, { resource: 'translate_text', lang: 'GA', name: 'Irish', status: 'beta' });
    changeLanguage(state, { resource: 'translate_text', lang: 'sv', feature: 'formality', status: 'beta' });
    expect(findLanguage(state, 'translate_text', 'ga')).toMatchObject({ lang: 'ga', name: 'Irish', status: 'beta' });
    expect(findLanguage(state, 'translate_text', 'sv')?.features.formality).toEqual({ status: 'beta' });
    expect(changeLanguage(state, { resource: 'glossary', lang: 'xx', feature: 'f' })).toBeUndefined();
    state.reset();
    expect(findLanguage(state, 'translate_text', 'ga')).toBeUndefined();
    expect(findLanguage(state, 'translate_text', 'sv')?.features.formality).toBeUndefined();
    // Another instance never saw the change.
    expect(catalogue(new ServiceState(testOptions())).translate_text).toEqual(seed.translate_text);
  });

  it('bills stable targets and not beta ones', () => {
    const state = new ServiceState(testOptions());
    expect(isBilledTarget(state, 'translate_text', 'DE')).toBe(true);
    expect(isBilledTarget(state, 'translate_text', 'de-ch')).toBe(false);
  });
});

describe('canonicalCode', () => {
  it('applies BCP 47 casing', () => {
    expect(canonicalCode('EN-us')).toBe('en-US');
    expect(canonicalCode('ZH-HANT')).toBe('zh-Hant');
    expect(canonicalCode('es-419')).toBe('es-419');
    expect(canonicalCode('pt_br')).toBe('pt-BR');
  });
});
