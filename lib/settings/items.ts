import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { uiLanguage } from '../ui/i18n.ts';
import { targetForLocale } from './browser-target.ts';
import { preferencesV2, siteRulesV2 } from './migrations.ts';
import { oneAtATime } from './one-at-a-time.ts';
import { GlossaryDefaults, Preferences, SiteRule, SiteRules } from './schema.ts';

/**
 * One storage item per concern: each has its own fallback, version and migrations. Values are
 * parsed with zod on read, so a damaged or older value falls back to defaults field by field instead of
 * breaking the extension.
 * Versions: bump `version` and add a migration (with a test in migrations.test.ts) when a shape changes.
 */
export const preferencesItem = storage.defineItem<Preferences>('local:preferences', {
  fallback: Preferences.parse({}),
  version: 2,
  migrations: { 2: preferencesV2 },
});

export const siteRulesItem = storage.defineItem<SiteRules>('local:siteRules', {
  fallback: [],
  version: 2,
  migrations: { 2: siteRulesV2 },
});

export const glossaryDefaultsItem = storage.defineItem<GlossaryDefaults>('local:glossaryDefaults', {
  fallback: {},
  version: 1,
});

/** Parses a stored value leniently: unknown keys dropped, bad fields replaced by their defaults. */
export function lenient<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (value && typeof value === 'object' && !Array.isArray(value) && schema instanceof z.ZodObject) {
    const out: Record<string, unknown> = {};
    for (const [k, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const f = field.safeParse((value as Record<string, unknown>)[k]);
      out[k] = f.success ? f.data : field.parse(undefined);
    }
    return schema.parse(out);
  }
  return schema.parse(undefined);
}

/**
 * The preferences; on a fresh install (nothing stored yet) the target is the browser's language
 * (browser-target.ts), not a fixed English.
 */
export async function getPreferences(): Promise<Preferences> {
  const [value, stored] = await Promise.all([preferencesItem.getValue(), storage.getItem('local:preferences')]);
  return lenient(Preferences, stored === null ? { ...value, targetLang: targetForLocale(uiLanguage()) } : value);
}

export async function getSiteRules(): Promise<SiteRules> {
  return lenient(SiteRules, await siteRulesItem.getValue());
}

export async function getGlossaryDefaults(): Promise<GlossaryDefaults> {
  return lenient(GlossaryDefaults, await glossaryDefaultsItem.getValue());
}

/** Merges a patch into the stored preferences; patches from one context apply one after another. */
export const updatePreferences = oneAtATime(async (patch: Partial<Preferences>): Promise<Preferences> => {
  const next = Preferences.parse({ ...(await getPreferences()), ...patch });
  await preferencesItem.setValue(next);
  return next;
});

/** The site rule for a hostname, or the default rule. */
export function ruleFor(rules: SiteRules, host: string) {
  return rules.find((r) => r.host === host) ?? SiteRule.parse({ host });
}

/** The preferences as UI models take them: passed in, so a test can hand them a `memoryPreferences()`. */
export interface PreferencesStore {
  get(): Promise<Preferences>;
  update(patch: Partial<Preferences>): Promise<Preferences>;
}

export const preferencesStore: PreferencesStore = { get: getPreferences, update: updatePreferences };

/** The site rules as UI models take them. */
export interface SiteRulesStore {
  get(): Promise<SiteRules>;
  set(rules: SiteRules): Promise<void>;
}

export const siteRulesStore: SiteRulesStore = { get: getSiteRules, set: (rules) => siteRulesItem.setValue(rules) };
