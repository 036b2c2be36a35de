import { browser } from 'wxt/browser';
import { openOptions } from '../../background/core.ts';
import { handle } from '../../messaging/handle.ts';
import { glossaryCache } from './cache.background.ts';
import { changeDefaults } from './defaults.background.ts';
import { defaultsWithout } from './defaults.ts';
import { GLOSSARY_GONE_PREFIX, goneGlossaries, refreshKeepingDefaults } from './gone.background.ts';
import { saveTermInGlossary } from './save-term.background.ts';
import type { LanguagePair } from './types.ts';

/** Keeps the per-pair defaults pointing at glossaries and dictionaries that exist. */
const forgetDefaults = (glossaryId: string, pair?: LanguagePair) =>
  changeDefaults((defaults) => defaultsWithout(defaults, glossaryId, pair));

export function setUpGlossaries(): void {
  const cache = glossaryCache();
  handle('glossaries.cached', () => cache.cached());
  // The whole list is known after a refresh: a default whose glossary (or dictionary) went elsewhere goes too.
  handle('glossaries.refresh', () => refreshKeepingDefaults(cache, goneGlossaries()));
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
  // "A glossary no longer exists": the click leads to the glossaries, to choose another default.
  browser.notifications.onClicked.addListener((id) => {
    if (!id.startsWith(GLOSSARY_GONE_PREFIX)) return;
    void browser.notifications.clear(id);
    void openOptions('glossaries');
  });
  handle('glossaries.entries', ({ glossaryId, ...pair }) => cache.entries(glossaryId, pair));
  handle('glossaries.saveTerm', (term) => saveTermInGlossary(term));
  handle('glossaries.saveDictionary', ({ glossaryId, entries, mode, ...pair }) =>
    cache.saveDictionary(glossaryId, pair, entries, mode),
  );
}
