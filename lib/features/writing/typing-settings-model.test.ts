import { describe, expect, it } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import { type SiteTyping, TypingSettings, type TypingSettingsStore } from './typing-settings.ts';
import { TypingSettingsModel } from './typing-settings-model.ts';

function memoryStore(initial: Partial<TypingSettings> = {}): TypingSettingsStore & { value: TypingSettings } {
  const store = {
    value: TypingSettings.parse(initial),
    async get() {
      return store.value;
    },
    async update(patch: Partial<TypingSettings>) {
      store.value = TypingSettings.parse({ ...store.value, ...patch });
      return store.value;
    },
    async updateSite(host: string, patch: Partial<SiteTyping>) {
      const merged = Object.fromEntries(
        Object.entries({ ...store.value.sites[host], ...patch }).filter(([, v]) => v !== undefined),
      );
      const sites = { ...store.value.sites, [host]: merged };
      if (Object.keys(merged).length === 0) delete sites[host];
      store.value = TypingSettings.parse({ ...store.value, sites });
      return store.value;
    },
  };
  return store;
}

describe('TypingSettingsModel', () => {
  it('loads the switches and the dictionary, turns checking on, forgets a site and removes a word', async () => {
    const store = memoryStore({ sites: { 'a.example': { asYouType: false } } });
    const send = fakeSend({
      'writing.dictionary.list': () => ({ ok: true, value: ['kubernetes', 'verso'] }),
      'writing.dictionary.remove': () => ({ ok: true, value: null }),
      'languages.get': () => ({
        ok: true,
        value: [
          {
            lang: 'de',
            name: 'German',
            usable_as_source: true,
            usable_as_target: true,
            status: 'stable',
            features: {},
          },
          {
            lang: 'en',
            name: 'English',
            usable_as_source: true,
            usable_as_target: false,
            status: 'stable',
            features: {},
          },
        ],
      }),
    });
    const model = new TypingSettingsModel({ send, settings: store });
    await model.load();
    expect(model.settings.value?.asYouType).toBe(false);
    expect(model.words.value).toEqual(['kubernetes', 'verso']);

    // The targets "translate what I type" offers: only languages usable as targets.
    await expect.poll(() => model.targets.value?.map((l) => l.lang)).toEqual(['de']);

    await model.change({ asYouType: true, translateGesture: 'alt-enter', translateTo: 'de' });
    expect(store.value).toMatchObject({ asYouType: true, translateGesture: 'alt-enter', translateTo: 'de' });
    await model.change({ translateTo: undefined });
    expect(store.value.translateTo).toBeUndefined();
    await model.forgetSite('a.example');
    expect(model.settings.value?.sites).toEqual({});
    await model.removeWord('verso');
    expect(model.words.value).toEqual(['kubernetes']);
    expect(send.sent.at(-1)).toEqual({ type: 'writing.dictionary.remove', data: { word: 'verso' } });
  });

  it('records the key for the next suggestion: a modifier alone waits, a key the field needs is refused and said why', async () => {
    const store = memoryStore();
    const send = fakeSend({
      'writing.dictionary.list': () => ({ ok: true, value: [] }),
      'languages.get': () => ({ ok: false, error: { name: 'Error', code: 'network', message: 'offline' } }),
    });
    const model = new TypingSettingsModel({ send, settings: store });
    await model.load();
    const press = (code: string, mods: { ctrlKey?: boolean; altKey?: boolean; shiftKey?: boolean } = {}) => ({
      code,
      ctrlKey: false,
      altKey: false,
      metaKey: false,
      shiftKey: false,
      ...mods,
    });
    model.startRecording();
    expect(await model.record(press('AltLeft', { altKey: true }))).toBe(false);
    expect(model.keyProblem.value).toBeNull();
    expect(model.recording.value).toBe(true);
    expect(await model.record(press('Tab'))).toBe(false);
    expect(model.keyProblem.value).toMatch(/^Tab alone is a key text fields need/);
    expect(await model.record(press('KeyZ', { ctrlKey: true }))).toBe(false);
    expect(model.keyProblem.value).toMatch(/^Ctrl\+Z is an editing shortcut/);
    expect(await model.record(press('KeyJ', { altKey: true, shiftKey: true }))).toBe(false);
    expect(model.keyProblem.value).toMatch(/previous suggestion/);
    expect(store.value.nextKey).toBe('F8');

    expect(await model.record(press('KeyJ', { altKey: true }))).toBe(true);
    expect(model.keyProblem.value).toBeNull();
    expect(model.recording.value).toBe(false);
    expect(store.value.nextKey).toBe('Alt+KeyJ');
    expect(model.settings.value?.nextKey).toBe('Alt+KeyJ');
  });
});
