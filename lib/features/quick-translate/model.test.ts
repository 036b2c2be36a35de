import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../../api/index.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { memoryPreferences } from '../../settings/testing.ts';
import type { PopupDraft } from './draft.ts';
import type { PopupTranslation } from './messages.ts';
import { QuickTranslateModel } from './model.ts';

const lang = (code: string, formality = false): Language => ({
  lang: code,
  name: code.toUpperCase(),
  usable_as_source: !code.includes('-'),
  usable_as_target: code !== 'en',
  status: 'stable',
  features: formality ? { formality: { status: 'stable' } } : {},
});

const answer = (text: string, over: Partial<PopupTranslation> = {}): PopupTranslation => ({
  text,
  detectedSource: 'EN',
  sourceDetected: true,
  notes: [],
  ...over,
});

function setUp({ draft, clipboardFails = false }: { draft?: PopupDraft; clipboardFails?: boolean } = {}) {
  const preferences = memoryPreferences({ targetLang: 'de', sourceLang: '', recentTargets: ['fr'] });
  const copied: string[] = [];
  const send = fakeSend({
    'languages.get': () => ({ ok: true, value: [lang('en'), lang('en-GB'), lang('de', true), lang('fr', true)] }),
    'popup.glossaries': () => ({
      ok: true,
      value: [
        { id: 'g-1', name: 'Legal', isDefault: true },
        { id: 'g-2', name: 'Tech', isDefault: false },
      ],
    }),
    'popup.translate': (data) => ({ ok: true, value: answer(`[${data.targetLang}] ${data.text}`) }),
  });
  const model = new QuickTranslateModel({
    send,
    preferences,
    takeDraft: async () => draft,
    clipboard: {
      writeText: async (text) => {
        if (clipboardFails) throw new Error('denied');
        copied.push(text);
      },
    },
  });
  return { model, send, preferences, copied };
}

describe('QuickTranslateModel', () => {
  it('starts from the preferences, and asks for glossaries only once the source is known', async () => {
    const { model, send } = setUp();
    await model.load();
    expect(model.targetLang.value).toBe('de');
    expect(model.formalitySupported.value).toBe(true);
    expect(send.sent.map((m) => m.type)).toEqual(['languages.get']);
    model.setSource('en');
    await vi.waitFor(() => expect(model.glossaries.value).toHaveLength(2));
    expect(send.sent.at(-1)).toEqual({ type: 'popup.glossaries', data: { sourceLang: 'en', targetLang: 'de' } });
    expect(model.glossaryPick.value).toBe('g-1');
  });

  it('takes over text and target handed from a selection bubble', async () => {
    const { model } = setUp({ draft: { text: 'Hello there', targetLang: 'fr', at: 0 } });
    await model.load();
    expect(model.text.value).toBe('Hello there');
    expect(model.targetLang.value).toBe('fr');
  });

  it('a Translate pressed before the choices are in waits for them instead of doing nothing', async () => {
    const { model, send } = setUp();
    const loading = model.load();
    model.setText('Good morning');
    await model.translate();
    expect(send.sent.find((m) => m.type === 'popup.translate')?.data).toMatchObject({
      text: 'Good morning',
      targetLang: 'de',
    });
    expect(model.result.value).toBeTruthy();
    await loading;
  });

  it('translates with the chosen glossary, remembers the pair and the recent target', async () => {
    const { model, send, preferences } = setUp();
    await model.load();
    model.setSource('en');
    await vi.waitFor(() => expect(model.glossaryPick.value).toBe('g-1'));
    model.pickGlossary('g-2');
    model.setText('  Good morning  ');
    await model.translate();
    expect(send.sent.at(-1)).toEqual({
      type: 'popup.translate',
      data: {
        text: 'Good morning',
        sourceLang: 'en',
        targetLang: 'de',
        formality: 'default',
        glossary: { kind: 'id', id: 'g-2' },
      },
    });
    expect(model.result.value?.text).toBe('[de] Good morning');
    expect(preferences.value).toMatchObject({ sourceLang: 'en', targetLang: 'de', recentTargets: ['de', 'fr'] });
  });

  it("sends the pair's default glossary while the source is detected, and nothing for empty text", async () => {
    const { model, send } = setUp();
    await model.load();
    await model.translate();
    expect(send.sent.map((m) => m.type)).toEqual(['languages.get']);
    model.setText('Hi');
    await model.translate();
    expect(send.sent.at(-1)?.data).toMatchObject({ sourceLang: '', glossary: { kind: 'default' } });
  });

  it('swaps the languages, and the translation becomes the text', async () => {
    const { model } = setUp();
    await model.load();
    model.setText('Hello');
    await model.translate();
    expect(model.canSwap.value).toBe(true);
    model.swap();
    expect(model.text.value).toBe('[de] Hello');
    expect(model.result.value).toBeNull();
    expect(model.sourceLang.value).toBe('de');
    expect(model.targetLang.value).not.toBe('de');
  });

  it('translates the swapped text at once, and a target variant swapped away comes back', async () => {
    const { model, send } = setUp();
    send.answers['languages.get'] = () => ({
      ok: true,
      value: [lang('en'), lang('en-GB'), lang('en-US'), lang('de', true)],
    });
    await model.load();
    model.setSource('de');
    model.setTarget('en-US');
    model.setText('Hallo');
    await model.translate();
    model.swap();
    expect(model.sourceLang.value).toBe('en');
    expect(model.targetLang.value).toBe('de');
    await vi.waitFor(() => expect(model.result.value?.text).toBe('[de] [en-US] Hallo'));
    expect(send.sent.filter((m) => m.type === 'popup.translate').at(-1)?.data).toMatchObject({
      text: '[en-US] Hallo',
      sourceLang: 'en',
      targetLang: 'de',
    });
    model.swap();
    expect(model.sourceLang.value).toBe('de');
    expect(model.targetLang.value).toBe('en-US');
    await vi.waitFor(() => expect(model.busy.value).toBe(false));
    expect(send.sent.filter((m) => m.type === 'popup.translate').at(-1)?.data).toMatchObject({
      sourceLang: 'de',
      targetLang: 'en-US',
    });
  });

  it('swapping languages alone sends nothing; the variant comes back though never used to translate', async () => {
    const { model, send } = setUp();
    send.answers['languages.get'] = () => ({
      ok: true,
      value: [lang('en'), lang('en-GB'), lang('en-US'), lang('de', true)],
    });
    await model.load();
    model.setSource('de');
    model.setTarget('en-US');
    model.swap();
    expect([model.sourceLang.value, model.targetLang.value]).toEqual(['en', 'de']);
    model.swap();
    expect([model.sourceLang.value, model.targetLang.value]).toEqual(['de', 'en-US']);
    expect(send.sent.some((m) => m.type === 'popup.translate')).toBe(false);
  });

  it("names the glossary used by its name, also when the picker's list does not hold it", async () => {
    const { model, send } = setUp();
    send.answers['popup.translate'] = (data) => ({
      ok: true,
      value: answer(`[${data.targetLang}] ${data.text}`, { sourceLang: 'en', glossaryId: 'g-1' }),
    });
    await model.load();
    model.setText('Hi');
    // Detected source: the picker lists nothing, the pair's default glossary applied.
    await model.translate();
    expect(model.glossaries.value).toEqual([]);
    await vi.waitFor(() => expect(model.resultGlossaryName.value).toBe('Legal'));
    expect(send.sent.at(-1)).toEqual({ type: 'popup.glossaries', data: { sourceLang: 'en', targetLang: 'de' } });

    // A glossary no list names: no name, never the id.
    send.answers['popup.glossaries'] = () => ({ ok: true, value: [] });
    send.answers['popup.translate'] = (data) => ({
      ok: true,
      value: answer(`[${data.targetLang}] ${data.text}`, { sourceLang: 'en', glossaryId: 'g-unknown' }),
    });
    await model.translate();
    await vi.waitFor(() => expect(send.sent.at(-1)?.type).toBe('popup.glossaries'));
    expect(model.resultGlossaryName.value).toBeUndefined();
  });

  it('copies the translation, or says to copy it by hand', async () => {
    const ok = setUp();
    await ok.model.load();
    ok.model.setText('Hello');
    await ok.model.translate();
    await ok.model.copyResult();
    expect(ok.copied).toEqual(['[de] Hello']);
    expect(ok.model.notice.value).toBe('Copied.');

    const refused = setUp({ clipboardFails: true });
    await refused.model.load();
    refused.model.setText('Hello');
    await refused.model.translate();
    await refused.model.copyResult();
    expect(refused.model.notice.value).toMatch(/Could not copy/);
  });

  it('shows why a translation failed', async () => {
    const { model, send } = setUp();
    await model.load();
    send.answers['popup.translate'] = () => ({
      ok: false,
      error: { name: 'Error', code: 'quota_exceeded', message: '' },
    });
    model.setText('Hello');
    await model.translate();
    expect(model.error.value?.code).toBe('quota_exceeded');
    expect(model.busy.value).toBe(false);
  });

  it('an error about the key or reaching the service goes once the service answered elsewhere; others stay', async () => {
    const { model, send } = setUp();
    await model.load();
    model.setText('Hello');
    send.answers['popup.translate'] = () => ({ ok: false, error: { name: 'Error', code: 'auth', message: '' } });
    await model.translate();
    model.serviceAnswered();
    expect(model.error.value).toBeNull();
    send.answers['popup.translate'] = () => ({
      ok: false,
      error: { name: 'Error', code: 'quota_exceeded', message: '' },
    });
    await model.translate();
    model.serviceAnswered();
    expect(model.error.value?.code).toBe('quota_exceeded');
  });
});
