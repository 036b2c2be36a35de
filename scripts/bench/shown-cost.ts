/**
 * The attribute and hidden cost of a whole-page visit: of the characters billed, those that were
 * attribute text a person does not see while reading (tooltips, descriptions of loaded pictures,
 * labels for screen readers) or text hidden on the page (a closed menu, an inactive tab, `display:
 * none`), and the characters billed per unique character the page shows (goal: <= 1.05). Shown text is
 * the unique text of the shown `data-b` blocks (code left out, as it is never sent), the tab's title,
 * the placeholders of shown empty fields and the descriptions of shown pictures that failed to load.
 */
import type { Page } from '@playwright/test';
import type { LoggedTranslate } from './stats.ts';

export interface PageTexts {
  shown: string[];
  hidden: string[];
  /** Attribute values a person sees as text: placeholders, broken pictures' descriptions. */
  shownAttributes: string[];
}

/** Runs in the page before the translation starts: its shown and hidden text. */
function collectPageTexts(): PageTexts {
  {
    const shown = (el: Element) =>
      (el as Element & { checkVisibility(o: object): boolean }).checkVisibility({
        visibilityProperty: true,
        opacityProperty: true,
      });
    const textOf = (el: Element): string => {
      const copy = el.cloneNode(true) as Element;
      for (const skip of copy.querySelectorAll('code,kbd,samp,script,style')) skip.remove();
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    };
    const out = { shown: [document.title.trim()], hidden: [] as string[], shownAttributes: [] as string[] };
    for (const el of document.querySelectorAll('[data-b]')) (shown(el) ? out.shown : out.hidden).push(textOf(el));
    for (const el of document.querySelectorAll('input[placeholder],textarea[placeholder]')) {
      if (shown(el) && !(el as HTMLInputElement).value) out.shownAttributes.push(el.getAttribute('placeholder') ?? '');
    }
    for (const img of document.querySelectorAll('img[alt]')) {
      const broken = (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0;
      if (broken && shown(img)) out.shownAttributes.push(img.getAttribute('alt') ?? '');
    }
    out.shownAttributes = out.shownAttributes.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
    return out;
  }
}

// Evaluated as source: `__name` covers the helper some TypeScript loaders add to functions.
export const readPageTexts = (page: Page): Promise<PageTexts> =>
  page.evaluate(`var __name = (f) => f; (${collectPageTexts.toString()})()`) as Promise<PageTexts>;

export interface ShownCost {
  /** Billed characters of attribute text not shown as text. */
  attributeCharacters: number;
  /** Billed characters of text found only in hidden blocks. */
  hiddenCharacters: number;
  shownUniqueCharacters: number;
  /** Billed characters per unique shown character (goal <= 1.05). */
  billedPerShown: number | null;
}

const codePoints = (text: string) => Array.from(text).length;
const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function shownCost(texts: PageTexts, requests: readonly LoggedTranslate[], billed: number): ShownCost {
  const shownJoined = texts.shown.join('\n');
  const hiddenJoined = texts.hidden.join('\n');
  const shownAttributes = new Set(texts.shownAttributes);
  let attributeCharacters = 0;
  let hiddenCharacters = 0;
  for (const request of requests) {
    if (request.status !== 200 || !request.body) continue;
    const markup = request.body.tag_handling === 'html' || request.body.tag_handling === 'xml';
    for (const sent of (request.body.text ?? []) as string[]) {
      const plain = collapse(decode(markup ? sent.replace(/<[^>]*>/g, '') : sent));
      if (!plain || shownAttributes.has(plain) || shownJoined.includes(plain)) continue;
      if (!markup) attributeCharacters += codePoints(plain);
      else if (hiddenJoined.includes(plain)) hiddenCharacters += codePoints(plain);
    }
  }
  let shownUniqueCharacters = 0;
  for (const text of new Set([...texts.shown, ...texts.shownAttributes])) shownUniqueCharacters += codePoints(text);
  return {
    attributeCharacters,
    hiddenCharacters,
    shownUniqueCharacters,
    billedPerShown: shownUniqueCharacters > 0 ? Number((billed / shownUniqueCharacters).toFixed(3)) : null,
  };
}
