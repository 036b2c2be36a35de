import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const locales = path.resolve(import.meta.dirname, '../../public/_locales');
const catalog = (locale: string) =>
  JSON.parse(readFileSync(path.join(locales, locale, 'messages.json'), 'utf8')) as Record<string, { message: string }>;

/**
 * One name for a feature in each locale, wherever a message names it (inflected forms allowed): a person
 * who meets "Schreibhilfe" in the settings meets it again on the button and in the errors.
 */
const WRITING_HELP: Record<string, RegExp> = {
  en: /writing help/i,
  de: /schreibhilfe/i,
  es: /ayuda de escritura/i,
  fr: /aide à la rédaction/i,
  it: /aiuto alla scrittura/i,
  ja: /文章作成ヘルプ/,
  ko: /글쓰기 도우미/,
  nl: /schrijfhulp/i,
  pl: /pomoc\S* w pisaniu/i,
  pt_BR: /ajuda de escrita/i,
  ru: /помощ\S* в письме/i,
  zh_CN: /写作帮助/,
};

describe('feature names in the locales', () => {
  it('every locale has its name for writing help', () => {
    expect(Object.keys(WRITING_HELP).sort()).toEqual(readdirSync(locales).sort());
  });

  it('names writing help the same way in every message of a locale', () => {
    const english = catalog('en');
    const keys = Object.keys(english).filter((k) => WRITING_HELP.en!.test(english[k]!.message));
    expect(keys.length).toBeGreaterThan(5);
    const off: string[] = [];
    for (const [locale, name] of Object.entries(WRITING_HELP)) {
      const messages = catalog(locale);
      for (const key of keys) if (!name.test(messages[key]?.message ?? '')) off.push(`${locale}:${key}`);
    }
    expect(off).toEqual([]);
  });
});

/**
 * Keys are named as the browser names them in the shortcuts it reports (Ctrl, Shift, Alt, Enter, Esc),
 * in every UI language: the settings, the hints and the shortcuts Verso shows read alike.
 */
const LOCAL_KEY_NAMES = /(?<!\p{L})(Strg|Umschalt|Eingabe(taste)?|Maj|Entrée|Échap|Mayús|Intro|Maiusc|Invio)(?!\p{L})/u;

describe('key names in the locales', () => {
  it('are the browser’s own in every message that names a key', () => {
    const english = catalog('en');
    const keys = Object.keys(english).filter((k) => /\b(Ctrl|Shift|Alt|Enter|Esc)\b/.test(english[k]!.message));
    expect(keys.length).toBeGreaterThan(5);
    const off: string[] = [];
    for (const locale of readdirSync(locales)) {
      const messages = catalog(locale);
      for (const key of keys) if (LOCAL_KEY_NAMES.test(messages[key]?.message ?? '')) off.push(`${locale}:${key}`);
    }
    expect(off).toEqual([]);
  });
});
