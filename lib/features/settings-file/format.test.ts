import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { credentialsItem, updateCredentials } from '../../settings/credentials.ts';
import { getPreferences, getSiteRules, updatePreferences } from '../../settings/items.ts';
import { getLanguageRules, setLanguageRule } from '../../settings/language-rules.ts';
import { Preferences } from '../../settings/schema.ts';
import { getTranslationControls, updateTranslationControls } from '../../settings/translation-controls.ts';
import { manualClock } from '../../ui/testing.ts';
import { getTheme } from '../../ui/theme.ts';
import { readerSites, readerSitesItem } from '../pdf/settings.ts';
import { getVideoChoices } from '../video/choices.ts';
import { chooseVideo } from '../video/store.background.ts';
import { PersonalDictionary } from '../writing/dictionary.background.ts';
import { getTypingSettings, updateSiteTyping, updateTypingSettings } from '../writing/typing-settings.ts';
import { readSettingsFile, SETTINGS_FILE_VERSION, serializeSettings, toSettingsFile } from './format.ts';
import { SettingsFileModel } from './model.ts';
import { applySettings, currentSettings } from './storage.ts';

beforeEach(() => fakeBrowser.reset());

const content = () => ({
  preferences: Preferences.parse({ targetLang: 'de', formality: 'more', pageMode: 'bilingual' }),
  siteRules: [
    {
      host: 'news.example.org',
      translate: 'never' as const,
      formality: '' as const,
      modelType: '' as const,
      disableWriting: false,
    },
  ],
  glossaryDefaults: { 'en>de': 'g-1' },
  theme: 'dark' as const,
});

function read(text: string) {
  const result = readSettingsFile(text);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('settings file', () => {
  it('round-trips through its text with a version and no credentials', () => {
    const file = toSettingsFile(content(), new Date('2025-01-02T03:04:05Z'));
    const text = serializeSettings(file);
    expect(JSON.parse(text)).toMatchObject({
      app: 'verso',
      version: SETTINGS_FILE_VERSION,
      exportedAt: '2025-01-02T03:04:05.000Z',
    });
    expect(read(text).file).toEqual(file);
    expect(read(text).migratedFrom).toBeUndefined();
  });

  it("carries a site's selectors of parts to leave out and parts to translate only", () => {
    const rule = { host: 'news.example.org', excludeSelectors: '.comments, nav', includeSelectors: 'main article' };
    const file = toSettingsFile({ ...content(), siteRules: [{ ...content().siteRules[0]!, ...rule }] });
    expect(read(serializeSettings(file)).file.siteRules[0]).toMatchObject(rule);
  });

  it('migrates the unversioned v0 shape', () => {
    const v0 = {
      targetLanguage: 'fr',
      sourceLanguage: 'en',
      formality: 'less',
      neverTranslate: ['Intranet.example', 'both.example'],
      alwaysTranslate: ['news.example.org', 'both.example'],
      glossaries: { 'en>fr': 'g-7' },
    };
    const result = read(JSON.stringify(v0));
    expect(result.migratedFrom).toBe(0);
    expect(result.file.version).toBe(SETTINGS_FILE_VERSION);
    expect(result.file.preferences).toMatchObject({
      targetLang: 'fr',
      sourceLang: 'en',
      formality: 'less',
      pageMode: 'replace',
    });
    expect(result.file.siteRules.map((r) => `${r.host}:${r.translate}`)).toEqual([
      'intranet.example:never',
      'both.example:never',
      'news.example.org:always',
    ]);
    expect(result.file.glossaryDefaults).toEqual({ 'en>fr': 'g-7' });
    expect(result.file.theme).toBe('system');
  });

  it('v0 with a formality the current version does not know falls back to the default', () => {
    expect(read(JSON.stringify({ targetLanguage: 'de', formality: 'formal' })).file.preferences.formality).toBe(
      'default',
    );
  });

  it('refuses junk, other files, newer versions and invalid settings with a reason', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['{not json', 'not_json', /not JSON/],
      ['[1,2]', 'not_settings', /not a Verso settings file/],
      ['{"name":"package","version":"1.0.0"}', 'not_settings', /not a Verso settings file/],
      ['{"hello":"world"}', 'not_settings', /not a Verso settings file/],
      ['{"app":"verso","version":1.5}', 'not_settings', /unknown version/],
      ['{"app":"verso","version":7}', 'newer', /newer Verso \(settings version 7\).*up to version 1/],
      [
        JSON.stringify({ ...toSettingsFile(content()), preferences: { formality: 'super' } }),
        'invalid',
        /preferences\.formality/,
      ],
      [
        JSON.stringify({ ...toSettingsFile(content()), siteRules: [{ host: 'not a host' }] }),
        'invalid',
        /plain hostname/,
      ],
      [JSON.stringify({ targetLanguage: 5 }), 'invalid', /settings version 0: targetLanguage/],
      ['{"app":"verso","version":1,"exportedAt":"2026-01-01","futureThing":{}}', 'empty', /Nothing to import/],
    ];
    for (const [text, reason, message] of cases) {
      const result = readSettingsFile(text);
      expect(result.ok, text).toBe(false);
      if (!result.ok) {
        expect(result.reason, text).toBe(reason);
        expect(result.message, text).toMatch(message);
      }
    }
  });

  it('exports current settings without any credential, and applies an import', async () => {
    await updateCredentials({ apiKey: 'secret-key-123', adminKey: 'admin-secret', serverUrl: 'http://127.0.0.1:1' });
    await updatePreferences({ targetLang: 'ja' });
    const text = serializeSettings(toSettingsFile(await currentSettings()));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('127.0.0.1');
    expect(JSON.parse(text).preferences.targetLang).toBe('ja');

    // A file that carries credentials anyway: they are ignored.
    const incoming = { ...toSettingsFile(content()), credentials: { apiKey: 'evil' }, apiKey: 'evil' };
    await applySettings(read(JSON.stringify(incoming)).file);
    expect((await getPreferences()).targetLang).toBe('de');
    expect((await getSiteRules())[0]!.host).toBe('news.example.org');
    expect(await getTheme()).toBe('dark');
    expect((await credentialsItem.getValue()).apiKey).toBe('secret-key-123');
  });

  it('carries the translation controls, and reads files written before they existed', async () => {
    await updateTranslationControls((a) => ({ ...a, customInstructions: { de: ['Use the informal register'] } }));
    const exported = JSON.parse(serializeSettings(toSettingsFile(await currentSettings())));
    expect(exported.advanced.customInstructions).toEqual({ de: ['Use the informal register'] });

    const older = { ...toSettingsFile(content()) } as Record<string, unknown>;
    delete older.advanced;
    const file = read(JSON.stringify(older)).file;
    expect(file.advanced.customInstructions).toEqual({});
    await applySettings(file);
    expect((await getTranslationControls()).customInstructions).toEqual({});
  });

  it("carries the typing settings and the personal dictionary; older files keep this browser's", async () => {
    await updateTypingSettings({
      asYouType: true,
      pauseMs: 1500,
      codeEditors: true,
      translateGesture: 'alt-enter',
      nextKey: 'Alt+KeyJ',
      translateTo: 'fr',
    });
    await updateSiteTyping('mail.example.org', { translateTo: 'de' });
    const dictionary = new PersonalDictionary();
    await dictionary.add('Verso');
    await dictionary.add('kubectl');
    const exported = JSON.parse(serializeSettings(toSettingsFile(await currentSettings())));
    expect(exported.typing).toMatchObject({
      asYouType: true,
      pauseMs: 1500,
      codeEditors: true,
      translateGesture: 'alt-enter',
      nextKey: 'Alt+KeyJ',
      translateTo: 'fr',
    });
    expect(exported.typing.sites).toEqual({ 'mail.example.org': { translateTo: 'de' } });
    expect(exported.dictionary).toEqual(['kubectl', 'verso']);

    await applySettings(
      read(
        JSON.stringify({
          ...toSettingsFile(content()),
          typing: { asYouType: false, pauseMs: 1200, nextKey: 'Ctrl+Alt+KeyN' },
          dictionary: [' Harbour ', 'kubectl'],
        }),
      ).file,
    );
    expect(await getTypingSettings()).toMatchObject({ asYouType: false, nextKey: 'Ctrl+Alt+KeyN' });
    expect(await dictionary.list()).toEqual(['harbour', 'kubectl']);
    // A file from before they travelled keeps this browser's: checking is not turned off behind the person.
    const older = { ...toSettingsFile(content()) } as Record<string, unknown>;
    delete older.typing;
    delete older.dictionary;
    await applySettings(read(JSON.stringify(older)).file);
    expect((await getTypingSettings()).pauseMs).toBe(1200);
    expect(await dictionary.list()).toEqual(['harbour', 'kubectl']);

    // A site that is not a plain host, or a target that is not a code, is refused with its place.
    const badHost = { ...toSettingsFile(content()), typing: { sites: { 'https://x.org/': { asYouType: true } } } };
    expect(readSettingsFile(JSON.stringify(badHost))).toMatchObject({ ok: false, reason: 'invalid' });
    const badCode = { ...toSettingsFile(content()), typing: { sites: { 'x.org': { translateTo: 'de\u0000' } } } };
    expect(readSettingsFile(JSON.stringify(badCode))).toMatchObject({ ok: false, reason: 'invalid' });
    // A next-suggestion key a field needs (Tab) is refused too.
    const badTarget = { ...toSettingsFile(content()), typing: { translateTo: 'fr\n' } };
    expect(readSettingsFile(JSON.stringify(badTarget))).toMatchObject({ ok: false, reason: 'invalid' });
    const badKey = { ...toSettingsFile(content()), typing: { nextKey: 'Tab' } };
    expect(readSettingsFile(JSON.stringify(badKey))).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it("carries where PDFs open in the reader and where subtitles are translated; older files keep this browser's", async () => {
    await readerSitesItem.setValue({ always: false, sites: ['papers.example.org'] });
    await chooseVideo('videos.example.org', { on: true, mode: 'translation' });
    const exported = JSON.parse(serializeSettings(toSettingsFile(await currentSettings())));
    expect(exported.pdfReader).toEqual({ always: false, sites: ['papers.example.org'] });
    expect(exported.videoSubtitles).toEqual({ sites: ['videos.example.org'], mode: 'translation' });

    const file = {
      ...toSettingsFile(content()),
      pdfReader: { always: true, sites: [] },
      videoSubtitles: { sites: ['talks.example.org'], mode: 'both' },
    };
    await applySettings(read(JSON.stringify(file)).file);
    expect(await readerSites()).toEqual({ always: true, sites: [] });
    expect(await getVideoChoices()).toEqual({ sites: ['talks.example.org'], mode: 'both' });

    const older = { ...toSettingsFile(content()) } as Record<string, unknown>;
    delete older.pdfReader;
    delete older.videoSubtitles;
    await applySettings(read(JSON.stringify(older)).file);
    expect(await readerSites()).toEqual({ always: true, sites: [] });
    expect((await getVideoChoices()).sites).toEqual(['talks.example.org']);

    const badMode = { ...toSettingsFile(content()), videoSubtitles: { sites: [], mode: 'loud' } };
    expect(readSettingsFile(JSON.stringify(badMode))).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('carries the rules by page language; a file from before them reads as having none', async () => {
    await setLanguageRule('de', 'always');
    const exported = JSON.parse(serializeSettings(toSettingsFile(await currentSettings())));
    expect(exported.languageRules).toEqual([{ lang: 'de', translate: 'always' }]);

    const older = { ...toSettingsFile(content()) } as Record<string, unknown>;
    delete older.languageRules;
    const file = read(JSON.stringify(older)).file;
    expect(file.languageRules).toEqual([]);
    await applySettings(file);
    expect(await getLanguageRules()).toEqual([]);
  });
});

describe('language codes in a settings file', () => {
  const file = (changes: Record<string, unknown>) => JSON.stringify({ ...toSettingsFile(content()), ...changes });
  const refusal = (text: string) => {
    const result = readSettingsFile(text);
    if (result.ok) throw new Error('the file was accepted');
    expect(result.reason).toBe('invalid');
    return result.message;
  };

  it('refuses a target language with a NUL, naming the field and showing the NUL', () => {
    const message = refusal(file({ preferences: { targetLang: 'de\u0000' } }));
    expect(message).toBe('The settings are not valid: preferences.targetLang: not a language code: "de\\u0000"');
  });

  it('refuses control characters in every field that holds a language code, each named by its place', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ preferences: { targetLang: 'de', sourceLang: 'en\n' } }, 'preferences.sourceLang'],
      [{ preferences: { targetLang: 'de', recentTargets: ['fr', 'ja\u001b'] } }, 'preferences.recentTargets.1'],
      [{ glossaryDefaults: { 'en>d\u0001e': 'g-1' } }, 'glossaryDefaults.en>d\\u0001e'],
      [
        {
          languageRules: [
            { lang: 'fr', translate: 'never' },
            { lang: 'it\u0000', translate: 'always' },
          ],
        },
        'languageRules.1.lang',
      ],
      [{ advanced: { customInstructions: { 'de\u0007': ['Be brief.'] } } }, 'advanced.customInstructions.de\\u0007'],
      [{ advanced: { styleRules: { de: { styleId: 's', language: 'de\u0000' } } } }, 'advanced.styleRules.de.language'],
      [
        {
          advanced: {
            translationMemories: { 'en>de': { memoryId: 'm', sourceLang: 'en', targetLangs: ['d\u0085e'] } },
          },
        },
        'advanced.translationMemories.en>de.targetLangs.0',
      ],
    ];
    for (const [changes, path] of cases) {
      const message = refusal(file(changes));
      expect(message).toContain(`${path}: not a language code`);
      // The message itself carries no control character: the person sees `\u0000`, not a hidden NUL.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them.
      expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    }
  });

  it('still reports the file’s other problems beside a bad code', () => {
    const message = refusal(
      file({ preferences: { targetLang: 'de\u0000', formality: 'super' }, siteRules: [{ host: 'not a host' }] }),
    );
    expect(message).toContain('preferences.targetLang: not a language code');
    expect(message).toContain('preferences.formality');
    expect(message).toMatch(/plain hostname/);
  });

  it('a version 0 file with a NUL in its target is refused too', () => {
    const message = refusal(JSON.stringify({ targetLanguage: 'de\u0000' }));
    expect(message).toContain('preferences.targetLang: not a language code: "de\\u0000"');
  });

  it('takes the codes the contract writes, in any case, with subtags', () => {
    const result = read(
      file({
        preferences: Preferences.parse({ targetLang: 'zh-Hant', sourceLang: 'EN', recentTargets: ['pt-BR', 'de'] }),
        glossaryDefaults: { 'en>de': 'g-1' },
        languageRules: [{ lang: 'de-AT', translate: 'always' }],
        advanced: {
          customInstructions: { 'en-GB': ['Be brief.'] },
          styleRules: { de: { styleId: 's', language: 'de' } },
        },
      }),
    );
    expect(result.file.preferences.targetLang).toBe('zh-Hant');
    expect(result.file.languageRules).toEqual([{ lang: 'de', translate: 'always' }]);
  });

  it('a refused file changes nothing stored and offers nothing to apply', async () => {
    await updatePreferences({ targetLang: 'fr' });
    const before = await currentSettings();
    const written: unknown[] = [];
    const model = new SettingsFileModel({
      settings: { read: currentSettings, write: async (f) => void written.push(f) },
      download: () => undefined,
      clock: manualClock(0),
      checkSelector: () => true,
    });
    model.readFile('bad.json', file({ preferences: { targetLang: 'de\u0000' } }));
    await model.applyPending();
    expect(model.pending.value).toBeUndefined();
    expect(model.problem.value?.message).toContain('preferences.targetLang');
    expect(written).toEqual([]);
    expect(await currentSettings()).toEqual(before);
  });
});
