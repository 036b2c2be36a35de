import type { Language } from '../../api/index.ts';
import { displayLanguageName, uiLanguage } from '../../ui/i18n.ts';

/**
 * The service's languages with their names in the UI language (the service names them in English):
 * a German UI lists "Englisch (Vereinigte Staaten)", not "English (American)". A code the browser has
 * no name for keeps the service's name.
 */
export function withLocalNames(languages: readonly Language[], lang = uiLanguage()): Language[] {
  return languages.map((l) => ({ ...l, name: asListItem(displayLanguageName(l.lang, l.name, lang), lang) }));
}

/**
 * A name standing alone in a list or picker starts with a capital, as lists do in every language; in
 * French, Spanish or Russian the browser gives it in lower case ("japonais"), as written inside a sentence
 * (sentences use languageName, which keeps that).
 */
function asListItem(name: string, lang: string): string {
  const first = name.charAt(0);
  try {
    return first.toLocaleUpperCase(lang) + name.slice(1);
  } catch {
    return first.toUpperCase() + name.slice(1);
  }
}
