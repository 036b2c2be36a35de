import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  asYouTypeOn,
  getTypingSettings,
  TypingSettings,
  typingSettingsItem,
  updateSiteTyping,
  updateTypingSettings,
} from './typing-settings.ts';

beforeEach(() => fakeBrowser.reset());

describe('typing settings', () => {
  it('is off until the person turns it on, with three spaces to translate and a pause of 800 ms', async () => {
    expect(await getTypingSettings()).toEqual({
      asYouType: false,
      inPrivate: false,
      translateGesture: 'three-spaces',
      pauseMs: 800,
      sites: {},
    });
  });

  it('keeps the good fields of a damaged value', async () => {
    await typingSettingsItem.setValue({ asYouType: true, pauseMs: 'soon', sites: 7 } as never);
    expect(await getTypingSettings()).toMatchObject({ asYouType: true, pauseMs: 800, sites: {} });
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
});
