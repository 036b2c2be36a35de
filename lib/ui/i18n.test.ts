import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { forgetUiLanguage, pickUiLanguage, t, uiLanguage } from './i18n.ts';

describe('pickUiLanguage', () => {
  it('keeps the browser’s language, region and all, where it agrees with the catalog', () => {
    expect(pickUiLanguage('de-DE', 'de')).toBe('de-DE');
    expect(pickUiLanguage('pt-PT', 'pt-BR')).toBe('pt-PT');
    expect(pickUiLanguage('zh-TW', 'zh-CN')).toBe('zh-TW');
    expect(pickUiLanguage('en-GB', 'en')).toBe('en-GB');
  });

  it('takes the catalog’s language when a context reports another one', () => {
    // A service worker started with a German browser that says en-US: the German catalog is shown.
    expect(pickUiLanguage('en-US', 'de')).toBe('de');
    expect(pickUiLanguage('en-US', 'ja')).toBe('ja');
    expect(pickUiLanguage('', 'ja')).toBe('ja');
  });

  it('trusts the browser under the English catalog, which also stands for languages without one', () => {
    expect(pickUiLanguage('sv-SE', 'en')).toBe('sv-SE');
    expect(pickUiLanguage('', '')).toBe('en');
  });
});

describe('uiLanguage', () => {
  it('asks the browser once per context: counters and cards ask on every render', () => {
    const ask = vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue('de-DE');
    try {
      forgetUiLanguage();
      expect([uiLanguage(), uiLanguage(), uiLanguage()]).toEqual(['de-DE', 'de-DE', 'de-DE']);
      expect(ask).toHaveBeenCalledTimes(1);
    } finally {
      ask.mockRestore();
      forgetUiLanguage();
    }
  });
});

describe('t', () => {
  it('asks the browser once per message, whatever it is filled with: a counter’s label changes at every answer', () => {
    // As the browser does: each $n is the nth substitution.
    const ask = vi
      .spyOn(fakeBrowser.i18n, 'getMessage')
      .mockImplementation((key: string, subs?: string | string[]) =>
        key === 'testPair'
          ? 'Von $2 nach $1 ($1)'.replace(/\$(\d)/g, (_, n) => [subs ?? []].flat()[Number(n) - 1] ?? '')
          : '',
      );
    try {
      expect(t('testPair', 'From $1 to $2', ['Englisch', 'Deutsch'])).toBe('Von Deutsch nach Englisch (Englisch)');
      expect(t('testPair', 'From $1 to $2', ['Französisch', '$1 und $2'])).toBe(
        'Von $1 und $2 nach Französisch (Französisch)',
      );
      expect(ask).toHaveBeenCalledTimes(1);
      // No message in the catalog: the English text, filled in.
      expect(t('testMissing', 'Suggestions: $1', '3')).toBe('Suggestions: 3');
    } finally {
      ask.mockRestore();
    }
  });
});
