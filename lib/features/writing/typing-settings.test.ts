import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  asYouTypeOn,
  getTypingSettings,
  TypingSettings,
  typingSettingsItem,
  typingSettingsV2,
  updateSiteTyping,
  updateTypingSettings,
} from './typing-settings.ts';

beforeEach(() => fakeBrowser.reset());

describe('typing settings', () => {
  it('is off until the person turns it on, "translate what I type" too, with a pause of 800 ms', async () => {
    expect(await getTypingSettings()).toEqual({
      asYouType: false,
      codeEditors: false,
      inPrivate: false,
      translateGesture: 'off',
      pauseMs: 800,
      nextKey: 'F8',
      sites: {},
    });
  });

  it('keeps the good fields of a damaged value', async () => {
    await typingSettingsItem.setValue({ asYouType: true, pauseMs: 'soon', nextKey: 'KeyJ', sites: 7 } as never);
    expect(await getTypingSettings()).toMatchObject({ asYouType: true, pauseMs: 800, nextKey: 'F8', sites: {} });
  });

  it('changes one site at a time, and drops a site left with no override', async () => {
    await Promise.all([
      updateSiteTyping('a.example', { asYouType: false }),
      updateSiteTyping('b.example', { translateTo: 'de' }),
      updateTypingSettings({ asYouType: true }),
    ]);
    expect(await getTypingSettings()).toMatchObject({
      asYouType: true,
      sites: { 'a.example': { asYouType: false }, 'b.example': { translateTo: 'de' } },
    });
    await updateSiteTyping('a.example', { asYouType: undefined });
    expect((await getTypingSettings()).sites).toEqual({ 'b.example': { translateTo: 'de' } });
  });

  it('runs where the site or else the global switch says, in private windows only when allowed', () => {
    const base = TypingSettings.parse({ asYouType: true, sites: { 'off.example': { asYouType: false } } });
    expect(asYouTypeOn(base, 'any.example', false)).toBe(true);
    expect(asYouTypeOn(base, 'off.example', false)).toBe(false);
    expect(asYouTypeOn(base, 'any.example', true)).toBe(false);
    expect(asYouTypeOn({ ...base, inPrivate: true }, 'any.example', true)).toBe(true);
    const offEverywhere = TypingSettings.parse({ sites: { 'on.example': { asYouType: true } } });
    expect(asYouTypeOn(offEverywhere, 'on.example', false)).toBe(true);
    expect(asYouTypeOn(offEverywhere, undefined, false)).toBe(false);
  });

  it('v2: a stored "three spaces" (the old default, written with every change) is off; Alt+Enter, a choice, stays', () => {
    expect(typingSettingsV2({ asYouType: true, translateGesture: 'three-spaces', sites: { 'a.example': {} } })).toEqual(
      {
        asYouType: true,
        translateGesture: 'off',
        sites: { 'a.example': {} },
      },
    );
    expect(typingSettingsV2({ translateGesture: 'alt-enter', pauseMs: 900 })).toEqual({
      translateGesture: 'alt-enter',
      pauseMs: 900,
    });
    expect(typingSettingsV2({ asYouType: true })).toEqual({ asYouType: true });
    expect(typingSettingsV2(null)).toBeNull();
    expect(typingSettingsV2('junk')).toBe('junk');
  });

  it('a value stored by version 1 is migrated in storage, with or without its version mark', async () => {
    for (const meta of [{ typingSettings$: { v: 1 } }, {}]) {
      fakeBrowser.reset();
      await fakeBrowser.storage.local.set({
        typingSettings: {
          asYouType: true,
          inPrivate: false,
          translateGesture: 'three-spaces',
          pauseMs: 800,
          sites: {},
        },
        ...meta,
      });
      await typingSettingsItem.migrate();
      const stored = await fakeBrowser.storage.local.get(['typingSettings', 'typingSettings$']);
      expect(stored.typingSettings$).toEqual({ v: 2 });
      expect(stored.typingSettings).toMatchObject({ asYouType: true, translateGesture: 'off' });
      expect((await getTypingSettings()).translateGesture).toBe('off');
    }
    // A person who turns it on again keeps it: the next write is version 2.
    await updateTypingSettings({ translateGesture: 'three-spaces' });
    await typingSettingsItem.migrate();
    expect((await getTypingSettings()).translateGesture).toBe('three-spaces');
  });
});
