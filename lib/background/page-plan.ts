import type { Language } from '../api/index.ts';
import type { PagePlan } from '../features/page-translate/messages.ts';
import { planPage, targetTakesMarkup } from '../features/page-translate/params.ts';
import { hasFeature, languageName } from '../features/selection/languages.ts';
import { getGlossaryDefaults, getPreferences, getSiteRules, ruleFor } from '../settings/items.ts';
import { glossaryPairKey } from '../settings/schema.ts';
import { getLanguages } from './languages.ts';

/** The translate_text languages decide formality, source and glossary use; unknown: pass codes through. */
const knownLanguages = (): Promise<Language[]> => getLanguages('translate_text').catch(() => []);

export interface PageInfo {
  host: string;
  pageLang?: string;
  title?: string;
  description?: string;
}

/** The parameters for a page, from the preferences, the site's rule, the languages and the page itself. */
export async function preparePage(page: PageInfo): Promise<PagePlan> {
  const [prefs, rules, defaults, languages] = await Promise.all([
    getPreferences(),
    getSiteRules(),
    getGlossaryDefaults(),
    knownLanguages(),
  ]);
  const rule = ruleFor(rules, page.host);
  if (!targetTakesMarkup(prefs.targetLang, languages)) {
    throw {
      code: 'bad_request',
      message: `Pages cannot be translated into ${languageName(prefs.targetLang, languages)}: the service cannot keep their markup in that language. Choose another target language in Verso options.`,
    };
  }
  return planPage({
    targetLang: prefs.targetLang,
    mode: prefs.pageMode,
    formality: rule.formality || prefs.formality,
    modelType: rule.modelType || prefs.modelType,
    sendContext: prefs.sendContext,
    languages,
    glossaryFor(source, target) {
      const usable =
        languages.length === 0 ||
        (hasFeature(source, languages, 'glossary') && hasFeature(target, languages, 'glossary'));
      return usable ? defaults[glossaryPairKey(source, target)] || undefined : undefined;
    },
    page,
  });
}

/** Whether the site's rule asks to translate it without being asked. 'never' sites are never started alone. */
export async function startsAlone(host: string): Promise<boolean> {
  if (!host) return false;
  const rule = ruleFor(await getSiteRules(), host);
  if (rule.translate !== 'always') return false;
  // The languages are needed in a moment; warming their cache now saves a round trip on the first screen.
  void knownLanguages();
  return true;
}

/** Reads the language list ahead of a translation, so the first screen does not wait for it. */
export function warmLanguages(): void {
  void knownLanguages();
}
