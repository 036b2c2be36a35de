import { getSiteRules, siteRulesItem } from '../../settings/items.ts';
import { oneAtATime } from '../../settings/one-at-a-time.ts';
import { type PageReading, SiteRule, type SiteRules } from '../../settings/schema.ts';

/** The rules with `host`'s reading set; a site without a rule gets one that changes nothing else. */
export function withReading(rules: SiteRules, host: string, reading: PageReading): SiteRules {
  const found = rules.some((rule) => rule.host === host);
  if (found) return rules.map((rule) => (rule.host === host ? { ...rule, pageReading: reading } : rule));
  const next = [...rules, SiteRule.parse({ host, pageReading: reading })];
  return next.sort((a, b) => a.host.localeCompare(b.host));
}

/** Remembers a person's switch between "as you read" and "whole page" for the site (its rule). */
export const rememberReading = oneAtATime(async (host: string, reading: PageReading): Promise<void> => {
  await siteRulesItem.setValue(withReading(await getSiteRules(), host, reading));
});

/**
 * The rules without their reading and display-mode choices ("Your data"): a rule that held nothing else
 * (one made only to remember them) goes, the others keep their other fields.
 */
export function withoutReadings(rules: SiteRules): SiteRules {
  return rules.flatMap((rule) => {
    if (rule.pageReading === '' && rule.pageMode === undefined) return [rule];
    const { pageMode: _mode, ...kept } = rule;
    const rest = { ...kept, pageReading: '' as const };
    return JSON.stringify(rest) === JSON.stringify(SiteRule.parse({ host: rule.host })) ? [] : [rest];
  });
}

/** How many sites have a reading (or display-mode) choice of their own. */
export const readingsKept = async (): Promise<number> =>
  (await getSiteRules()).filter((rule) => rule.pageReading !== '' || rule.pageMode !== undefined).length;

/** Forgets every site's reading choice. */
export const forgetReadings = oneAtATime(async (): Promise<void> => {
  await siteRulesItem.setValue(withoutReadings(await getSiteRules()));
});
