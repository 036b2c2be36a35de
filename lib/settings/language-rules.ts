import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { isLanguageCode } from '../api/language-code.ts';
import { baseOf } from '../languages/codes.ts';
import { lenient } from './items.ts';
import { oneAtATime } from './one-at-a-time.ts';

/**
 * Rules by the language a page is in, beside the rules by site (lib/settings/schema.ts `SiteRule`): pages
 * in German are always translated, or never offered. A site's own rule comes first (see
 * lib/features/translate-offer/decide.ts); without either, a page in another language than the target is
 * offered for translation.
 */

/** A page language as a lower-case base code (`de`, not `de-AT`): a rule covers every variant. */
export const baseLanguage = (code: string): string => baseOf(code.trim());

export const LanguageRule = z.object({
  lang: z.string().refine(isLanguageCode, 'Not a language code').transform(baseLanguage),
  translate: z.enum(['always', 'never']),
});
export type LanguageRule = z.infer<typeof LanguageRule>;

/** One rule per language, in the order they were made; a rule that cannot be read is dropped alone. */
export const LanguageRules = z
  .array(z.unknown())
  .transform((list) =>
    list.flatMap((item) => {
      const rule = LanguageRule.safeParse(item);
      return rule.success ? [rule.data] : [];
    }),
  )
  .transform((rules) => rules.filter((r, i) => rules.findIndex((x) => x.lang === r.lang) === i))
  .default([]);
export type LanguageRules = z.infer<typeof LanguageRules>;

export const languageRulesItem = storage.defineItem<LanguageRules>('local:languageRules', {
  fallback: [],
  version: 1,
});

export async function getLanguageRules(): Promise<LanguageRules> {
  return lenient(LanguageRules, await languageRulesItem.getValue());
}

/** The rule for a language (any variant of it), if there is one. */
export const languageRuleFor = (rules: LanguageRules, lang: string): LanguageRule | undefined =>
  rules.find((r) => r.lang === baseLanguage(lang));

/** Sets the rule for a language (replacing one for the same language) or, with `undefined`, removes it. */
export function withLanguageRule(
  rules: LanguageRules,
  lang: string,
  translate: LanguageRule['translate'] | undefined,
): LanguageRules {
  const base = baseLanguage(lang);
  const rest = rules.filter((r) => r.lang !== base);
  return translate ? [...rest, { lang: base, translate }] : rest;
}

/** Changes the stored rules, one change after another in a context. */
export const setLanguageRule = oneAtATime(
  async (lang: string, translate: LanguageRule['translate'] | undefined): Promise<LanguageRules> => {
    const next = withLanguageRule(await getLanguageRules(), lang, translate);
    await languageRulesItem.setValue(next);
    return next;
  },
);

/** The language rules as UI models take them. */
export interface LanguageRulesStore {
  get(): Promise<LanguageRules>;
  set(lang: string, translate: LanguageRule['translate'] | undefined): Promise<LanguageRules>;
}

export const languageRulesStore: LanguageRulesStore = { get: getLanguageRules, set: setLanguageRule };
