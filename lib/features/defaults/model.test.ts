import { describe, expect, it } from 'vitest';
import type { Language } from '../../api/index.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { memoryPreferences } from '../../settings/testing.ts';
import type { Theme } from '../../ui/theme.ts';
import { DefaultsModel } from './model.ts';

const lang = (code: string, features: Language['features'] = {}): Language => ({
  lang: code,
  name: code,
  usable_as_source: true,
  usable_as_target: true,
  status: 'stable',
  features,
});

function setUp() {
  const preferences = memoryPreferences({ targetLang: 'de' });
  const theme = {
    value: 'dark' as Theme,
    get: async () => theme.value,
    set: async (v: Theme) => {
      theme.value = v;
    },
  };
  const send = fakeSend({
    'languages.get': () => ({ ok: true, value: [lang('de', { formality: { status: 'stable' } }), lang('ja')] }),
  });
  const model = new DefaultsModel({ send, preferences, theme });
  return { model, send, preferences, theme };
}

describe('DefaultsModel', () => {
  it('shows the saved preferences and theme, and the text languages for the pickers', async () => {
    const { model, send } = setUp();
    await model.load();
    expect(model.loaded.value).toBe(true);
    expect(model.preferences.value.targetLang).toBe('de');
    expect(model.theme.value).toBe('dark');
    expect(send.sent).toEqual([{ type: 'languages.get', data: { resource: 'translate_text', includeBeta: false } }]);
    expect(model.target.value?.lang).toBe('de');
    expect(model.formalitySupported.value).toBe(true);
  });

  it('saves each change at once and says which one was saved', async () => {
    const { model, preferences, theme } = setUp();
    await model.load();
    await model.setPreference('targetLang', 'ja');
    expect(preferences.value.targetLang).toBe('ja');
    expect(model.savedField.value).toBe('targetLang');
    expect(model.formalitySupported.value).toBe(false);
    await model.setTheme('light');
    expect(theme.value).toBe('light');
    expect(model.savedField.value).toBe('theme');
  });

  it('shows the preferences even when the languages cannot be had', async () => {
    const { model, send } = setUp();
    send.answers['languages.get'] = () => ({ ok: false, error: { name: 'Error', code: 'auth', message: '' } });
    await model.load();
    expect(model.preferences.value.targetLang).toBe('de');
    expect(model.languages.value).toEqual([]);
    expect(model.languagesLoading.value).toBe(false);
  });
});
