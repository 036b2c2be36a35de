import { browser } from 'wxt/browser';
import { handle } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import { getPreferences, getSiteRules, preferencesItem, siteRulesItem } from '../../settings/items.ts';
import { oneAtATime } from '../../settings/one-at-a-time.ts';
import { type PageMode, SiteRule, type SiteRules } from '../../settings/schema.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import type { PageView } from './messages.ts';
import { alreadyIn, modeFor } from './params.ts';

/** The rules with `host`'s display mode set; a site without a rule gets one that changes nothing else. */
export function withMode(rules: SiteRules, host: string, mode: PageMode): SiteRules {
  const found = rules.some((rule) => rule.host === host);
  if (found) return rules.map((rule) => (rule.host === host ? { ...rule, pageMode: mode } : rule));
  const next = [...rules, { ...SiteRule.parse({ host }), pageMode: mode }];
  return next.sort((a, b) => a.host.localeCompare(b.host));
}

/** Remembers a person's switch between bilingual and the translation only for the site (its rule). */
export const rememberMode = oneAtATime(async (host: string, mode: PageMode): Promise<void> => {
  await siteRulesItem.setValue(withMode(await getSiteRules(), host, mode));
});

/** The display mode of a tab's site: its rule's, else the preferences'. */
export async function modeOfTab(url: string | undefined): Promise<PageMode> {
  const [preferences, siteRules] = await Promise.all([getPreferences(), getSiteRules()]);
  return modeFor({ preferences, siteRules }, siteHostOf(url) ?? '');
}

/**
 * A page not translated yet whose `<html lang>` is the target's own language: the popup says so before a
 * start (the page's session says it after one, from its plan).
 */
export async function withAlreadyIn(view: PageView | null): Promise<PageView | null> {
  if (view?.phase !== 'idle' || view.alreadyIn || !view.pageLang) return view;
  const already = alreadyIn(view.pageLang, (await getPreferences()).targetLang);
  return already ? { ...view, alreadyIn: already } : view;
}

/**
 * The display mode, the worker's side: a person's switch remembered for the site, the mode a page's
 * paragraph key takes, and translated pages shown again at once when the settings change it (the
 * preferences, or a site's rule from another tab or the options page): they have the answers already.
 */
export function setUpPageMode(translatedTabs: () => Iterable<number>): void {
  handle('page.rememberMode', async ({ mode }, sender) => {
    const host = siteHostOf(sender.tab?.url);
    // A private window's sites are not written down (docs/privacy.md, "Private windows").
    if (host && !sender.tab?.incognito) await rememberMode(host, mode);
    return null;
  });
  handle('page.mode', async (_data, sender) => ({ mode: await modeOfTab(sender.tab?.url) }));

  const follow = async () => {
    for (const tabId of translatedTabs()) {
      const tab = await browser.tabs.get(tabId).catch(() => undefined);
      if (!tab) continue;
      const mode = await modeOfTab(tab.url);
      void send('page.command', { action: mode, trigger: 'auto' }, { tabId, frameId: 0 }).catch(() => undefined);
    }
  };
  preferencesItem.watch((next, before) => {
    if (next?.pageMode !== before?.pageMode) void follow();
  });
  siteRulesItem.watch(() => void follow());
}
