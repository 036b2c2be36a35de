import type { Language } from '../api/index.ts';
import { baseOf, byCodeOrBase, sameCode } from './codes.ts';

/**
 * Reading the `/v3/languages` list. Nothing here hard-codes a language or a feature: an empty list means
 * "not known yet", and callers then pass codes through.
 */

/** A language by code, case-insensitively; a variant the list lacks falls back to its base (`en-GB` -> `en`). */
export function findLanguage(code: string, languages: readonly Language[]): Language | undefined {
  return byCodeOrBase(languages, (l) => l.lang, code);
}

/** Whether a language has a feature: its key exists (docs/contract.md §2.4), by the fallback rule. */
export function hasFeature(code: string, languages: readonly Language[], feature: string): boolean {
  const lang = findLanguage(code, languages);
  return lang !== undefined && feature in lang.features;
}

/** The list's own spelling of a source code (`EN` -> `en`, `de-AT` -> `de`), or undefined if not a source. */
export function sourceCodeFor(code: string, languages: readonly Language[]): string | undefined {
  if (!code) return undefined;
  if (languages.length === 0) return /^[a-z]{2,3}$/i.test(baseOf(code)) ? baseOf(code) : undefined;
  return byCodeOrBase(
    languages.filter((l) => l.usable_as_source),
    (l) => l.lang,
    code,
  )?.lang;
}

/**
 * A target for a code that may be a bare source (`en` -> `en-US`): the exact code, else a recently used
 * variant of the same language, else the first variant the service lists.
 */
export function targetCodeFor(
  code: string,
  languages: readonly Language[],
  recent: readonly string[] = [],
): string | undefined {
  if (!code) return undefined;
  const targets = languages.filter((l) => l.usable_as_target);
  const exact = targets.find((l) => sameCode(l.lang, code));
  if (exact) return exact.lang;
  const base = baseOf(code);
  const variants = targets.filter((l) => baseOf(l.lang) === base);
  const fromRecent = recent.map((r) => variants.find((l) => sameCode(l.lang, r))).find(Boolean);
  return (fromRecent ?? variants[0])?.lang;
}

/** What a source picker offers, by name (in `locale`'s order; the browser's when absent). */
export function sourceOptions(languages: readonly Language[], locale?: string): Language[] {
  return languages.filter((l) => l.usable_as_source).sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** What a target picker offers, by name (in `locale`'s order; the browser's when absent). */
export function targetOptions(languages: readonly Language[], locale?: string): Language[] {
  return languages.filter((l) => l.usable_as_target).sort((a, b) => a.name.localeCompare(b.name, locale));
}
