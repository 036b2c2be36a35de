import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { forgetUiLanguage } from '../ui/i18n.ts';
import { targetForLocale } from './browser-target.ts';
import { getPreferences, updatePreferences } from './items.ts';

beforeEach(() => fakeBrowser.reset());

describe('the target a fresh install starts with', () => {
  it('is the browser language as a target code', () => {
    expect(targetForLocale('de')).toBe('de');
    expect(targetForLocale('de-AT')).toBe('de');
    expect(targetForLocale('fr_CA')).toBe('fr');
    expect(targetForLocale('en-US')).toBe('en-US');
    expect(targetForLocale('en')).toBe('en-US');
    expect(targetForLocale('en-GB')).toBe('en-GB');
    expect(targetForLocale('en-AU')).toBe('en-GB');
    expect(targetForLocale('pt-BR')).toBe('pt-BR');
    expect(targetForLocale('pt')).toBe('pt-PT');
    expect(targetForLocale('zh-CN')).toBe('zh-Hans');
    expect(targetForLocale('zh-TW')).toBe('zh-Hant');
    expect(targetForLocale('zh-Hant-HK')).toBe('zh-Hant');
    expect(targetForLocale('nn-NO')).toBe('nb');
    expect(targetForLocale('')).toBe('en-US');
    expect(targetForLocale('*')).toBe('en-US');
  });

  it('applies until the person stores preferences; stored choices are never overridden', async () => {
    const ui = vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue('de-DE');
    forgetUiLanguage();
    expect((await getPreferences()).targetLang).toBe('de');
    // A change of anything stores the whole preferences, target included.
    await updatePreferences({ formality: 'more' });
    ui.mockReturnValue('fr');
    expect(await getPreferences()).toMatchObject({ targetLang: 'de', formality: 'more' });
    ui.mockRestore();
    forgetUiLanguage();
  });
});
