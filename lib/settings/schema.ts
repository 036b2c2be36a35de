import { z } from 'zod';
import { Formality, ModelType } from '../api/translate-params.ts';
import { baseOf } from '../languages/codes.ts';

// The contract's values (lib/api), re-exported for the settings' users.
export { Formality, ModelType };

export const PageMode = z.enum(['replace', 'bilingual']);
export type PageMode = z.infer<typeof PageMode>;

/**
 * How much of a page is sent: what the reader has on screen and a margin ahead of the scroll
 * ("as you read", billed for what is read), or all of it at once (for print, find-in-page, reading offline).
 */
export const PageReading = z.enum(['as-you-read', 'whole-page']);
export type PageReading = z.infer<typeof PageReading>;

/** The key that, held while the pointer rests on a paragraph, translates it in place ('off': never). */
export const HoverModifier = z.enum(['Alt', 'Control', 'Shift', 'Meta', 'off']);
export type HoverModifier = z.infer<typeof HoverModifier>;

/** What the person chose as defaults. Language codes stay strings: the service may add languages. */
export const Preferences = z.object({
  targetLang: z.string().min(2).default('en-US'),
  /** Empty: let the service detect. */
  sourceLang: z.string().default(''),
  formality: Formality.default('default'),
  /** Empty: do not send model_type (the service default). */
  modelType: z.union([ModelType, z.literal('')]).default(''),
  pageMode: PageMode.default('replace'),
  pageReading: PageReading.default('as-you-read'),
  /**
   * Send screen-reader labels (`aria-label`, `aria-description`) with the page's text rather than when
   * their element is focused: a screen reader's virtual cursor reads them without focusing anything.
   */
  pageScreenReaderLabels: z.boolean().default(false),
  /** A small translate button next to a settled selection. */
  selectionButton: z.boolean().default(true),
  /** The button also for selections in text fields and editors (never in password fields). */
  selectionButtonInFields: z.boolean().default(false),
  hoverModifier: HoverModifier.default('Alt'),
  /** Send the surrounding text / page title as `context` (not billed). */
  sendContext: z.boolean().default(true),
  /** Send X-Service-Reporting-Tag naming the Verso feature. */
  reportingTags: z.boolean().default(true),
  /** Recently used target languages, most recent first (popup pickers). */
  recentTargets: z.array(z.string()).max(8).default([]),
});
export type Preferences = z.infer<typeof Preferences>;

export const SiteRule = z.object({
  /** Hostname the rule applies to, e.g. `news.example.org`. */
  host: z.string().min(1),
  translate: z.enum(['ask', 'always', 'never']).default('ask'),
  formality: z.union([Formality, z.literal('')]).default(''),
  modelType: z.union([ModelType, z.literal('')]).default(''),
  /** Writing help disabled on this site. */
  disableWriting: z.boolean().default(false),
  /** Empty: the preferences' reading; set when a person switches it on a page of the site. */
  pageReading: z.union([PageReading, z.literal('')]).default(''),
  /** Absent: the preferences' display mode; set when a person switches it on a page of the site. */
  pageMode: PageMode.optional(),
  /** No translate button next to selections on this site. */
  disableSelectionButton: z.boolean().default(false),
  /** CSS selectors of parts of the site's pages never translated (`.comments, nav`); absent or empty: none. */
  excludeSelectors: z.string().max(2000).optional(),
  /** CSS selectors of the only parts translated (`main article`); absent or empty: the whole page. */
  includeSelectors: z.string().max(2000).optional(),
});
export type SiteRule = z.infer<typeof SiteRule>;
export const SiteRules = z.array(SiteRule).default([]);
export type SiteRules = z.infer<typeof SiteRules>;

/** Default glossary per language pair: key `${source}>${target}` in lower-case base codes. */
export const GlossaryDefaults = z.record(z.string(), z.string()).default({});
export type GlossaryDefaults = z.infer<typeof GlossaryDefaults>;

export const glossaryPairKey = (source: string, target: string) => `${baseOf(source)}>${baseOf(target)}`;
