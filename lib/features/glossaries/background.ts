import { handle } from '../../messaging/handle.ts';
import { getGlossaryDefaults, glossaryDefaultsItem } from '../../settings/items.ts';
import { glossaryCache } from './cache.background.ts';
import { defaultsWithout } from './defaults.ts';
import type { LanguagePair } from './types.ts';

/** Keeps the per-pair defaults pointing at glossaries and dictionaries that exist. */
async function forgetDefaults(glossaryId: string, pair?: LanguagePair) {
  const defaults = await getGlossaryDefaults();
  const next = defaultsWithout(defaults, glossaryId, pair);
  if (next !== defaults) await glossaryDefaultsItem.setValue(next);
}

export function setUpGlossaries(): void {
  const cache = glossaryCache();
  handle('glossaries.cached', () => cache.cached());
  handle('glossaries.refresh', () => cache.refresh());
  handle('glossaries.create', ({ name, dictionary }) => cache.create(name, dictionary));
  handle('glossaries.rename', ({ glossaryId, name }) => cache.rename(glossaryId, name));
  handle('glossaries.delete', async ({ glossaryId }) => {
    await cache.remove(glossaryId);
    await forgetDefaults(glossaryId);
    return null;
  });
  handle('glossaries.deleteDictionary', async ({ glossaryId, ...pair }) => {
    const view = await cache.removeDictionary(glossaryId, pair);
    await forgetDefaults(glossaryId, pair);
    return view;
  });
  handle('glossaries.entries', ({ glossaryId, ...pair }) => cache.entries(glossaryId, pair));
  handle('glossaries.saveDictionary', ({ glossaryId, entries, mode, ...pair }) =>
    cache.saveDictionary(glossaryId, pair, entries, mode),
  );
}
