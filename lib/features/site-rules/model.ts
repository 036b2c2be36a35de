import { signal } from '@preact/signals';
import { getSiteRules, siteRulesItem } from '../../settings/items.ts';
import type { SiteRule } from '../../settings/schema.ts';
import { normalizeHost, putRule, removeRule } from './rules.ts';

export const rules = signal<SiteRule[]>([]);
export const notice = signal<string | undefined>(undefined);

export async function loadRules() {
  notice.value = undefined;
  rules.value = await getSiteRules();
}

async function write(next: SiteRule[], message: string) {
  await siteRulesItem.setValue(next);
  rules.value = next;
  notice.value = message;
}

/** Adds or (with `previousHost`) replaces a rule; returns why not, or undefined when saved. */
export async function saveRule(
  rule: SiteRule,
  previousHost: string | undefined,
  message: (host: string) => string,
): Promise<'invalid_host' | 'duplicate' | undefined> {
  const result = putRule(rules.value, rule, previousHost);
  if (!result.ok) return result.reason;
  await write(result.rules, message(normalizeHost(rule.host) ?? rule.host));
  return undefined;
}

export function deleteRule(host: string, message: string) {
  return write(removeRule(rules.value, host), message);
}
