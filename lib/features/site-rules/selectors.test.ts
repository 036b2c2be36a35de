// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SiteRulesStore } from '../../settings/items.ts';
import type { SiteRules } from '../../settings/schema.ts';
import { SiteRulesModel } from './model.ts';
import { browserSelectorCheck, selectorList } from './rules.ts';

const check = browserSelectorCheck(document);

describe('selectorList', () => {
  it('takes one selector per line or a list with commas, and keeps it as one list', () => {
    expect(selectorList('.comments\nnav', check)).toEqual({ ok: true, value: '.comments, nav' });
    expect(selectorList(' .comments,  nav ,', check)).toEqual({ ok: true, value: '.comments, nav' });
    expect(selectorList('', check)).toEqual({ ok: true, value: '' });
  });

  it('does not cut inside parentheses, brackets or quotes', () => {
    expect(selectorList(':is(header, footer) a\n[title="a, b"]', check)).toEqual({
      ok: true,
      value: ':is(header, footer) a, [title="a, b"]',
    });
  });

  it('names the first piece the browser cannot parse', () => {
    expect(selectorList('nav\n.comments]\nfooter', check)).toEqual({ ok: false, bad: '.comments]' });
    expect(selectorList('main >> article', check)).toEqual({ ok: false, bad: 'main >> article' });
  });
});

describe('SiteRulesModel with selectors', () => {
  function setUp(initial: SiteRules = []) {
    const store: SiteRulesStore & { value: SiteRules } = {
      value: initial,
      get: async () => store.value,
      set: async (rules) => {
        store.value = rules;
      },
    };
    return { model: new SiteRulesModel({ rules: store, checkSelector: check }), store };
  }

  it('saves the selectors of a rule, and fills them in again to edit it', async () => {
    const { model, store } = setUp();
    await model.load();
    model.change({
      host: 'news.example',
      translate: 'ask',
      excludeSelectors: '.comments\nnav',
      includeSelectors: 'main article',
    });
    expect(await model.save((h) => h)).toBe(true);
    expect(store.value[0]).toMatchObject({
      host: 'news.example',
      excludeSelectors: '.comments, nav',
      includeSelectors: 'main article',
    });
    model.edit(store.value[0]!);
    expect(model.draft.value).toMatchObject({ excludeSelectors: '.comments, nav', includeSelectors: 'main article' });
    // Emptied: the rule no longer has them.
    model.change({ excludeSelectors: '', includeSelectors: ' ' });
    expect(await model.save((h) => h)).toBe(true);
    expect(store.value[0]).not.toHaveProperty('excludeSelectors');
    expect(store.value[0]).not.toHaveProperty('includeSelectors');
  });

  it('an invalid selector is named, nothing is saved, and the form keeps what was typed', async () => {
    const { model, store } = setUp();
    await model.load();
    model.change({ host: 'news.example', excludeSelectors: 'nav', includeSelectors: 'main article[' });
    expect(await model.save((h) => h)).toBe(false);
    expect(model.formError.value).toBe('invalid_include');
    expect(model.badSelector.value).toBe('main article[');
    expect(store.value).toEqual([]);
    expect(model.draft.value).toMatchObject({
      host: 'news.example',
      excludeSelectors: 'nav',
      includeSelectors: 'main article[',
    });
    model.change({ includeSelectors: 'main article' });
    expect(await model.save((h) => h)).toBe(true);
    expect(model.formError.value).toBeUndefined();
    expect(model.badSelector.value).toBeUndefined();
  });
});
