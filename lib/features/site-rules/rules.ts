import { pdfOfReader } from '../../reader/url.ts';
import { type SiteRule, SiteRules } from '../../settings/schema.ts';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The hostname a person means: a pasted URL, upper case, a trailing dot or a port are all accepted.
 * Undefined when it cannot be a hostname.
 */
export function normalizeHost(input: string): string | undefined {
  let text = input.trim().toLowerCase();
  if (!text) return undefined;
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(text)) text = `http://${text}`;
  let host: string;
  try {
    host = new URL(text).hostname;
  } catch {
    return undefined;
  }
  host = host.replace(/\.$/, '');
  if (host.startsWith('[')) return host; // IPv6 literal
  const labels = host.split('.');
  return labels.length > 0 && labels.every((l) => LABEL.test(l)) ? host : undefined;
}

/**
 * The host a page is known by to the site rules: the host of its origin as the URL Standard defines it
 * (so a `blob:` page counts as the site that made it), without the trailing dot `normalizeHost` drops
 * from rules too. Undefined for pages that are not on the web (file:, data:, about:, the browser's and
 * extensions' own pages), where no site rule applies.
 */
export function siteHostOf(url: string | undefined): string | undefined {
  // Verso's PDF reader counts as the site its PDF comes from.
  url = pdfOfReader(url) ?? url;
  if (!url) return undefined;
  let origin: URL;
  try {
    origin = new URL(new URL(url).origin);
  } catch {
    return undefined; // not a URL, or an opaque origin ("null")
  }
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') return undefined;
  return origin.hostname.replace(/\.$/, '') || undefined;
}

export type RuleChange = { ok: true; rules: SiteRule[] } | { ok: false; reason: 'invalid_host' | 'duplicate' };

/**
 * Adds a rule, or replaces the one for `previousHost` when editing (the host itself may change).
 * Rules stay sorted by host so the list reads like an index.
 */
export function putRule(rules: readonly SiteRule[], rule: SiteRule, previousHost?: string): RuleChange {
  const host = normalizeHost(rule.host);
  if (!host) return { ok: false, reason: 'invalid_host' };
  if (host !== previousHost && rules.some((r) => r.host === host)) return { ok: false, reason: 'duplicate' };
  const rest = rules.filter((r) => r.host !== (previousHost ?? host));
  const next = SiteRules.parse([...rest, { ...rule, host }]);
  return { ok: true, rules: next.sort((a, b) => a.host.localeCompare(b.host)) };
}

export const removeRule = (rules: readonly SiteRule[], host: string): SiteRule[] =>
  rules.filter((r) => r.host !== host);

/** Whether the browser accepts a CSS selector (list). */
export type SelectorCheck = (selector: string) => boolean;

/** The browser's own parser: a selector it cannot parse throws. */
export const browserSelectorCheck =
  (doc: Document): SelectorCheck =>
  (selector) => {
    try {
      doc.createDocumentFragment().querySelector(selector);
      return true;
    } catch {
      return false;
    }
  };

/** Splits a list at its top-level commas and line breaks (not those inside `:is(a, b)` or `[title="a,b"]`). */
function pieces(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth === 0 && (c === ',' || c === '\n')) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((p) => p.trim()).filter((p) => p !== '');
}

export type SelectorList = { ok: true; value: string } | { ok: false; bad: string };

/**
 * A person's selectors as they are kept: one per line or separated by commas, saved as one list
 * (`.comments, nav`); empty is none. Not ok, with the first piece the browser cannot parse, otherwise.
 */
export function selectorList(text: string, valid: SelectorCheck): SelectorList {
  const list = pieces(text);
  const bad = list.find((piece) => !valid(piece));
  if (bad !== undefined) return { ok: false, bad };
  const value = list.join(', ');
  if (value && !valid(value)) return { ok: false, bad: value };
  return { ok: true, value };
}
