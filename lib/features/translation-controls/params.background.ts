import type { Language } from '../../api/index.ts';
import { getGlossaryDefaults, getPreferences, getSiteRules } from '../../settings/items.ts';
import { getTranslationControls } from '../../settings/translation-controls.ts';
import { getLanguages } from '../languages/cache.background.ts';
import { type ResolvedParams, type ResolverInputs, resolveParams, type TranslateRequest } from './resolve.ts';

export type { ParamNote, Params, ResolvedParams, TranslateRequest } from './resolve.ts';

/**
 * The languages' features decide formality, glossary and style rule use. Without the list Verso passes
 * choices through (formality as `prefer_`), so a slow or failing list must not hold a translation up.
 */
const LANGUAGES_WAIT_MS = 3000;

/** translate_text languages, or an empty list when they cannot be had within a few seconds. */
export function translateLanguages(waitMs = LANGUAGES_WAIT_MS): Promise<Language[]> {
  return Promise.race([
    getLanguages('translate_text').catch(() => []),
    new Promise<Language[]>((resolve) => setTimeout(() => resolve([]), waitMs)),
  ]);
}

export interface ResolverDeps {
  languages(): Promise<readonly Language[]>;
}

const defaultDeps: ResolverDeps = { languages: () => translateLanguages() };

/** Everything the resolver reads: settings from storage, languages from the (cached) service list. */
export async function resolverInputs(deps: ResolverDeps = defaultDeps): Promise<ResolverInputs> {
  const [preferences, siteRules, glossaryDefaults, advanced, languages] = await Promise.all([
    getPreferences(),
    getSiteRules(),
    getGlossaryDefaults(),
    getTranslationControls(),
    deps.languages(),
  ]);
  return { preferences, siteRules, glossaryDefaults, advanced, languages };
}

/**
 * The one place that decides what a `POST /v2/translate` carries besides its texts: see
 * `resolveParams` (lib/features/translation-controls/resolve.ts) for the rules. Page translation, selections and
 * the popup all ask here, so a setting means the same wherever text is translated.
 */
export async function resolveTranslateParams(
  request: TranslateRequest,
  deps: ResolverDeps = defaultDeps,
): Promise<ResolvedParams> {
  return resolveParams(await resolverInputs(deps), request);
}
