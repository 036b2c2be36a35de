import { describe, expect, it } from 'vitest';
import type { Language } from '../../api/index.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { type LanguageRules, type LanguageRulesStore, withLanguageRule } from '../../settings/language-rules.ts';
import { LanguageRulesModel } from './language-rules-model.ts';

const language = (lang: string, name: string): Language => ({
  lang,
  name,
  usable_as_source: true,
  usable_as_target: true,
  features: {},
  status: 'stable',
});

function memoryRules(initial: LanguageRules = []): LanguageRulesStore & { value: LanguageRules } {
  const store = {
    value: initial,
    get: async () => store.value,
    set: async (lang: string, translate: 'always' | 'never' | undefined) => {
      store.value = withLanguageRule(store.value, lang, translate);
      return store.value;
    },
  };
  return store;
}

const languages = [language('de', 'German'), language('en-GB', 'English (British)'), language('en', 'English')];

describe('LanguageRulesModel', () => {
  it('lists the rules with the service’s names for their languages, variants left out of the picker', async () => {
    const send = fakeSend({ 'languages.get': () => ({ ok: true, value: languages }) });
    const model = new LanguageRulesModel({ send, rules: memoryRules([{ lang: 'de', translate: 'never' }]) });
    await model.load();
    expect(model.rules.value).toEqual([{ lang: 'de', translate: 'never' }]);
    expect(model.languages.value.map((l) => l.lang)).toEqual(['de', 'en']);
    expect(model.nameOf.value('de')).toBe('German');
    expect(model.nameOf.value('fi')).toBe('FI');
  });

  it('adds, replaces and removes a rule, saying what was done', async () => {
    const send = fakeSend({ 'languages.get': () => ({ ok: true, value: languages }) });
    const rules = memoryRules();
    const model = new LanguageRulesModel({ send, rules });
    await model.load();
    expect(await model.save((n) => `saved ${n}`)).toBe(false);
    expect(model.formError.value).toBe('no_language');

    model.change({ lang: 'de', translate: 'always' });
    expect(await model.save((n) => `saved ${n}`)).toBe(true);
    expect(rules.value).toEqual([{ lang: 'de', translate: 'always' }]);
    expect(model.notice.value).toBe('saved German');
    expect(model.draft.value).toEqual({ lang: '', translate: 'always' });

    model.change({ lang: 'de', translate: 'never' });
    await model.save((n) => `saved ${n}`);
    expect(model.rules.value).toEqual([{ lang: 'de', translate: 'never' }]);
    await model.remove('de', (n) => `removed ${n}`);
    expect(model.rules.value).toEqual([]);
    expect(model.notice.value).toBe('removed German');
  });
});
