import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types.
import { check } from '../../scripts/i18n.mjs';

describe('UI text catalogs', () => {
  it('has every t() key in English with the text the code falls back to', () => {
    const { problems } = check() as { problems: string[] };
    expect(problems, 'run `node scripts/i18n.mjs --write`').toEqual([]);
  });

  it('translates every key into every other locale', () => {
    const { missing } = check() as { missing: Record<string, string[]> };
    for (const [locale, keys] of Object.entries(missing)) expect(keys, `${locale} lacks keys`).toEqual([]);
  });
});
