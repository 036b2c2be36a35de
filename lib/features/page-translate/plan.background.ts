import type { Language } from '../../api/index.ts';
import { languageName } from '../../languages/index.ts';
import { getSiteRules, ruleFor } from '../../settings/items.ts';
import { getLanguages } from '../languages/cache.background.ts';
import { resolverInputs } from '../translation-controls/params.background.ts';
import type { PagePlan } from './messages.ts';
import { type PageInfo, planPage, targetTakesMarkup } from './params.ts';

/** The translate_text languages decide formality, source and glossary use; unknown: pass codes through. */
const knownLanguages = (): Promise<Language[]> => getLanguages('translate_text').catch(() => []);

export type { PageInfo };

/** The parameters for a page (see planPage), from stored settings and the cached language list. */
export async function preparePage(page: PageInfo): Promise<PagePlan> {
  const inputs = await resolverInputs({ languages: knownLanguages });
  const target = inputs.preferences.targetLang;
  if (!targetTakesMarkup(target, inputs.languages)) {
    throw {
      code: 'bad_request',
      message: `Pages cannot be translated into ${languageName(target, inputs.languages)}: the service cannot keep their markup in that language. Choose another target language in Verso options.`,
    };
  }
  return planPage(inputs, page);
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
