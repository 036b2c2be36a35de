import { z } from 'zod';
import { isLanguageCode } from '../../api/language-code.ts';
import { LanguageRule, LanguageRules } from '../../settings/language-rules.ts';
import { GlossaryDefaults, Preferences, SiteRule, SiteRules } from '../../settings/schema.ts';
import { MemoryChoice, StyleChoice, TranslationControls } from '../../settings/translation-controls.ts';
import { t } from '../../ui/i18n.ts';
import { Theme } from '../../ui/theme.ts';
import { ReaderSites } from '../pdf/settings.ts';
import { normalizeHost, type SelectorCheck, selectorList } from '../site-rules/rules.ts';
import { VideoChoices } from '../video/choices.ts';
import { SiteTyping, TypingSettings } from '../writing/typing-settings.ts';

/**
 * The settings file (export and import). Versioned: a file from an older Verso is migrated step by
 * step to the current shape, then validated as a whole; anything else is refused with a reason and
 * nothing is changed. Credentials (API and admin keys, server URL) are never part of it: a settings
 * file gets shared and attached to bug reports.
 */
export const SETTINGS_FILE_VERSION = 1;

/**
 * Control characters (a NUL, an escape, a line break) written as `\u0000`: a message that names a value
 * shows what is in it, and a person can tell `de` from `de` followed by a NUL.
 */
const isControl = (code: number): boolean => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
export const visible = (text: string): string =>
  Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    return isControl(code) ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  }).join('');

const notACode = (value: unknown) =>
  t('bkNotLanguageCode', 'not a language code: $1', visible(JSON.stringify(value) ?? String(value)));

/**
 * A language code in a settings file: exactly the contract's shape (lib/api/language-code.ts), nothing
 * around it. The stored settings' own schemas take any string (the service may add languages), so
 * without this a code with a NUL or a line break in it would be imported as it is and sent with every
 * request.
 */
const Code = z.string().refine(isLanguageCode, { error: (issue) => notACode(issue.input) });
/** A glossary default's or a memory's key: `source>target`, two codes (`glossaryPairKey`). */
const isPairKey = (key: string): boolean => {
  const [source, target, ...rest] = key.split('>');
  return (
    rest.length === 0 &&
    source !== undefined &&
    target !== undefined &&
    isLanguageCode(source) &&
    isLanguageCode(target)
  );
};

/** Every key of a record passes `check`; each one that does not is an issue at its own path. */
const keysAre =
  (check: (key: string) => boolean) =>
  (record: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    for (const key of Object.keys(record)) {
      if (!check(key)) ctx.addIssue({ code: 'custom', path: [key], message: notACode(key), input: key });
    }
  };

/** The preferences, their language codes checked. */
const FilePreferences = Preferences.extend({
  targetLang: Code.default(Preferences.shape.targetLang.parse(undefined)),
  sourceLang: z.union([z.literal(''), Code]).default(''),
  recentTargets: z.array(Code).max(8).default([]),
});

/** The translation controls, their language codes (keys and the choices' languages) checked. */
const FileControls = TranslationControls.extend({
  customInstructions: TranslationControls.shape.customInstructions.superRefine(keysAre(isLanguageCode)),
  styleRules: z
    .record(z.string(), StyleChoice.extend({ language: Code }))
    .default({})
    .superRefine(keysAre(isLanguageCode)),
  translationMemories: z
    .record(z.string(), MemoryChoice.extend({ sourceLang: Code, targetLangs: z.array(Code).min(1) }))
    .default({})
    .superRefine(keysAre(isPairKey)),
});

/**
 * The rules by page language. Stored rules that cannot be read are dropped one by one (LanguageRules);
 * in a file, a rule with a wrong code is an error named by its place, not a rule quietly left out.
 */
const FileLanguageRules = z
  .array(z.object({ lang: Code, translate: LanguageRule.shape.translate }))
  .default([])
  .transform((rules) => LanguageRules.parse(rules));

/** Writing help as you type: the hosts of its per-site switches plain, their target languages codes. */
const FileTyping = TypingSettings.extend({
  translateTo: Code.optional(),
  sites: z
    .record(z.string(), SiteTyping.extend({ translateTo: Code.optional() }))
    .default({})
    .refine((sites) => Object.keys(sites).every((host) => normalizeHost(host) === host), {
      message: t('bkHostPlain', 'every site rule needs a plain hostname such as news.example.org'),
    }),
});

/** Most words of the personal dictionary a file may bring (as many as Verso keeps). */
const MAX_FILE_WORDS = 10_000;

export const SettingsFile = z.object({
  app: z.literal('verso'),
  version: z.literal(SETTINGS_FILE_VERSION),
  exportedAt: z.string(),
  preferences: FilePreferences,
  siteRules: SiteRules.refine((rules) => rules.every((r) => normalizeHost(r.host) === r.host), {
    message: t('bkHostPlain', 'every site rule needs a plain hostname such as news.example.org'),
  }).refine((rules) => new Set(rules.map((r) => r.host)).size === rules.length, {
    message: t('bkHostTwice', 'two site rules name the same host'),
  }),
  glossaryDefaults: GlossaryDefaults.superRefine(keysAre(isPairKey)),
  theme: Theme.default('system'),
  /** Translation controls; files written before they existed simply lack them (defaults apply). */
  advanced: FileControls.default(TranslationControls.parse({})),
  /** Rules by page language; likewise absent from older files (no rules). */
  languageRules: FileLanguageRules,
  /**
   * Writing help as you type (its switches, pause, gesture, sites). Absent from files written before it
   * travelled: importing one keeps what this browser has (it never turns checking off behind the person).
   */
  typing: FileTyping.optional(),
  /** The personal dictionary's words ("Ignore everywhere"); absent from older files: the kept words stay. */
  dictionary: z
    .array(z.string().trim().toLowerCase().min(1).max(100))
    .max(MAX_FILE_WORDS)
    .transform((words) => [...new Set(words)].sort())
    .optional(),
  /** Where PDFs open in Verso's reader without asking; absent from older files: this browser's choice stays. */
  pdfReader: ReaderSites.optional(),
  /** Sites where translated subtitles come on by themselves, and how they show; likewise optional. */
  videoSubtitles: VideoChoices.optional(),
});
export type SettingsFile = z.infer<typeof SettingsFile>;

/** What a settings file holds besides its header; fields with defaults may be left out. */
export type SettingsContent = Omit<z.input<typeof SettingsFile>, 'app' | 'version' | 'exportedAt'>;

/**
 * Version 0: the unversioned export of the pre-release options page, one flat object with the
 * language choices and two lists of hosts.
 */
export const SettingsFileV0 = z.object({
  targetLanguage: z.string(),
  sourceLanguage: z.string().optional(),
  formality: z.string().optional(),
  neverTranslate: z.array(z.string()).default([]),
  alwaysTranslate: z.array(z.string()).default([]),
  glossaries: z.record(z.string(), z.string()).default({}),
});

/** Each step takes a file of version N (already checked against its schema) to version N + 1. */
const migrations: Record<number, { schema: z.ZodType; up: (old: never) => unknown }> = {
  0: {
    schema: SettingsFileV0,
    up: (old: z.infer<typeof SettingsFileV0>) => {
      const formality = Preferences.shape.formality.safeParse(old.formality);
      const rules = [
        ...old.neverTranslate.map((host) => SiteRule.parse({ host: host.trim().toLowerCase(), translate: 'never' })),
        ...old.alwaysTranslate.map((host) => SiteRule.parse({ host: host.trim().toLowerCase(), translate: 'always' })),
      ];
      return {
        app: 'verso',
        version: 1,
        exportedAt: new Date(0).toISOString(),
        preferences: Preferences.parse({
          targetLang: old.targetLanguage,
          sourceLang: old.sourceLanguage ?? '',
          ...(formality.success ? { formality: formality.data } : {}),
        }),
        // A host in both lists: "never" was checked first by that version, so it wins.
        siteRules: rules.filter((r, i) => rules.findIndex((x) => x.host === r.host) === i),
        glossaryDefaults: old.glossaries,
        theme: 'system',
      };
    },
  },
};

export function toSettingsFile(content: SettingsContent, now = new Date()): SettingsFile {
  return SettingsFile.parse({
    app: 'verso',
    version: SETTINGS_FILE_VERSION,
    exportedAt: now.toISOString(),
    ...content,
  });
}

export const serializeSettings = (file: SettingsFile) => `${JSON.stringify(file, null, 2)}\n`;

export type ReadResult =
  | { ok: true; file: SettingsFile; migratedFrom?: number }
  | { ok: false; reason: 'not_json' | 'not_settings' | 'newer' | 'invalid' | 'empty'; message: string };

/** The parts of a settings file that carry settings (besides its header). */
const CONTENT_KEYS = [
  'preferences',
  'siteRules',
  'glossaryDefaults',
  'theme',
  'advanced',
  'languageRules',
  'typing',
  'dictionary',
  'pdfReader',
  'videoSubtitles',
] as const;

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? visible(i.path.map(String).join('.')) : 'file'}: ${i.message}`)
    .join('; ');
}

/**
 * The first selector of a site rule the browser cannot parse, as a message naming the rule's host and
 * the selector (at the rule's place in the file); the page would quietly ignore it.
 */
function badSelector(rules: SettingsFile['siteRules'], check: SelectorCheck): string | undefined {
  for (const [i, rule] of rules.entries()) {
    for (const field of ['excludeSelectors', 'includeSelectors'] as const) {
      const list = selectorList(rule[field] ?? '', check);
      if (!list.ok)
        return `siteRules.${i}.${field}: ${t('bkBadSelector', 'the rule for $1 has a CSS selector the browser cannot read: $2', [visible(rule.host), visible(list.bad)])}`;
    }
  }
  return undefined;
}

/**
 * Reads a settings file's text: migrated to the current version and validated, or why not. The site
 * rules' selectors are checked with `checkSelector`, the parser the Options form uses
 * (`browserSelectorCheck(document)`); without it they are not.
 */
export function readSettingsFile(text: string, checkSelector?: SelectorCheck): ReadResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not_json', message: t('bkNotJson', 'The file is not JSON.') };
  }
  const notSettings = {
    ok: false,
    reason: 'not_settings',
    message: t('bkNotSettings', 'The file is not a Verso settings file.'),
  } as const;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return notSettings;
  const record = data as Record<string, unknown>;
  // Version 0 files had neither `app` nor `version`, but always a target language.
  if ('version' in record ? record.app !== 'verso' : record.app !== undefined || !('targetLanguage' in record))
    return notSettings;
  const version = 'version' in record ? record.version : 0;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
    return {
      ok: false,
      reason: 'not_settings',
      message: t(
        'bkUnknownVersion',
        'The file has an unknown version ($1).',
        JSON.stringify(version) ?? String(version),
      ),
    };
  if (version > SETTINGS_FILE_VERSION)
    return {
      ok: false,
      reason: 'newer',
      message: t(
        'bkNewer',
        'The file was written by a newer Verso (settings version $1); this one reads up to version $2. Update Verso and try again.',
        [String(version), String(SETTINGS_FILE_VERSION)],
      ),
    };

  // A Verso file with none of the settings this version knows: nothing to import (not a broken file).
  if (version === SETTINGS_FILE_VERSION && !CONTENT_KEYS.some((k) => k in record))
    return {
      ok: false,
      reason: 'empty',
      message: t('bkNothing', 'Nothing to import: the file has no settings Verso knows.'),
    };

  let current: unknown = data;
  for (let v = version; v < SETTINGS_FILE_VERSION; v++) {
    const step = migrations[v]!;
    const parsed = step.schema.safeParse(current);
    if (!parsed.success)
      return {
        ok: false,
        reason: 'invalid',
        message: t('bkNotVersion', 'The file does not match settings version $1: $2', [
          String(v),
          issues(parsed.error),
        ]),
      };
    try {
      current = step.up(parsed.data as never);
    } catch (e) {
      // A value the old version let through but the current schemas refuse (an empty target, a blank host).
      const why = e instanceof z.ZodError ? issues(e) : String(e);
      return {
        ok: false,
        reason: 'invalid',
        message: t('bkNoMigration', 'The file cannot be brought up from settings version $1: $2', [String(v), why]),
      };
    }
  }
  const parsed = SettingsFile.safeParse(current);
  if (!parsed.success)
    return {
      ok: false,
      reason: 'invalid',
      message: t('bkInvalid', 'The settings are not valid: $1', issues(parsed.error)),
    };
  const selector = checkSelector && badSelector(parsed.data.siteRules, checkSelector);
  if (selector)
    return { ok: false, reason: 'invalid', message: t('bkInvalid', 'The settings are not valid: $1', selector) };
  return { ok: true, file: parsed.data, ...(version !== SETTINGS_FILE_VERSION ? { migratedFrom: version } : {}) };
}
