import type { Language } from '../../api/index.ts';
import { baseOf, hasFeature, sourceCodeFor } from '../../languages/index.ts';
import { ruleFor } from '../../settings/items.ts';
import type { PageMode, PageReading } from '../../settings/schema.ts';
import { type ResolverInputs, resolveParams, type TranslateRequest } from '../translation-controls/resolve.ts';
import { PageParams, type PagePlan, type PageSelectors } from './messages.ts';

/** Context is not billed but counts against the body limit of every request: keep it short. */
const MAX_CONTEXT_CHARS = 1000;

export function pageContext(title?: string, description?: string): string | undefined {
  const parts = [title, description].map((s) => s?.replace(/\s+/g, ' ').trim()).filter((s): s is string => !!s);
  const unique = parts.filter((s, i) => parts.indexOf(s) === i);
  const text = unique.join('\n').slice(0, MAX_CONTEXT_CHARS).trim();
  return text || undefined;
}

/** Whether markup can be sent for a pair: both languages need `tag_handling` (or the list is not known). */
const tagsFor = (code: string, languages: readonly Language[]) =>
  languages.length === 0 || hasFeature(code, languages, 'tag_handling');

/**
 * The source to send: the language the page declares, when the service has it as a source that can take
 * markup. A page declaring the target's own language is left to detection: its text in that language is
 * skipped anyway, and what remains is quoted from elsewhere.
 */
export function pageSource(pageLang: string | undefined, target: string, languages: readonly Language[]) {
  const declared = pageLang?.trim() ? sourceCodeFor(pageLang.trim(), languages) : undefined;
  if (!declared || baseOf(declared) === baseOf(target)) return undefined;
  return tagsFor(declared, languages) ? declared : undefined;
}

export interface PageInfo {
  host: string;
  /** The site whose rule decides the reading: the tab's (a frame reads as its top page does). */
  readingHost?: string;
  pageLang?: string;
  title?: string;
  description?: string;
}

/**
 * The parameters of the two groups of a page, from the same resolver as selections and the popup
 * (lib/features/translation-controls/resolve.ts): formality, model, glossary defaults, site rules and the translation
 * controls mean the same everywhere. Text units go with `tag_handling: html`; attributes are plain text.
 */
export function planPage(inputs: ResolverInputs, page: PageInfo): PagePlan {
  const { preferences: prefs, languages } = inputs;
  const source = pageSource(page.pageLang, prefs.targetLang, languages);
  const context = pageContext(page.title, page.description);
  const request: TranslateRequest = {
    feature: 'page',
    targetLang: prefs.targetLang,
    ...(source ? { sourceLang: source } : {}),
    ...(page.host ? { host: page.host } : {}),
    ...(context ? { context } : {}),
  };
  const html = resolveParams(inputs, { ...request, tagHandling: 'html' });
  const attr = resolveParams(inputs, request);
  const notes = html.notes.map((note) => note.message);
  const already = alreadyIn(page.pageLang, prefs.targetLang);
  return {
    targetLang: prefs.targetLang,
    mode: modeFor(inputs, page.readingHost ?? page.host),
    reading: readingFor(inputs, page.readingHost ?? page.host),
    ...(already ? { alreadyIn: already } : {}),
    ...(prefs.pageScreenReaderLabels ? { labelsWithPage: true } : {}),
    html: PageParams.parse(html.params),
    attr: PageParams.parse(attr.params),
    ...(notes.length ? { notes } : {}),
    ...selectorsFor(inputs, page.host),
  };
}

/**
 * The person's selectors for the page's own site (a frame's own host: a frame of the site follows them, a
 * frame of another site does not). Only stored rules say them; nothing a page sends can.
 */
export function selectorsFor(inputs: Pick<ResolverInputs, 'siteRules'>, host: string): { selectors?: PageSelectors } {
  if (!host) return {};
  const rule = ruleFor(inputs.siteRules, host);
  const exclude = rule.excludeSelectors?.trim() ?? '';
  const include = rule.includeSelectors?.trim() ?? '';
  if (!exclude && !include) return {};
  return { selectors: { ...(exclude ? { exclude } : {}), ...(include ? { include } : {}) } };
}

/** As you read or the whole page: the site's rule when a person chose it there, else the preferences. */
export function readingFor(inputs: Pick<ResolverInputs, 'preferences' | 'siteRules'>, host: string): PageReading {
  const chosen = host ? ruleFor(inputs.siteRules, host).pageReading : '';
  return chosen || inputs.preferences.pageReading;
}

/** Bilingual or the translation only: the site's rule when a person switched it there, else the preferences. */
export function modeFor(inputs: Pick<ResolverInputs, 'preferences' | 'siteRules'>, host: string): PageMode {
  return (host ? ruleFor(inputs.siteRules, host).pageMode : undefined) ?? inputs.preferences.pageMode;
}

/**
 * The language a page is already in when it declares the target's own (same base: an `en` page and an
 * `en-US` target), so translating it would change nothing: its text in that language is never sent
 * (segments/classify.ts), and the service has no translation from a language into its own variant.
 */
export function alreadyIn(pageLang: string | undefined, target: string): string | undefined {
  const declared = pageLang?.trim();
  if (!declared || !/^[A-Za-z]{2,3}(-|$)/.test(declared)) return undefined;
  const base = baseOf(declared);
  return base === baseOf(target) ? base : undefined;
}

/** Page translation needs markup support in the target; without it the page cannot be translated as a page. */
export const targetTakesMarkup = (target: string, languages: readonly Language[]): boolean =>
  tagsFor(target, languages);
