import { appDb } from '../../db/index.ts';
import {
  getGlossaryDefaults,
  getPreferences,
  getSiteRules,
  glossaryDefaultsItem,
  preferencesItem,
  siteRulesItem,
} from '../../settings/items.ts';
import { getLanguageRules, languageRulesItem } from '../../settings/language-rules.ts';
import { getTranslationControls, translationControlsItem } from '../../settings/translation-controls.ts';
import { getTheme, themeItem } from '../../ui/theme.ts';
import { readerSites, readerSitesItem } from '../pdf/settings.ts';
import { getVideoChoices, videoChoicesItem } from '../video/choices.ts';
import { getTypingSettings, typingSettingsItem } from '../writing/typing-settings.ts';
import type { SettingsContent, SettingsFile } from './format.ts';

/** Everything a settings file carries, read from storage. Credentials are deliberately not read. */
export async function currentSettings(): Promise<SettingsContent> {
  const read = {
    preferences: getPreferences(),
    siteRules: getSiteRules(),
    glossaryDefaults: getGlossaryDefaults(),
    theme: getTheme(),
    advanced: getTranslationControls(),
    languageRules: getLanguageRules(),
    typing: getTypingSettings(),
    // The extension's database (this page shares it with the worker that keeps the dictionary).
    dictionary: appDb().dictionaryWords.orderBy('word').primaryKeys() as Promise<string[]>,
    pdfReader: readerSites(),
    videoSubtitles: getVideoChoices(),
  };
  const values = await Promise.all(Object.values(read));
  return Object.fromEntries(Object.keys(read).map((key, i) => [key, values[i]])) as {
    [K in keyof typeof read]: Awaited<(typeof read)[K]>;
  };
}

/** Writes a validated file's settings. Validation happened before, so either all of it is written or none. */
export async function applySettings(file: SettingsFile): Promise<void> {
  await Promise.all([
    preferencesItem.setValue(file.preferences),
    siteRulesItem.setValue(file.siteRules),
    glossaryDefaultsItem.setValue(file.glossaryDefaults),
    themeItem.setValue(file.theme),
    translationControlsItem.setValue(file.advanced),
    languageRulesItem.setValue(file.languageRules),
    // A file from before the typing settings and the dictionary travelled leaves this browser's own.
    file.typing && typingSettingsItem.setValue(file.typing),
    file.pdfReader && readerSitesItem.setValue(file.pdfReader),
    file.videoSubtitles && videoChoicesItem.setValue(file.videoSubtitles),
    // The file's dictionary replaces the kept one, as its other settings replace theirs.
    file.dictionary &&
      appDb().transaction('rw', appDb().dictionaryWords, async () => {
        const now = Date.now();
        const words = file.dictionary ?? [];
        await appDb().dictionaryWords.clear();
        await appDb().dictionaryWords.bulkPut(words.map((word) => ({ word, addedAt: now })));
      }),
  ]);
}
