import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { lenient } from '../../settings/items.ts';
import { oneAtATime } from '../../settings/one-at-a-time.ts';
import { DEFAULT_PAUSE_MS, TranslateGesture } from './messages.ts';
import { DEFAULT_NEXT_KEY, NextKey } from './next-key.ts';

/** What one site overrides: checking as you type on or off there, and the target of "translate what I type". */
export const SiteTyping = z.object({
  /** Absent: the global switch decides. */
  asYouType: z.boolean().optional(),
  /** Absent: the default target language. */
  translateTo: z.string().min(2).max(20).optional(),
});
export type SiteTyping = z.infer<typeof SiteTyping>;

/**
 * Writing help as you type, and "translate what I type". Both off until the person turns them on: every
 * sentence typed is sent to the service and billed, so nothing typed leaves the page before the person
 * has chosen that.
 */
export const TypingSettings = z.object({
  /** The global switch: check spelling and grammar while typing, on every site not switched off. */
  asYouType: z.boolean().default(false),
  /** Also in private (incognito) windows. */
  inPrivate: z.boolean().default(false),
  /**
   * "Translate what I type": off until the person chooses a gesture. Each use is billed, and a gesture
   * on by default would act in every field of every site (docs/security.md, "Only a person's action
   * sends text").
   */
  translateGesture: TranslateGesture.default('off'),
  /** The language "translate what I type" translates into where a site has none of its own; absent: the default target. */
  translateTo: z.string().min(2).max(20).optional(),
  pauseMs: z.number().int().min(300).max(5000).default(DEFAULT_PAUSE_MS),
  /**
   * Also in code editors (CodeMirror, Monaco, Ace: a markdown comment box, say). Off by default: code
   * is not prose, and those editors turn the browser's spelling off themselves.
   */
  codeEditors: z.boolean().default(false),
  /** The key that goes to the next suggestion (Shift with it: the previous one), `next-key.ts`. */
  nextKey: NextKey.default(DEFAULT_NEXT_KEY),
  /** Per-site switches, by host (as site rules store it). */
  sites: z.record(z.string(), SiteTyping).default({}),
});
export type TypingSettings = z.infer<typeof TypingSettings>;

/**
 * Typing settings v1 -> v2: "translate what I type" is off unless the person chose Alt+Enter.
 *
 * Version 1 defaulted to three spaces, and it wrote the whole parsed value, defaults included, on every
 * change (`changeTypingSettings`): turning checking on, a site's switch or its target all stored
 * `translateGesture: 'three-spaces'` whether or not the person ever looked at that choice. A stored
 * 'three-spaces' therefore cannot be told apart from the old default (the Options list showed it
 * already chosen, so choosing it changed nothing and stored nothing of its own), and every v1
 * 'three-spaces' becomes 'off': a person who wanted it turns it on again in Options. 'alt-enter' was
 * never a default, so it was the person's choice and stays, as does 'off'. Anything else is passed on
 * untouched (reading parses leniently).
 */
export function typingSettingsV2(old: unknown): unknown {
  if (typeof old !== 'object' || old === null || Array.isArray(old)) return old;
  const value = old as Record<string, unknown>;
  return value.translateGesture === 'three-spaces' ? { ...value, translateGesture: 'off' } : value;
}

export const typingSettingsItem = storage.defineItem<TypingSettings>('local:typingSettings', {
  fallback: TypingSettings.parse({}),
  version: 2,
  migrations: { 2: typingSettingsV2 },
});

export async function getTypingSettings(): Promise<TypingSettings> {
  return lenient(TypingSettings, await typingSettingsItem.getValue());
}

/** Reads, changes and writes the settings; changes from one context apply one after another. */
const changeTypingSettings = oneAtATime(async (change: (s: TypingSettings) => TypingSettings) => {
  const next = TypingSettings.parse(change(await getTypingSettings()));
  await typingSettingsItem.setValue(next);
  return next;
});

export function updateTypingSettings(patch: Partial<Omit<TypingSettings, 'sites'>>): Promise<TypingSettings> {
  return changeTypingSettings((s) => ({ ...s, ...patch }));
}

/** Changes one site's overrides (`undefined` removes one); a site left with none is dropped. */
export function updateSiteTyping(host: string, patch: Partial<SiteTyping>): Promise<TypingSettings> {
  return changeTypingSettings((settings) => {
    const merged: Record<string, unknown> = { ...settings.sites[host], ...patch };
    for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
    const sites = { ...settings.sites };
    if (Object.keys(merged).length === 0) delete sites[host];
    else sites[host] = SiteTyping.parse(merged);
    return { ...settings, sites };
  });
}

/** Where checking as you type runs: the site's switch, else the global one; private windows need their own yes. */
export function asYouTypeOn(settings: TypingSettings, host: string | undefined, incognito: boolean): boolean {
  if (incognito && !settings.inPrivate) return false;
  const site = host ? settings.sites[host]?.asYouType : undefined;
  return site ?? settings.asYouType;
}

/** The typing settings as UI models take them: passed in, so a test can hand them a store in memory. */
export interface TypingSettingsStore {
  get(): Promise<TypingSettings>;
  update(patch: Partial<Omit<TypingSettings, 'sites'>>): Promise<TypingSettings>;
  updateSite(host: string, patch: Partial<SiteTyping>): Promise<TypingSettings>;
}

export const typingSettingsStore: TypingSettingsStore = {
  get: getTypingSettings,
  update: updateTypingSettings,
  updateSite: updateSiteTyping,
};
