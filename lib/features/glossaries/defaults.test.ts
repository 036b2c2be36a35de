import { describe, expect, it } from 'vitest';
import { defaultsThatExist, defaultsWithout, pairChoices } from './defaults.ts';
import type { GlossaryView } from './types.ts';

const view = (glossary_id: string, name: string, pairs: Array<[string, string]>): GlossaryView => ({
  glossary_id,
  name,
  creation_time: '2024-01-01T00:00:00.000Z',
  contentVersion: 'v',
  fetchedAt: 0,
  dictionaries: pairs.map(([source_lang, target_lang]) => ({ source_lang, target_lang, entry_count: 1 })),
});

describe('glossary defaults', () => {
  it('after a refresh, keeps only defaults whose glossary has a dictionary for their pair', () => {
    const list = [view('g1', 'One', [['en', 'de']]), view('g2', 'Two', [['EN', 'FR']])];
    const defaults = { 'en>de': 'g1', 'de>en': 'g1', 'en>fr': 'g2', 'en>it': 'gone' };
    expect(defaultsThatExist(defaults, list)).toEqual({ 'en>de': 'g1', 'en>fr': 'g2' });
    const fine = { 'en>de': 'g1' };
    expect(defaultsThatExist(fine, list)).toBe(fine);
  });

  it('drops every default of a deleted glossary and keeps the others', () => {
    const defaults = { 'en>de': 'g1', 'de>en': 'g1', 'en>fr': 'g2' };
    expect(defaultsWithout(defaults, 'g1')).toEqual({ 'en>fr': 'g2' });
  });

  it('drops only the pair of a deleted dictionary, matching codes by base language', () => {
    const defaults = { 'en>de': 'g1', 'de>en': 'g1' };
    expect(defaultsWithout(defaults, 'g1', { source_lang: 'EN', target_lang: 'de' })).toEqual({ 'de>en': 'g1' });
  });

  it('returns the same object when nothing points at the glossary', () => {
    const defaults = { 'en>de': 'g2' };
    expect(defaultsWithout(defaults, 'g1')).toBe(defaults);
    expect(defaultsWithout(defaults, 'g2', { source_lang: 'de', target_lang: 'en' })).toBe(defaults);
  });

  it('lists each pair once with the glossaries that cover it', () => {
    const choices = pairChoices([
      view('g2', 'Zeta', [['en', 'de']]),
      view('g1', 'Alpha', [
        ['EN', 'DE'],
        ['de', 'fr'],
      ]),
    ]);
    expect(choices.map((c) => c.key)).toEqual(['de>fr', 'en>de']);
    expect(choices[1]!.glossaries.map((g) => g.name)).toEqual(['Alpha', 'Zeta']);
    expect(choices[1]).toMatchObject({ source_lang: 'en', target_lang: 'de' });
  });
});
