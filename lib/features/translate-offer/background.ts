import { needsFeaturesFor } from '../../background/boot.ts';
import { baseOf } from '../../languages/index.ts';
import { handle, type Sender } from '../../messaging/handle.ts';
import { getCredentials } from '../../settings/credentials.ts';
import { getPreferences, getSiteRules, ruleFor, siteRulesItem } from '../../settings/items.ts';
import { getLanguageRules, setLanguageRule } from '../../settings/language-rules.ts';
import { commandTab } from '../page-translate/tabs.background.ts';
import { putRule, siteHostOf } from '../site-rules/rules.ts';
import { translateLanguages } from '../translation-controls/params.background.ts';
import { decideOffer } from './decide.ts';
import { pageLanguage } from './detect.background.ts';
import type { Offer } from './messages.ts';

/** The offer is made to the tab's page itself, never to a frame in it. */
function topFrameTab(sender: Sender): number {
  const tabId = sender.tab?.id;
  if (tabId === undefined || tabId < 0 || (sender.frameId ?? 0) !== 0) {
    throw { code: 'forbidden', message: 'The translation offer is made to the top frame of a tab only' };
  }
  return tabId;
}

/** The site rule of `host` set to "never", its other choices kept. */
async function neverTranslate(host: string): Promise<void> {
  const rules = await getSiteRules();
  const change = putRule(
    rules,
    { ...ruleFor(rules, host), translate: 'never' },
    rules.some((r) => r.host === host) ? host : undefined,
  );
  if (change.ok) await siteRulesItem.setValue(change.rules);
}

/**
 * The offer to translate a page in another language (translate-offer/content.ts shows it): decided from
 * the site's rule, the page language's rule and the target, and answered by the person. Only an answer
 * of "Translate" or "Always" starts a translation.
 */
/** What the offer is for this top page: none, to offer, or to start at once (the language's rule). */
async function decisionFor(declared: string | undefined, sample: string | undefined, sender: Sender) {
  // Without a key nothing could be translated: no offer that only leads to an error.
  if (!(await getCredentials()).apiKey) return undefined;
  const host = siteHostOf(sender.tab?.url);
  const [preferences, siteRules, languageRules, languages] = await Promise.all([
    getPreferences(),
    getSiteRules(),
    getLanguageRules(),
    translateLanguages(),
  ]);
  const decision = decideOffer({
    ...(host ? { siteRule: ruleFor(siteRules, host) } : {}),
    languageRules,
    pageLang: pageLanguage(declared, sample),
    targetLang: preferences.targetLang,
    sources: languages.filter((l) => l.usable_as_source).map((l) => baseOf(l.lang)),
  });
  return { decision, host, targetLang: preferences.targetLang };
}

export function setUpTranslateOffer(): void {
  // A top page gone idle (lib/bootstrap): its features come in when there is something to offer or start.
  needsFeaturesFor(['idle'], async ({ declared, sample }, sender) => {
    if ((sender.frameId ?? 0) !== 0) return false;
    const out = await decisionFor(declared || undefined, declared ? undefined : sample, sender);
    return out?.decision.kind === 'start' || out?.decision.kind === 'offer';
  });

  handle('offer.check', async ({ declared, sample }, sender): Promise<{ offer?: Offer }> => {
    const tabId = topFrameTab(sender);
    const out = await decisionFor(declared, sample, sender);
    if (!out) return {};
    const { decision, host } = out;
    const preferences = { targetLang: out.targetLang };
    if (decision.kind === 'start') void commandTab(tabId, 'translate', 'auto');
    if (decision.kind !== 'offer') return {};
    return { offer: { lang: decision.lang, targetLang: preferences.targetLang, site: host !== undefined } };
  });

  handle('offer.answer', async ({ choice, lang }, sender) => {
    const tabId = topFrameTab(sender);
    if (choice === 'never-site') {
      const host = siteHostOf(sender.tab?.url);
      if (host) await neverTranslate(host);
      return null;
    }
    if (choice === 'always') await setLanguageRule(lang, 'always');
    void commandTab(tabId, 'translate', 'offer');
    return null;
  });
}
