import { describe, expect, it } from 'vitest';
import type { SiteRulesStore } from '../../settings/items.ts';
import { SiteRule, type SiteRules } from '../../settings/schema.ts';
import { SiteRulesModel } from './model.ts';

function setUp(initial: SiteRules = []) {
  const store: SiteRulesStore & { value: SiteRules } = {
    value: initial,
    get: async () => store.value,
    set: async (rules) => {
      store.value = rules;
    },
  };
  return { model: new SiteRulesModel({ rules: store }), store };
}

const saved = (host: string) => `saved ${host}`;

describe('SiteRulesModel', () => {
  it('adds a rule from the form, under the host a person means, and keeps the other choices for the next', async () => {
    const { model, store } = setUp();
    await model.load();
    model.change({ host: 'https://News.Example.org/today', translate: 'always', formality: 'more' });
    expect(await model.save(saved)).toBe(true);
    expect(store.value).toEqual([SiteRule.parse({ host: 'news.example.org', translate: 'always', formality: 'more' })]);
    expect(model.rules.value).toEqual(store.value);
    expect(model.notice.value).toBe('saved news.example.org');
    expect(model.draft.value).toEqual({
      host: '',
      translate: 'always',
      formality: 'more',
      modelType: '',
      pageReading: '',
      disableSelectionButton: false,
      excludeSelectors: '',
      includeSelectors: '',
    });
  });

  it('refuses a host that cannot be one, or one that has a rule, and saves nothing', async () => {
    const { model, store } = setUp([SiteRule.parse({ host: 'a.example' })]);
    await model.load();
    for (const [host, reason] of [
      ['', 'invalid_host'],
      ['not a host', 'invalid_host'],
      ['A.example', 'duplicate'],
    ] as const) {
      model.change({ host });
      expect(await model.save(saved)).toBe(false);
      expect(model.formError.value).toBe(reason);
    }
    expect(store.value).toHaveLength(1);
  });

  it('edits a rule in place (its host too), keeps what the form does not show, then goes back to adding', async () => {
    const rule = SiteRule.parse({ host: 'a.example', translate: 'never', disableWriting: true });
    const { model, store } = setUp([rule, SiteRule.parse({ host: 'b.example' })]);
    await model.load();
    model.edit(rule);
    expect(model.draft.value.host).toBe('a.example');
    model.change({ host: 'c.example', modelType: 'quality_optimized' });
    expect(await model.save(saved)).toBe(true);
    expect(store.value.map((r) => r.host)).toEqual(['b.example', 'c.example']);
    expect(store.value[1]).toMatchObject({ disableWriting: true, modelType: 'quality_optimized' });
    expect(model.editing.value).toBeUndefined();
    expect(model.draft.value).toEqual({
      host: '',
      translate: 'never',
      formality: '',
      modelType: '',
      pageReading: '',
      disableSelectionButton: false,
      excludeSelectors: '',
      includeSelectors: '',
    });
  });

  it('keeps the reading and the selection button of a site', async () => {
    const rule = SiteRule.parse({ host: 'a.example', pageReading: 'whole-page' });
    const { model, store } = setUp([rule]);
    await model.load();
    model.edit(rule);
    expect(model.draft.value).toMatchObject({ pageReading: 'whole-page', disableSelectionButton: false });
    model.change({ pageReading: 'as-you-read', disableSelectionButton: true });
    expect(await model.save(saved)).toBe(true);
    expect(store.value[0]).toMatchObject({ pageReading: 'as-you-read', disableSelectionButton: true });
  });

  it('removes a rule', async () => {
    const { model, store } = setUp([SiteRule.parse({ host: 'a.example' })]);
    await model.load();
    await model.remove('a.example', 'removed');
    expect(store.value).toEqual([]);
    expect(model.notice.value).toBe('removed');
  });
});
