import type { Language } from '../api/index.ts';
import { displayLanguageName } from '../ui/i18n.ts';
import { findLanguage } from './lookup.ts';

/**
 * A person-readable name for a code in the UI language (`EN` -> `Englisch` in German); the service's
 * name when the browser has none, the code itself when neither knows it.
 */
export function languageName(code: string, languages: readonly Language[]): string {
  const known = findLanguage(code, languages);
  return displayLanguageName(known?.lang ?? code, known?.name);
}
