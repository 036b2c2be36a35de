import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../data/languages.ts';
import { ACCENT_TABLE, accentTable, formalPronoun, pseudoTranslate, stripLatinAccents } from './pseudo.ts';

const PANGRAM = 'The quick brown fox jumps over the lazy dog';

describe('pseudoTranslate', () => {
  it('applies the target table, upper case included', () => {
    expect(pseudoTranslate('Auto und Ofen', 'de')).toBe('Äütö ünd Öfen');
    expect(pseudoTranslate('Auto', 'fr')).toBe('Àùtô');
  });

  it('gives every catalogue target its own look (zh is an alias of zh-Hans)', () => {
    const targets = seedCatalogue()
      .translate_text.filter((l) => l.target)
      .map((l) => l.lang)
      .filter((l) => l !== 'zh');
    const outputs = targets.map((t) => pseudoTranslate(PANGRAM, t));
    expect(new Set(outputs).size).toBe(targets.length);
    for (const out of outputs) expect(out).not.toBe(PANGRAM);
  });

  it('has a table entry for every seeded target', () => {
    for (const l of seedCatalogue().translate_text.filter((x) => x.target)) {
      expect(ACCENT_TABLE[l.lang], l.lang).toBeDefined();
    }
  });

  it('is deterministic and falls back to a stable table for unknown codes', () => {
    expect(pseudoTranslate(PANGRAM, 'xx')).toBe(pseudoTranslate(PANGRAM, 'xx'));
    expect(accentTable('xx').size).toBeGreaterThan(0);
    expect(pseudoTranslate(PANGRAM, 'xx')).not.toBe(PANGRAM);
  });

  it('strips Latin accents of the source first, keeping marks of other scripts', () => {
    expect(stripLatinAccents('Grüße, café')).toBe('Gruße, cafe');
    expect(stripLatinAccents('йога が')).toBe('йога が');
    expect(pseudoTranslate('café', 'it')).toBe('càfè');
  });
});

describe('formalPronoun', () => {
  it('maps you/your to the formal and informal forms, keeping initial capitals', () => {
    expect(formalPronoun('you', 'de', 'more')).toBe('Sie');
    expect(formalPronoun('you', 'de', 'less')).toBe('du');
    expect(formalPronoun('You', 'fr', 'less')).toBe('Tu');
    expect(formalPronoun('your', 'es-419', 'more')).toBe('su');
    expect(formalPronoun('you', 'pt-BR', 'less')).toBe('você');
  });

  it('has nothing for targets without formal forms', () => {
    expect(formalPronoun('you', 'en-GB', 'more')).toBeUndefined();
  });
});
