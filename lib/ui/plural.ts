import { formatNumber, perLanguage, t, uiLanguage } from './i18n.ts';

/** A UI text by key (t, or a catalogue in tests). */
type Message = (key: string, fallback: string, substitutions?: string | string[]) => string;

/**
 * Counted words in any UI language. chrome.i18n has no plurals, so a counted message holds every form
 * its language needs, by CLDR plural category: `one=$1 site rule|other=$1 site rules` in English,
 * `one=…|few=…|many=…|other=…` in Russian or Polish, `other=…` alone in Japanese. Intl.PluralRules of
 * the UI language picks the form; a category the message lacks falls back to `other`.
 */
export function pluralForm(message: string, count: number, lang: string): string {
  const forms = new Map<string, string>();
  for (const part of message.split('|')) {
    const at = part.indexOf('=');
    if (at > 0) forms.set(part.slice(0, at).trim(), part.slice(at + 1));
  }
  // Not a message of forms (a catalogue that lacks the key gives the English fallback as it is).
  if (forms.size === 0) return message;
  const category = pluralRules(lang).select(count);
  return forms.get(category) ?? forms.get('other') ?? [...forms.values()][0]!;
}

/**
 * A counted UI text: the form of the catalogue message `key` for `count`, with $1 the count in the UI
 * language's digits, or `substitutions` when the message has more. The form is picked before the
 * substitutions go in, so a name with "|" or "=" in it cannot break the choice.
 */
export function countText(
  key: string,
  fallback: string,
  count: number,
  substitutions?: string[],
  { lang = uiLanguage(), message = t }: { lang?: string; message?: Message } = {},
): string {
  const subs = substitutions ?? [formatNumber(count, lang)];
  const marks = subs.map((_, i) => `\uE000${i}\uE001`);
  const form = pluralForm(message(key, fallback, marks), count, lang);
  return form.replace(/\uE000(\d+)\uE001/g, (_, i: string) => subs[Number(i)] ?? '');
}

/** Plural rules by language, made once each. */
const pluralRules = perLanguage((lang) => new Intl.PluralRules(lang));
