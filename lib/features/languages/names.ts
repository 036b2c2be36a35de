import type { Language } from '../../api/index.ts';
import { displayLanguageName, uiLanguage } from '../../ui/i18n.ts';

/**
 * The service's languages with their names in the UI language (the service names them in English):
 * a German UI lists "Englisch (Vereinigte Staaten)", not "English (American)". A code the browser has
 * no name for keeps the service's name.
 */
export function withLocalNames(languages: readonly Language[], lang = uiLanguage()): Language[] {
  return languages.map((l) => ({ ...l, name: displayLanguageName(l.lang, l.name, lang) }));
}
