import { describe, expect, it } from 'vitest';
import { isLanguageCode, LanguageCode } from './language-code.ts';

describe('LanguageCode', () => {
  it('accepts the contract codes in any case, v2 and v3 spellings alike', () => {
    for (const code of ['de', 'DE', 'EN-GB', 'en-gb', 'PT-BR', 'ZH-HANT', 'zh-Hant', 'es-419', 'yue']) {
      expect(LanguageCode.parse(code)).toBe(code);
      expect(isLanguageCode(code)).toBe(true);
    }
    expect(LanguageCode.parse(' en-US ')).toBe('en-US');
  });

  it('refuses what cannot be a code', () => {
    for (const bad of [
      '',
      'e',
      'english',
      'en_US',
      'en-',
      '-en',
      'en-a',
      'de;drop',
      'en-US-',
      `en${'-abcdefgh'.repeat(4)}`,
    ]) {
      expect(LanguageCode.safeParse(bad).success, bad).toBe(false);
      expect(isLanguageCode(bad), bad).toBe(false);
    }
  });
});
