import type { Formality, Language } from '../../api/index.ts';
import { displayLanguageName } from '../../ui/i18n.ts';

/**
 * Language-code helpers over the `/v3/languages` list (translate_text). Nothing here hard-codes a
 * language or a feature: an empty list means "not known yet", and callers then pass codes through.
 */

export const baseOf = (code: string): string => code.toLowerCase().split('-')[0] ?? '';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function findLanguage(code: string, languages: readonly Language[]): Language | undefined {
  return languages.find((l) => same(l.lang, code));
}

/** The list's own spelling of a source code (`EN` -> `en`, `de-AT` -> `de`), or undefined if not a source. */
export function sourceCodeFor(code: string, languages: readonly Language[]): string | undefined {
  if (!code) return undefined;
  if (languages.length === 0) return /^[a-z]{2,3}$/i.test(baseOf(code)) ? baseOf(code) : undefined;
  const sources = languages.filter((l) => l.usable_as_source);
  return (sources.find((l) => same(l.lang, code)) ?? sources.find((l) => same(l.lang, baseOf(code))))?.lang;
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
  const exact = targets.find((l) => same(l.lang, code));
  if (exact) return exact.lang;
  const base = baseOf(code);
  const variants = targets.filter((l) => baseOf(l.lang) === base);
  const fromRecent = recent.map((r) => variants.find((l) => same(l.lang, r))).find(Boolean);
  return (fromRecent ?? variants[0])?.lang;
}

/** Whether a language has a feature key; the base language answers for a variant it does not list. */
export function hasFeature(code: string, languages: readonly Language[], feature: string): boolean {
  const lang = findLanguage(code, languages) ?? findLanguage(baseOf(code), languages);
  return lang !== undefined && feature in lang.features;
}

/**
 * A person-readable name for a code in the UI language (`EN` -> `Englisch` in German); the service's
 * name when the browser has none, the code itself when neither knows it.
 */
export function languageName(code: string, languages: readonly Language[]): string {
  const known = findLanguage(code, languages) ?? findLanguage(baseOf(code), languages);
  return displayLanguageName(known?.lang ?? code, known?.name);
}

/** What a target picker offers, by name. */
export function targetOptions(languages: readonly Language[]): Language[] {
  return languages.filter((l) => l.usable_as_target).sort((a, b) => a.name.localeCompare(b.name));
}

/** What a source picker offers, by name. */
export function sourceOptions(languages: readonly Language[]): Language[] {
  return languages.filter((l) => l.usable_as_source).sort((a, b) => a.name.localeCompare(b.name));
}

/** `recent` with `code` moved to the front, at most `max` long. */
export function withRecent(recent: readonly string[], code: string, max = 8): string[] {
  return [code, ...recent.filter((r) => !same(r, code))].slice(0, max);
}

/**
 * The formality to send: none for `default`; the chosen value where the target supports it; else its
 * `prefer_` form, which the service turns into the default instead of failing (docs/contract.md §4.1 rule 6).
 */
export function formalityFor(
  formality: Formality,
  target: string,
  languages: readonly Language[],
): Formality | undefined {
  if (formality === 'default') return undefined;
  if (hasFeature(target, languages, 'formality')) return formality;
  return formality === 'more' ? 'prefer_more' : formality === 'less' ? 'prefer_less' : formality;
}
