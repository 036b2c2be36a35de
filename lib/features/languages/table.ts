import type { Language } from '../../api/index.ts';

/** The `resource` values the options page can show (the ones `languages.get` accepts). */
export const LANGUAGE_RESOURCES = [
  'translate_text',
  'translate_document',
  'glossary',
  'write',
  'voice',
  'style_rules',
] as const;
export type LanguageResourceName = (typeof LANGUAGE_RESOURCES)[number];

/**
 * The feature columns: every key some language has, in alphabetical order. Taken from the data, so a
 * key the service adds tomorrow gets its column without a code change (docs/contract.md §2.4).
 */
export function featureColumns(languages: readonly Language[]): string[] {
  const keys = new Set<string>();
  for (const l of languages) for (const k of Object.keys(l.features)) keys.add(k);
  return [...keys].sort();
}

/** Rows in a readable order: by name, then code (variants of one language stay together). */
export function sortedLanguages(languages: readonly Language[]): Language[] {
  return [...languages].sort((a, b) => a.name.localeCompare(b.name) || a.lang.localeCompare(b.lang));
}
