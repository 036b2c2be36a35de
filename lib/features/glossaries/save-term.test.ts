import { describe, expect, it } from 'vitest';
import type { GlossaryDefaults } from '../../settings/schema.ts';
import { SAVED_TERMS_GLOSSARY, type SaveTermDeps, saveTerm, TermRefused } from './save-term.ts';
import type { GlossaryView, LanguagePair, SaveMode } from './types.ts';

const glossary = (id: string, name: string, pairs: Array<[string, string]>): GlossaryView => ({
  glossary_id: id,
  name,
  creation_time: '2026-01-01T00:00:00.000Z',
  dictionaries: pairs.map(([source_lang, target_lang]) => ({ source_lang, target_lang, entry_count: 1 })),
  contentVersion: 'v1',
  fetchedAt: 1,
});

function fake(glossaries: GlossaryView[], defaults: GlossaryDefaults = {}, entries = '') {
  const calls: string[] = [];
  const saved: Array<{ glossaryId: string; pair: LanguagePair; entries: string; mode: SaveMode }> = [];
  const deps: SaveTermDeps = {
    list: async () => ({ glossaries }),
    defaults: async () => defaults,
    makeDefault: async (key, id) => void calls.push(`default ${key} ${id}`),
    create: async (name, dictionary) => {
      calls.push(`create ${name} ${dictionary.source_lang}>${dictionary.target_lang} ${dictionary.entries}`);
      return glossary('new', name, [[dictionary.source_lang, dictionary.target_lang]]);
    },
    entries: async () => ({ entries, fetchedAt: 1 }),
    save: async (glossaryId, pair, text, mode) => void saved.push({ glossaryId, pair, entries: text, mode }),
  };
  return { deps, calls, saved };
}

const term = { source: 'river bank', target: 'Flussufer', sourceLang: 'EN', targetLang: 'de' };

describe('saveTerm', () => {
  it('creates the "Saved terms" glossary and makes it the pair’s default when there is none', async () => {
    const { deps, calls } = fake([]);
    expect(await saveTerm(term, deps)).toMatchObject({
      outcome: 'added',
      glossaryName: SAVED_TERMS_GLOSSARY,
      madeDefault: true,
    });
    expect(calls).toEqual(['create Saved terms en>de river bank\tFlussufer', 'default en>de new']);
  });

  it('adds to the pair’s default glossary, merging into its dictionary', async () => {
    const { deps, saved, calls } = fake([glossary('g1', 'Work', [['en', 'de']])], { 'en>de': 'g1' }, 'boat\tBoot');
    expect(await saveTerm(term, deps)).toMatchObject({ outcome: 'added', glossaryId: 'g1', madeDefault: false });
    expect(saved).toEqual([
      {
        glossaryId: 'g1',
        pair: { source_lang: 'en', target_lang: 'de' },
        entries: 'river bank\tFlussufer',
        mode: 'merge',
      },
    ]);
    expect(calls).toEqual([]);
  });

  it('says so when the glossary already holds the term, and sends nothing', async () => {
    const { deps, saved } = fake([glossary('g1', 'Work', [['en', 'de']])], { 'en>de': 'g1' }, 'river bank\tFlussufer');
    expect(await saveTerm({ ...term, source: '  river   bank ' }, deps)).toMatchObject({ outcome: 'already' });
    expect(saved).toEqual([]);
  });

  it('updates a term held with another translation', async () => {
    const { deps } = fake([glossary('g1', 'Work', [['en', 'de']])], { 'en>de': 'g1' }, 'river bank\tUfer');
    expect(await saveTerm(term, deps)).toMatchObject({ outcome: 'updated', previous: 'Ufer' });
  });

  it('gives "Saved terms" the dictionary of a new pair', async () => {
    const { deps, saved, calls } = fake([glossary('s', SAVED_TERMS_GLOSSARY, [['en', 'fr']])]);
    expect(await saveTerm(term, deps)).toMatchObject({ outcome: 'added', glossaryId: 's', madeDefault: true });
    expect(saved[0]?.mode).toBe('replace');
    expect(calls).toEqual(['default en>de s']);
  });

  it('refuses what a glossary cannot hold before anything is sent', async () => {
    const { deps, saved, calls } = fake([]);
    await expect(saveTerm({ ...term, target: 'x'.repeat(1100) }, deps)).rejects.toBeInstanceOf(TermRefused);
    await expect(saveTerm({ ...term, targetLang: 'en-GB' }, deps)).rejects.toBeInstanceOf(TermRefused);
    expect([...saved, ...calls]).toEqual([]);
  });
});
