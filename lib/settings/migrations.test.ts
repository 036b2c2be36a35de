import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { getPreferences, getSiteRules, preferencesItem, siteRulesItem } from './items.ts';
import { preferencesV2, siteRulesV2 } from './migrations.ts';

beforeEach(() => fakeBrowser.reset());

describe('settings migrations', () => {
  it('v2 preferences: reading as you read, the selection button and Alt over a paragraph; stored choices kept', () => {
    expect(preferencesV2({ targetLang: 'de', pageMode: 'bilingual' })).toEqual({
      targetLang: 'de',
      pageMode: 'bilingual',
      pageReading: 'as-you-read',
      selectionButton: true,
      selectionButtonInFields: false,
      hoverModifier: 'Alt',
    });
    expect(preferencesV2({ pageReading: 'whole-page' })).toMatchObject({ pageReading: 'whole-page' });
    expect(preferencesV2(null)).toBeNull();
  });

  it('v2 site rules: each rule follows the preferences and shows the selection button', () => {
    expect(siteRulesV2([{ host: 'a.example', translate: 'always' }, 'junk'])).toEqual([
      { host: 'a.example', translate: 'always', pageReading: '', disableSelectionButton: false },
      'junk',
    ]);
    expect(siteRulesV2('junk')).toBe('junk');
  });

  it('a stored v1 value is migrated in storage when the item migrates', async () => {
    await fakeBrowser.storage.local.set({
      preferences: { targetLang: 'fr' },
      preferences$: { v: 1 },
      siteRules: [{ host: 'a.example', translate: 'never', formality: '', modelType: '', disableWriting: true }],
      siteRules$: { v: 1 },
    });
    await preferencesItem.migrate();
    await siteRulesItem.migrate();
    const stored = await fakeBrowser.storage.local.get(['preferences', 'preferences$', 'siteRules', 'siteRules$']);
    expect(stored.preferences$).toEqual({ v: 2 });
    expect(stored.siteRules$).toEqual({ v: 2 });
    expect(stored.preferences).toMatchObject({ targetLang: 'fr', pageReading: 'as-you-read', hoverModifier: 'Alt' });
    expect((await getSiteRules())[0]).toMatchObject({ host: 'a.example', disableWriting: true, pageReading: '' });
    expect((await getPreferences()).pageReading).toBe('as-you-read');
  });
});
