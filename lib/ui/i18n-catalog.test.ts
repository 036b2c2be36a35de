import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types.
import { check, placeholdersOf } from '../../scripts/i18n.mjs';

type Check = {
  problems: string[];
  missing: Record<string, string[]>;
  extra: Record<string, string[]>;
  placeholders: Record<string, string[]>;
  locales: string[];
};

/** The UI locales Verso ships (public/_locales, the browser's folder names). */
const LOCALES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt_BR', 'ru', 'zh_CN'];

describe('UI text catalogs', () => {
  it('has every t() key in English with the text the code falls back to', () => {
    const { problems } = check() as Check;
    expect(problems, 'run `node scripts/i18n.mjs --write`').toEqual([]);
  });

  it('ships the twelve UI locales', () => {
    const { locales } = check() as Check;
    expect([...locales].sort()).toEqual(expect.arrayContaining(LOCALES));
  });

  it('translates every key into every other locale, and no key English lacks', () => {
    const { missing, extra } = check() as Check;
    for (const [locale, keys] of Object.entries(missing)) expect(keys, `${locale} lacks keys`).toEqual([]);
    for (const [locale, keys] of Object.entries(extra)) expect(keys, `${locale} has keys en lacks`).toEqual([]);
  });

  it('keeps the placeholders of every English message', () => {
    const { placeholders } = check() as Check;
    for (const [locale, list] of Object.entries(placeholders)) expect(list, `${locale}`).toEqual([]);
  });

  it('reads numbered and named placeholders', () => {
    expect(placeholdersOf('$2 of $1, $1 again')).toBe('$1 $2');
    expect(placeholdersOf('Hello $NAME$')).toBe('$NAME$');
    expect(placeholdersOf('none')).toBe('');
    expect(placeholdersOf('$1 $2')).toBe('$1 $2');
  });
});
