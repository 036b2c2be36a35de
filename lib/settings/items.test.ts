import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { credentialsItem, getCredentials, updateCredentials } from './credentials.ts';
import { getPreferences, preferencesItem, ruleFor, updatePreferences } from './items.ts';
import { glossaryPairKey } from './schema.ts';

beforeEach(() => fakeBrowser.reset());

describe('settings', () => {
  it('gives defaults on a fresh install', async () => {
    expect(await getCredentials()).toEqual({ apiKey: '', serverUrl: '', adminKey: '' });
    const prefs = await getPreferences();
    expect(prefs.targetLang).toBe('en-US');
    expect(prefs.formality).toBe('default');
    expect(prefs.pageMode).toBe('replace');
    expect(prefs.sendContext).toBe(true);
  });

  it('keeps the good fields of a damaged stored value and defaults the bad ones', async () => {
    await preferencesItem.setValue({ targetLang: 'de', formality: 'very-formal', pageMode: 42 } as never);
    const prefs = await getPreferences();
    expect(prefs.targetLang).toBe('de');
    expect(prefs.formality).toBe('default');
    expect(prefs.pageMode).toBe('replace');
  });

  it('trims and validates credentials', async () => {
    await updateCredentials({ apiKey: '  abc:fx  ', serverUrl: 'http://127.0.0.1:8787' });
    expect(await credentialsItem.getValue()).toMatchObject({ apiKey: 'abc:fx', serverUrl: 'http://127.0.0.1:8787' });
    await expect(updateCredentials({ serverUrl: 'ftp://x' })).rejects.toThrow(/http/);
  });

  it('merges preference updates', async () => {
    await updatePreferences({ targetLang: 'fr' });
    const next = await updatePreferences({ formality: 'more' });
    expect(next).toMatchObject({ targetLang: 'fr', formality: 'more' });
  });

  it('finds the site rule or a default one', () => {
    const rules = [
      {
        host: 'a.example',
        translate: 'never' as const,
        formality: '' as const,
        modelType: '' as const,
        disableWriting: false,
        pageReading: '' as const,
        disableSelectionButton: false,
      },
    ];
    expect(ruleFor(rules, 'a.example').translate).toBe('never');
    expect(ruleFor(rules, 'b.example')).toMatchObject({ host: 'b.example', translate: 'ask' });
  });

  it('keys glossary defaults by base languages', () => {
    expect(glossaryPairKey('EN', 'en-GB')).toBe('en>en');
    expect(glossaryPairKey('de', 'PT-br')).toBe('de>pt');
  });
});
