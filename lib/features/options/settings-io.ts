import { advancedSettingsItem, getAdvancedSettings } from '../../settings/advanced.ts';
import {
  getGlossaryDefaults,
  getPreferences,
  getSiteRules,
  glossaryDefaultsItem,
  preferencesItem,
  siteRulesItem,
} from '../../settings/items.ts';
import type { SettingsContent, SettingsFile } from './settings-file.ts';
import { getTheme, themeItem } from './theme.ts';

/** Everything a settings file carries, read from storage. Credentials are deliberately not read. */
export async function currentSettings(): Promise<SettingsContent> {
  const [preferences, siteRules, glossaryDefaults, theme, advanced] = await Promise.all([
    getPreferences(),
    getSiteRules(),
    getGlossaryDefaults(),
    getTheme(),
    getAdvancedSettings(),
  ]);
  return { preferences, siteRules, glossaryDefaults, theme, advanced };
}

/** Writes a validated file's settings. Validation happened before, so either all of it is written or none. */
export async function applySettings(file: SettingsFile): Promise<void> {
  await Promise.all([
    preferencesItem.setValue(file.preferences),
    siteRulesItem.setValue(file.siteRules),
    glossaryDefaultsItem.setValue(file.glossaryDefaults),
    themeItem.setValue(file.theme),
    advancedSettingsItem.setValue(file.advanced),
  ]);
}
