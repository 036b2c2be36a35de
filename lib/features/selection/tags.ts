import { BLOCK_TAGS } from '../../dom/blocks.ts';
import { hasAttribute, localNameOf, parentElementOf } from '../../page/dom.ts';
/**
 * How the selection's serialiser and the context reader see elements. Tag names decide, because
 * a selection is serialised from the live page and must not wait on layout for every element.
 * Every read goes through the prototypes' getters (lib/page/dom.ts): a form whose controls are named
 * `localName` or `parentElement` cannot change what is read.
 */

/** Inline formatting kept (as bare tags) in what is sent, and allowed in what is shown. */
export const FORMATTING_TAGS: readonly string[] = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'sub',
  'sup',
  'small',
  'q',
  'cite',
  'dfn',
  'abbr',
  'code',
  'kbd',
  'samp',
  'var',
  'bdi',
];

const FORMATTING = new Set(FORMATTING_TAGS);

/** Never sent: not text a reader sees, or controls whose value is not part of the selection. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'meta',
  'link',
  'svg',
  'math',
  'iframe',
  'frame',
  'object',
  'embed',
  'canvas',
  'video',
  'audio',
  'img',
  'picture',
  'input',
  'select',
  'option',
  'datalist',
  'textarea',
  'button',
]);

export const tagOf = (el: Element): string => localNameOf(el).toLowerCase();
export const isFormatting = (el: Element): boolean => FORMATTING.has(tagOf(el));
export const isBlock = (el: Element): boolean => BLOCK_TAGS.has(tagOf(el));

export function isSkipped(el: Element): boolean {
  return SKIPPED.has(tagOf(el)) || hasAttribute(el, 'hidden');
}

/** True when text inside `node` is not page text (script source, a control's options...). */
export function inSkipped(node: Node): boolean {
  for (let el = parentElementOf(node); el; el = parentElementOf(el)) if (isSkipped(el)) return true;
  return false;
}
