// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../ui/testing.ts';
import { browserSelectorCheck } from '../site-rules/rules.ts';
import { readSettingsFile, type SettingsFile, toSettingsFile } from './format.ts';
import { SettingsFileModel } from './model.ts';

// A site rule's selectors in a settings file go through the browser's own parser, as in the Options
// form: one it cannot parse would be quietly ignored on the page, so the file is refused and says which.
const check = browserSelectorCheck(document);
const fileWith = (rules: Array<Record<string, unknown>>) =>
  JSON.stringify(toSettingsFile({ preferences: { targetLang: 'de' }, siteRules: [] }, new Date(0)), (key, value) =>
    key === 'siteRules' ? rules : value,
  );

describe('settings file: site rules selectors', () => {
  it('keeps selectors the browser parses, lists included', () => {
    const result = readSettingsFile(
      fileWith([
        {
          host: 'news.example',
          translate: 'ask',
          excludeSelectors: '.comments, nav',
          includeSelectors: 'main article',
        },
        { host: 'shop.example', translate: 'always', excludeSelectors: ':is(header, footer) a, [title="a, b"]' },
      ]),
      check,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.file.siteRules.map((r) => [r.host, r.excludeSelectors, r.includeSelectors])).toEqual([
      ['news.example', '.comments, nav', 'main article'],
      ['shop.example', ':is(header, footer) a, [title="a, b"]', undefined],
    ]);
  });

  it('refuses a rule whose selector the browser cannot parse, naming the host, the selector and its place', () => {
    const result = readSettingsFile(
      fileWith([
        { host: 'a.example', translate: 'ask', excludeSelectors: 'nav' },
        { host: 'news.example', translate: 'ask', excludeSelectors: 'nav, .comments]' },
      ]),
      check,
    );
    expect(result).toEqual({
      ok: false,
      reason: 'invalid',
      message:
        'The settings are not valid: siteRules.1.excludeSelectors: the rule for news.example has a CSS selector the browser cannot read: .comments]',
    });
    const only = readSettingsFile(
      fileWith([{ host: 'b.example', translate: 'never', includeSelectors: 'main >> article' }]),
      check,
    );
    expect(only.ok ? '' : only.message).toContain(
      'siteRules.0.includeSelectors: the rule for b.example has a CSS selector the browser cannot read: main >> article',
    );
  });

  it('shows control characters in a bad selector instead of hiding them', () => {
    const result = readSettingsFile(
      fileWith([{ host: 'a.example', translate: 'ask', excludeSelectors: 'nav\u0000[' }]),
      check,
    );
    expect(result.ok ? '' : result.message).toContain('cannot read: nav\\u0000[');
  });

  it('on import: the problem is shown, nothing is offered to apply, nothing is written', async () => {
    const written: SettingsFile[] = [];
    const model = new SettingsFileModel({
      settings: { read: async () => ({ preferences: { targetLang: 'de' } }), write: async (f) => void written.push(f) },
      download: () => undefined,
      clock: manualClock(0),
      checkSelector: check,
    });
    model.readFile('rules.json', fileWith([{ host: 'news.example', translate: 'ask', includeSelectors: 'main[' }]));
    await model.applyPending();
    expect(model.pending.value).toBeUndefined();
    expect(model.problem.value).toEqual({
      fileName: 'rules.json',
      message:
        'The settings are not valid: siteRules.0.includeSelectors: the rule for news.example has a CSS selector the browser cannot read: main[',
    });
    expect(written).toEqual([]);
  });
});
