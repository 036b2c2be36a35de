/**
 * Rules over language codes alone, with no list of the service's languages: the one base-code rule and
 * the one fallback rule (a variant falls back to its base language). No imports, so the settings and
 * every context can use it.
 */

/** The base language of a code, lower case: `en-US` -> `en`, `DE` -> `de`. */
export const baseOf = (code: string): string => code.toLowerCase().split('-')[0] ?? '';

/** Whether two codes name the same language, case-insensitively (`EN-gb` and `en-GB`). */
export const sameCode = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The one fallback rule: the item for the code itself (any case), else the one for its base language
 * (`de-CH` -> `de`). A base code never falls forward to a variant.
 */
export function byCodeOrBase<T>(items: readonly T[], codeOf: (item: T) => string, code: string): T | undefined {
  return items.find((i) => sameCode(codeOf(i), code)) ?? items.find((i) => sameCode(codeOf(i), baseOf(code)));
}

/** The entry of a record keyed by language code, by the fallback rule (a key per target, per language...). */
export function entryFor<T>(record: Readonly<Record<string, T>>, code: string): T | undefined {
  const key = byCodeOrBase(Object.keys(record), (k) => k, code);
  return key === undefined ? undefined : record[key];
}

/** `recent` with `code` moved to the front, at most `max` long. */
export function withRecent(recent: readonly string[], code: string, max = 8): string[] {
  return [code, ...recent.filter((r) => !sameCode(r, code))].slice(0, max);
}

/** Old codes a language detector may still give (CLD: `iw`, `in`, `ji`), and `no` for Bokmål. */
const ALIASES: Readonly<Record<string, string>> = { iw: 'he', in: 'id', ji: 'yi', no: 'nb' };

/** Chinese is written in two scripts: a text in the other one is not "already in" the target. */
const traditional = (code: string): boolean => /-(hant|tw|hk|mo)\b/i.test(code);

/**
 * Whether text a detector found in `detected` is already in `target`'s language: the same base language
 * (`de` text for a `de-AT` target, `en` for `en-US`), or for Chinese the same script.
 */
export function alreadyInLanguage(detected: string, target: string): boolean {
  const a = baseOf(detected);
  const b = baseOf(target);
  if ((ALIASES[a] ?? a) !== (ALIASES[b] ?? b)) return false;
  return a !== 'zh' || traditional(detected) === traditional(target);
}
