import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { forgetUiLanguage, pickUiLanguage, uiLanguage } from './i18n.ts';

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
