import DOMPurify from 'dompurify';
import { FORMATTING_TAGS } from './tags.ts';

/** What a translation may contain when shown: inline formatting, line breaks and links, nothing else. */
const SHOWN_TAGS = [...FORMATTING_TAGS, 'a', 'br'];
const HTTP_ONLY = /^https?:\/\//i;

/**
 * The service's HTML for one paragraph, made safe to insert: DOMPurify with an allow-list of inline
 * tags, links given back their page href by id (see serialize.ts) and only when it is http(s), and no
 * other attribute at all.
 */
export function sanitizeTranslation(html: string, links: readonly string[]): string {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: SHOWN_TAGS,
    ALLOWED_ATTR: ['id'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const a of fragment.querySelectorAll('a')) {
    const n = /^a(\d+)$/.exec(a.id);
    const href = n ? links[Number(n[1]) - 1] : undefined;
    if (href && HTTP_ONLY.test(href)) a.setAttribute('href', href);
  }
  for (const el of fragment.querySelectorAll('[id]')) el.removeAttribute('id');
  const holder = document.createElement('div');
  holder.append(fragment);
  // A second pass over the result, so the only attribute that can survive is an http(s) href.
  return DOMPurify.sanitize(holder.innerHTML, {
    ALLOWED_TAGS: SHOWN_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: HTTP_ONLY,
  });
}

/**
 * Sanitised HTML (from sanitizeTranslation) as nodes to insert, through the same allow-list once more:
 * what reaches the page is DOMPurify's own fragment, never HTML parsed again by the page's document.
 */
export function translationFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: SHOWN_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: HTTP_ONLY,
    RETURN_DOM_FRAGMENT: true,
  });
}

/** Verso's table markup around translated cells (table.ts); nothing else of a table is kept. */
const TABLE_TAGS = ['table', 'thead', 'tbody', 'tr', 'th', 'td'];

/**
 * A table of sanitised cells, for the clipboard, through DOMPurify once more: the cells' inline tags and
 * http(s) links, the table's own elements and their spans, nothing else.
 */
export function sanitizeTable(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...SHOWN_TAGS, ...TABLE_TAGS],
    ALLOWED_ATTR: ['href', 'colspan', 'rowspan'],
    // Any other attribute must otherwise pass the URI pattern: spans are numbers, not addresses.
    ADD_URI_SAFE_ATTR: ['colspan', 'rowspan'],
    ALLOWED_URI_REGEXP: HTTP_ONLY,
  });
}

/** Plain text of sanitised HTML: `<br>` as a line break, entities decoded. */
export function htmlToText(html: string): string {
  const fragment = DOMPurify.sanitize(html, { ALLOWED_TAGS: SHOWN_TAGS, ALLOWED_ATTR: [], RETURN_DOM_FRAGMENT: true });
  let out = '';
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === Node.TEXT_NODE) out += (child as Text).data;
      else if (child.nodeName.toLowerCase() === 'br') out += '\n';
      else walk(child);
    }
  };
  walk(fragment);
  return out;
}

/** Translated paragraphs back into one plain text, with the selection's own separators. */
export function joinPlain(paragraphs: readonly string[], separators: readonly string[], lead = '', trail = ''): string {
  return (
    lead +
    paragraphs.map((p, i) => htmlToText(p) + (i < paragraphs.length - 1 ? (separators[i] ?? '\n\n') : '')).join('') +
    trail
  );
}
