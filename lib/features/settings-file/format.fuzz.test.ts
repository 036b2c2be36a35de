import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLanguageCode } from '../../api/language-code.ts';
import { Formality, ModelType, PageMode, Preferences } from '../../settings/schema.ts';
import { readSettingsFile, SETTINGS_FILE_VERSION, SettingsFile, serializeSettings, toSettingsFile } from './format.ts';

// A settings file comes from outside (a colleague, a bug report, a download): whatever it holds, the
// import answers with a validated file or a reason, never throws, and never carries credentials in.

const RUNS = { numRuns: 200 };

const CREDENTIAL_FIELDS = ['apiKey', 'adminKey', 'serverUrl', 'credentials'];
/** Mostly plausible values, sometimes anything: so both the accepted and the refused paths are walked. */
const often = <T, U>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: odd });
const anyString = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', ' ', 'x', 'en', 'de', '__proto__'));
const loose = fc.oneof(fc.jsonValue(), anyString);
const host = often(
  fc.constantFrom('news.example.org', 'EXAMPLE.org.', 'http://a.example:8080/x', 'intranet'),
  fc.oneof(fc.domain(), fc.webUrl(), anyString, fc.constantFrom('', ' ', '[::1]', 'a..b', '-a.example')),
);
const secret = fc.constantFrom('00000000-0000-4000-8000-00000000a001', 'k:fx', 'https://evil.example');
const lang = often(fc.constantFrom('de', 'en-US', 'ja'), anyString);

/** The pre-release shape (version 0), with any values where strings are expected, and a few wrong types. */
const v0 = fc.record(
  {
    targetLanguage: often(lang, loose),
    sourceLanguage: often(lang, loose),
    formality: often(fc.constantFrom('more', 'less', 'formal'), loose),
    neverTranslate: often(fc.array(host, { maxLength: 4 }), loose),
    alwaysTranslate: often(fc.array(host, { maxLength: 4 }), loose),
    glossaries: often(fc.dictionary(anyString, anyString, { maxKeys: 3 }), loose),
    apiKey: secret,
    serverUrl: secret,
  },
  { requiredKeys: ['targetLanguage'] },
);

/** The current shape with fields drawn from valid and invalid values, plus credentials smuggled in. */
const v1 = fc.record(
  {
    app: often(fc.constant('verso'), loose),
    version: often(fc.constant(SETTINGS_FILE_VERSION), fc.oneof(fc.integer({ min: -2, max: 5 }), loose)),
    exportedAt: often(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      loose,
    ),
    preferences: often(
      fc.record(
        {
          targetLang: lang,
          formality: often(fc.constantFrom(...Formality.options), anyString),
          pageMode: often(fc.constantFrom(...PageMode.options), anyString),
          recentTargets: fc.array(lang, { maxLength: 10 }),
          apiKey: secret,
          adminKey: secret,
        },
        { requiredKeys: [] },
      ),
      loose,
    ),
    siteRules: often(
      fc.uniqueArray(
        fc.record(
          {
            host,
            translate: often(fc.constantFrom('ask', 'always', 'never'), anyString),
            disableWriting: fc.boolean(),
            apiKey: secret,
          },
          { requiredKeys: ['host'] },
        ),
        { maxLength: 4, selector: (r) => r.host },
      ),
      loose,
    ),
    glossaryDefaults: often(fc.dictionary(anyString, anyString, { maxKeys: 3 }), loose),
    theme: often(fc.constantFrom('system', 'light', 'dark'), fc.oneof(fc.constant('neon'), loose)),
    credentials: fc.record({ apiKey: secret, adminKey: secret, serverUrl: secret }),
    apiKey: secret,
    adminKey: secret,
  },
  { requiredKeys: ['app', 'version'] },
);

/** A valid file of the current shape with credentials put in at every level: the fields above are
 *  each odd one time in five, so fewer than one in fifty of those files is accepted, too few to rely on. */
const plausible = fc.record({
  app: fc.constant('verso'),
  version: fc.constant(SETTINGS_FILE_VERSION),
  exportedAt: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  preferences: fc.record({
    targetLang: fc.constantFrom('de', 'en-US', 'ja'),
    formality: fc.constantFrom(...Formality.options),
    apiKey: secret,
    adminKey: secret,
  }),
  siteRules: fc.constantFrom([], [{ host: 'news.example.org', translate: 'always', apiKey: 'k:fx' }]),
  credentials: fc.record({ apiKey: secret, adminKey: secret, serverUrl: secret }),
  apiKey: secret,
  adminKey: secret,
});

const texts = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  v0.map((v) => JSON.stringify(v)),
  v1.map((v) => JSON.stringify(v)),
);

let accepted = 0;

function keysDeep(value: unknown, path = ''): string[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [`${path}${k}`, ...keysDeep(v, `${path}${k}.`)]);
}

describe('settings file import under arbitrary input', () => {
  it('never throws: any text gives a valid file or a reason', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const result = readSettingsFile(text);
        if (!result.ok) {
          expect(['not_json', 'not_settings', 'newer', 'invalid', 'empty']).toContain(result.reason);
          expect(result.message.length).toBeGreaterThan(0);
          return;
        }
        expect(SettingsFile.safeParse(result.file).success).toBe(true);
        expect(result.file.version).toBe(SETTINGS_FILE_VERSION);
      }),
      RUNS,
    );
  });

  it('never brings credentials in, wherever the file puts them', () => {
    fc.assert(
      fc.property(fc.oneof(v0, v1, plausible), (data) => {
        const result = readSettingsFile(JSON.stringify(data));
        if (!result.ok) return;
        accepted++;
        // Only glossary defaults are free-form (pair -> glossary id); nothing else may hold such a field.
        const keys = keysDeep({ ...result.file, glossaryDefaults: {} });
        for (const key of keys) expect(CREDENTIAL_FIELDS).not.toContain(key.split('.').at(-1));
      }),
      RUNS,
    );
  });

  it('accepted some of those files, so the check above looked at real imports', () => {
    expect(accepted).toBeGreaterThan(0);
  });

  it('reads back any settings it wrote, unchanged', () => {
    const preferences = fc
      .record({
        targetLang: fc.constantFrom('de', 'en-US', 'pt-BR', 'zh-Hant', 'xx-new'),
        sourceLang: fc.constantFrom('', 'en', 'ja'),
        formality: fc.constantFrom(...Formality.options),
        modelType: fc.constantFrom('' as const, ...ModelType.options),
        pageMode: fc.constantFrom(...PageMode.options),
        sendContext: fc.boolean(),
        reportingTags: fc.boolean(),
        recentTargets: fc.array(fc.constantFrom('de', 'fr', 'ja'), { maxLength: 8 }),
      })
      .map((p) => Preferences.parse(p));
    const host = fc.domain().map((d) => d.toLowerCase());
    const content = fc.record({
      preferences,
      siteRules: fc.uniqueArray(
        fc.record({
          host,
          translate: fc.constantFrom('ask' as const, 'always' as const, 'never' as const),
          formality: fc.constantFrom('' as const, ...Formality.options),
          modelType: fc.constantFrom('' as const, ...ModelType.options),
          disableWriting: fc.boolean(),
        }),
        { selector: (r) => r.host, maxLength: 5 },
      ),
      glossaryDefaults: fc.dictionary(
        fc.tuple(fc.constantFrom('en', 'de', 'ja'), fc.constantFrom('fr', 'pt', 'zh')).map(([s, t]) => `${s}>${t}`),
        fc.uuid(),
        { maxKeys: 4 },
      ),
      theme: fc.constantFrom('system' as const, 'light' as const, 'dark' as const),
    });
    fc.assert(
      fc.property(content, fc.date({ noInvalidDate: true }), (settings, when) => {
        const parsed = SettingsFile.safeParse({ app: 'verso', version: 1, exportedAt: '', ...settings });
        // fc.domain() may yield hostnames the site-rule check refuses (a label over 63 characters...).
        fc.pre(parsed.success);
        const file = toSettingsFile(settings, when);
        const result = readSettingsFile(serializeSettings(file));
        expect(result).toEqual({ ok: true, file });
      }),
      RUNS,
    );
  });
});

/** Every language code an accepted file holds, with its place (as the refusal names it). */
function codesOf(file: SettingsFile): Array<[string, string]> {
  const { preferences: p, advanced: a } = file;
  const pairs = (prefix: string, key: string): Array<[string, string]> =>
    key.split('>').map((code) => [`${prefix}.${key}`, code]);
  return [
    ['preferences.targetLang', p.targetLang],
    ...(p.sourceLang ? [['preferences.sourceLang', p.sourceLang] as [string, string]] : []),
    ...p.recentTargets.map((code, i): [string, string] => [`preferences.recentTargets.${i}`, code]),
    ...Object.keys(file.glossaryDefaults).flatMap((key) => pairs('glossaryDefaults', key)),
    ...file.languageRules.map((r, i): [string, string] => [`languageRules.${i}.lang`, r.lang]),
    ...Object.keys(a.customInstructions).map((key): [string, string] => [`advanced.customInstructions.${key}`, key]),
    ...Object.entries(a.styleRules).flatMap(
      ([key, choice]): Array<[string, string]> => [
        [`advanced.styleRules.${key}`, key],
        [`advanced.styleRules.${key}.language`, choice.language],
      ],
    ),
    ...Object.entries(a.translationMemories).flatMap(
      ([key, m]): Array<[string, string]> => [
        ...pairs('advanced.translationMemories', key),
        [`advanced.translationMemories.${key}.sourceLang`, m.sourceLang],
        ...m.targetLangs.map((code, i): [string, string] => [
          `advanced.translationMemories.${key}.targetLangs.${i}`,
          code,
        ]),
      ],
    ),
  ];
}

describe('language codes in a settings file, under arbitrary input', () => {
  const code = fc.constantFrom('de', 'en-US', 'pt-BR', 'zh-Hant', 'ja');
  /** C0 controls (NUL first among them), DEL and C1 controls. */
  const control = fc.oneof(
    fc.constant('\u0000'),
    fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x7f, max: 0x9f }).map((c) => String.fromCharCode(c)),
  );
  /** A code with a control character somewhere in it (before, inside or after). */
  const spoiled = fc
    .tuple(code, control, fc.nat())
    .map(([c, x, at]) => `${c.slice(0, at % (c.length + 1))}${x}${c.slice(at % (c.length + 1))}`);

  /** A valid file with every kind of language field filled. */
  const valid = fc.record({
    targetLang: code,
    sourceLang: fc.constantFrom('', 'en', 'JA'),
    recentTargets: fc.uniqueArray(code, { maxLength: 4 }),
    pair: fc.tuple(code, code).map(([s, t]) => `${s.toLowerCase().split('-')[0]}>${t.toLowerCase().split('-')[0]}`),
    ruleLang: code,
    instructionsFor: code,
    styleLang: code,
  });
  interface Draft {
    app: string;
    version: number;
    exportedAt: string;
    preferences: { targetLang: string; sourceLang: string; recentTargets: string[] };
    siteRules: unknown[];
    glossaryDefaults: Record<string, string>;
    languageRules: { lang: string; translate: string }[];
    advanced: {
      customInstructions: Record<string, string[]>;
      styleRules: Record<string, { styleId: string; language: string }>;
      translationMemories: Record<string, { memoryId: string; sourceLang: string; targetLangs: string[] }>;
    };
  }
  const fileOf = (v: typeof valid extends fc.Arbitrary<infer T> ? T : never): Draft => ({
    app: 'verso',
    version: SETTINGS_FILE_VERSION,
    exportedAt: '2026-01-01T00:00:00.000Z',
    preferences: { targetLang: v.targetLang, sourceLang: v.sourceLang, recentTargets: v.recentTargets },
    siteRules: [],
    glossaryDefaults: { [v.pair]: 'g-1' },
    languageRules: [{ lang: v.ruleLang, translate: 'always' }],
    advanced: {
      customInstructions: { [v.instructionsFor]: ['Be brief.'] },
      styleRules: { [v.styleLang]: { styleId: 's-1', language: v.styleLang } },
      translationMemories: {
        [v.pair]: { memoryId: 'm-1', sourceLang: v.pair.split('>')[0]!, targetLangs: [v.pair.split('>')[1]!] },
      },
    },
  });

  /** Where a spoiled code goes: the place the refusal must name, and the file with it there. */
  const places: Array<[string, (file: Draft, bad: string) => void]> = [
    [
      'preferences.targetLang',
      (f, bad) => {
        f.preferences.targetLang = bad;
      },
    ],
    [
      'preferences.sourceLang',
      (f, bad) => {
        f.preferences.sourceLang = bad;
      },
    ],
    [
      'preferences.recentTargets.0',
      (f, bad) => {
        f.preferences.recentTargets = [bad];
      },
    ],
    [
      'glossaryDefaults.',
      (f, bad) => {
        f.glossaryDefaults = { [`en>${bad}`]: 'g-1' };
      },
    ],
    [
      'languageRules.0.lang',
      (f, bad) => {
        f.languageRules = [{ lang: bad, translate: 'never' }];
      },
    ],
    [
      'advanced.customInstructions.',
      (f, bad) => {
        f.advanced.customInstructions = { [bad]: ['Be brief.'] };
      },
    ],
    [
      'advanced.styleRules.de.language',
      (f, bad) => {
        f.advanced.styleRules = { de: { styleId: 's-1', language: bad } };
      },
    ],
  ];

  it('accepts the valid files, and every code an accepted file holds has the contract’s shape', () => {
    fc.assert(
      fc.property(valid, (v) => {
        const result = readSettingsFile(JSON.stringify(fileOf(v)));
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const codes = codesOf(result.file);
        expect(codes.length).toBeGreaterThanOrEqual(9);
        for (const [where, found] of codes) expect(isLanguageCode(found), where).toBe(true);
      }),
      RUNS,
    );
  });

  it('no file brings in a code that is not one, whatever else it holds', () => {
    fc.assert(
      fc.property(fc.oneof(v0, v1), (data) => {
        const result = readSettingsFile(JSON.stringify(data));
        if (result.ok)
          for (const [where, found] of codesOf(result.file)) expect(isLanguageCode(found), where).toBe(true);
      }),
      RUNS,
    );
  });

  it('a control character in any language field is refused, named by its place, other problems kept', () => {
    fc.assert(
      fc.property(valid, spoiled, fc.constantFrom(...places.keys()), fc.boolean(), (v, bad, which, badHost) => {
        const [where, spoil] = places[which]!;
        const data = fileOf(v);
        spoil(data, bad);
        if (badHost) data.siteRules = [{ host: 'not a host' }];
        const result = readSettingsFile(JSON.stringify(data));
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.reason).toBe('invalid');
        expect(result.message).toContain(where);
        expect(result.message).toContain('not a language code');
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the message shows them escaped, never raw.
        expect(result.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        if (badHost) expect(result.message).toContain('siteRules');
      }),
      RUNS,
    );
  });
});
