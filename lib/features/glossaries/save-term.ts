import { baseOf } from '../../languages/codes.ts';
import type { GlossaryDefaults } from '../../settings/schema.ts';
import { glossaryPairKey } from '../../settings/schema.ts';
import { t } from '../../ui/i18n.ts';
import { parseEntries, phraseProblem, serializeEntries } from './entries.ts';
import type { DictionaryEntriesResult, GlossaryListResult, GlossaryView, LanguagePair, SaveMode } from './types.ts';

/** The glossary Verso creates for saved terms when the pair has no default glossary. */
export const SAVED_TERMS_GLOSSARY = 'Saved terms';

export interface TermToSave {
  source: string;
  target: string;
  sourceLang: string;
  targetLang: string;
}

export interface TermSaved {
  /** `added`: a new entry; `updated`: the source was there with another translation; `already`: the glossary held it as it is. */
  outcome: 'added' | 'updated' | 'already';
  glossaryId: string;
  glossaryName: string;
  /** The glossary was made the pair's default by this save (it had none). */
  madeDefault: boolean;
  /** What the glossary held for the source before, when `updated`. */
  previous?: string;
}

/** What saving a term needs of the glossary cache and the settings (cache.background.ts, defaults). */
export interface SaveTermDeps {
  list(): Promise<GlossaryListResult>;
  defaults(): Promise<GlossaryDefaults>;
  makeDefault(pairKey: string, glossaryId: string): Promise<void>;
  create(name: string, dictionary: LanguagePair & { entries: string }): Promise<GlossaryView>;
  entries(glossaryId: string, pair: LanguagePair): Promise<DictionaryEntriesResult>;
  save(glossaryId: string, pair: LanguagePair, entries: string, mode: SaveMode): Promise<unknown>;
}

/** A term the service cannot take, refused before anything is sent (the import checks, entries.ts). */
export class TermRefused extends Error {
  readonly code = 'invalid_term';
  constructor(message: string) {
    super(message);
    this.name = 'TermRefused';
  }
}

/**
 * Saves a word or phrase with its translation into a glossary of its pair in one action: the pair's
 * default glossary, else the "Saved terms" glossary (created, or given the pair's dictionary), which
 * then becomes the pair's default so the next translations use it. An entry already there is left
 * alone and said so; one with another translation is updated.
 */
export async function saveTerm(term: TermToSave, deps: SaveTermDeps): Promise<TermSaved> {
  const source = term.source.trim().replace(/\s+/g, ' ');
  const target = term.target.trim().replace(/\s+/g, ' ');
  if (phraseProblem(source) || phraseProblem(target))
    throw new TermRefused(
      t(
        'termRefusedPhrase',
        'This cannot be a glossary entry: a phrase may not be empty, hold control characters or be longer than 1,024 bytes.',
      ),
    );
  const pair = { source_lang: baseOf(term.sourceLang), target_lang: baseOf(term.targetLang) };
  if (!pair.source_lang || !pair.target_lang || pair.source_lang === pair.target_lang)
    throw new TermRefused(t('termRefusedPair', 'A glossary entry needs two different languages.'));
  const key = glossaryPairKey(pair.source_lang, pair.target_lang);
  const [{ glossaries }, defaults] = await Promise.all([deps.list(), deps.defaults()]);
  const byDefault = glossaries.find((g) => g.glossary_id === defaults[key]);
  const glossary = byDefault ?? glossaries.find((g) => g.name === SAVED_TERMS_GLOSSARY);
  const entry = serializeEntries([{ source, target }]);

  if (!glossary) {
    const created = await deps.create(SAVED_TERMS_GLOSSARY, { ...pair, entries: entry });
    await deps.makeDefault(key, created.glossary_id);
    return { outcome: 'added', glossaryId: created.glossary_id, glossaryName: created.name, madeDefault: true };
  }
  const madeDefault = !byDefault;
  if (madeDefault) await deps.makeDefault(key, glossary.glossary_id);
  const named = { glossaryId: glossary.glossary_id, glossaryName: glossary.name, madeDefault };
  const hasPair = glossary.dictionaries.some(
    (d) => baseOf(d.source_lang) === pair.source_lang && baseOf(d.target_lang) === pair.target_lang,
  );
  if (!hasPair) {
    await deps.save(glossary.glossary_id, pair, entry, 'replace');
    return { outcome: 'added', ...named };
  }
  const held = parseEntries((await deps.entries(glossary.glossary_id, pair)).entries).entries.find(
    (e) => e.source === source,
  );
  if (held?.target === target) return { outcome: 'already', ...named };
  await deps.save(glossary.glossary_id, pair, entry, 'merge');
  return held ? { outcome: 'updated', previous: held.target, ...named } : { outcome: 'added', ...named };
}

/** What a save says to the person. */
export function termSavedWording(saved: TermSaved): string {
  if (saved.outcome === 'already') return t('termAlready', '“$1” already holds this term.', saved.glossaryName);
  if (saved.outcome === 'updated')
    return t('termUpdated', 'Updated in “$1” (it was “$2”).', [saved.glossaryName, saved.previous ?? '']);
  return saved.madeDefault
    ? t('termAddedDefault', 'Saved in “$1”, now the default glossary of this language pair.', saved.glossaryName)
    : t('termAdded', 'Saved in “$1”.', saved.glossaryName);
}
