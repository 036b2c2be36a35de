import { getGlossaryDefaults } from '../../settings/items.ts';
import { glossaryCache } from './cache.background.ts';
import { changeDefaults } from './defaults.background.ts';
import { goneGlossaries, refreshKeepingDefaults } from './gone.background.ts';
import { saveTerm, type TermSaved, type TermToSave } from './save-term.ts';

/**
 * `saveTerm` on the worker's glossary cache and settings: from Verso's pages (`glossaries.saveTerm`) and
 * from the selection bubble (`selection.saveTerm`, lib/features/selection/handlers.background.ts).
 */
export function saveTermInGlossary(term: TermToSave): Promise<TermSaved> {
  const cache = glossaryCache();
  return saveTerm(term, {
    // The service's list (a glossary made in another browser counts), or the cache when it cannot be reached.
    list: () => refreshKeepingDefaults(cache, goneGlossaries()).catch(() => cache.cached()),
    defaults: getGlossaryDefaults,
    makeDefault: (key, glossaryId) => changeDefaults((defaults) => ({ ...defaults, [key]: glossaryId })),
    create: (name, dictionary) => cache.create(name, dictionary),
    entries: (glossaryId, pair) => cache.entries(glossaryId, pair),
    save: (glossaryId, pair, entries, mode) => cache.saveDictionary(glossaryId, pair, entries, mode),
  });
}
