import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  getLanguageRules,
  LanguageRules,
  languageRuleFor,
  languageRulesItem,
  setLanguageRule,
  withLanguageRule,
} from './language-rules.ts';

beforeEach(() => fakeBrowser.reset());

describe('language rules', () => {
  it('are empty on a fresh install, and an install from before they existed reads the same', async () => {
    expect(await getLanguageRules()).toEqual([]);
    expect(await languageRulesItem.getValue()).toEqual([]);
  });

  it('keep one rule per base language; variants share it', async () => {
    await setLanguageRule('de-AT', 'always');
    await setLanguageRule('fr', 'never');
    const rules = await setLanguageRule('DE', 'never');
    expect(rules).toEqual([
      { lang: 'fr', translate: 'never' },
      { lang: 'de', translate: 'never' },
    ]);
    expect(languageRuleFor(rules, 'de-CH')?.translate).toBe('never');
    expect(languageRuleFor(rules, 'it')).toBeUndefined();
    expect(withLanguageRule(rules, 'fr', undefined)).toEqual([{ lang: 'de', translate: 'never' }]);
  });

  it('a damaged stored value keeps its good rules and drops the rest', async () => {
    await languageRulesItem.setValue([
      { lang: 'de', translate: 'always' },
      { lang: 'not a code', translate: 'always' },
      { lang: 'fr', translate: 'sometimes' },
      'junk',
      { lang: 'DE', translate: 'never' },
    ] as never);
    expect(await getLanguageRules()).toEqual([{ lang: 'de', translate: 'always' }]);
    expect(LanguageRules.parse(undefined)).toEqual([]);
    await languageRulesItem.setValue(42 as never);
    expect(await getLanguageRules()).toEqual([]);
  });
});
