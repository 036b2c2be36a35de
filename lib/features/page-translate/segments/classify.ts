import { isOwnHost } from '../../../dom/own-ui.ts';
import {
  getAttribute,
  hasAttribute,
  hasAttributes,
  hostOrNull,
  localNameOf,
  nodeTypeOf,
  parentAcross,
  parentOf,
} from '../../../dom/unclobbered.ts';

/**
 * How the segmenter and the serialiser see an element. Tag names decide by default, because
 * computing styles for 50,000 nodes would stall big pages; a `display` hook can correct them.
 */

/** Phrasing elements whose text is translated with the surrounding sentence. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'label',
  'mark',
  'nobr',
  'output',
  'q',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
]);

/** Inline elements that stay in the sentence as a placeholder; their content is never sent. */
const ATOMIC = new Set([
  'audio',
  'canvas',
  'code',
  'embed',
  'iframe',
  'img',
  'input',
  'kbd',
  'math',
  'meter',
  'object',
  'option',
  'picture',
  'progress',
  'ruby',
  'samp',
  'select',
  'slot',
  'svg',
  'textarea',
  // A variable's name, in code or a formula: not words of the sentence.
  'var',
  'video',
]);

/** Not rendered: kept where the page put them, never sent. */
const HIDDEN = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'link',
  'meta',
  'wbr',
  'datalist',
  'source',
  'track',
]);

/** Block-level and never entered. */
const SKIP = new Set(['pre', 'head']);

/** Marks the nodes Verso adds (bilingual lines), so no pass ever takes them as page content. */
export const OWN_ATTR = 'data-verso-bilingual';

/** Tag names mirrored to the service as they are; anything else inline is sent as `span`. */
export const isPhrasingTag = (tag: string): boolean => INLINE.has(tag);

export type Role = 'inline' | 'break' | 'atomic' | 'hidden' | 'block' | 'skip';

export type DisplayHook = (el: Element) => 'block' | 'inline' | undefined;

export function roleOf(el: Element, display?: DisplayHook): Role {
  // Verso's own UI (its shadow hosts, known by identity): never sent, never rewritten.
  if (isOwnHost(el)) return 'skip';
  const tag = localNameOf(el);
  if (tag === 'br') return 'break';
  if (HIDDEN.has(tag)) return 'hidden';
  if (SKIP.has(tag)) return 'skip';
  // Most elements carry no attribute at all: skip the lookups for them.
  const attributed = hasAttributes(el);
  if (attributed && hasAttribute(el, OWN_ATTR)) return 'skip';
  // A slot with nothing assigned shows its own fallback content, which is the component's text.
  if (tag === 'slot' && showsFallback(el)) return 'inline';
  if (ATOMIC.has(tag)) return 'atomic';
  const inline = (display?.(el) ?? (INLINE.has(tag) ? 'inline' : 'block')) === 'inline';
  if (!attributed) return inline ? 'inline' : 'block';
  const editable = getAttribute(el, 'contenteditable');
  if (editable !== null && editable !== 'false') return inline ? 'atomic' : 'skip';
  return inline ? 'inline' : 'block';
}

const assignedNodes = globalThis.HTMLSlotElement?.prototype.assignedNodes;

/** A `<slot>` that nothing is assigned to (its fallback shows); one with light-DOM content is a placeholder. */
function showsFallback(slot: Element): boolean {
  return assignedNodes !== undefined && assignedNodes.call(slot as HTMLSlotElement).length === 0;
}

/** Base language, lower case: `EN-GB` -> `en`, `zh-Hant` -> `zh`. */
export const baseLang = (lang: string): string => (lang.split(/[-_]/)[0] ?? '').trim().toLowerCase();

/**
 * Whether text is translated, as inherited down the tree. Two independent things decide it: the
 * translate flag (`translate="no"|"yes"`, Google's `notranslate` class; the nearest says) and the
 * language (the nearest `lang`; content already in the target's base language is left alone).
 */
export interface Scope {
  readonly off: boolean;
  readonly same: boolean;
}

export const skipsText = (scope: Scope): boolean => scope.off || scope.same;

function translateFlag(el: Element): boolean | undefined {
  const translate = getAttribute(el, 'translate');
  if (translate !== null) {
    const value = translate.trim().toLowerCase();
    if (value === 'no') return true;
    if (value === 'yes' || value === '') return false;
  }
  // Reading the class string avoids building a DOMTokenList for every element.
  const cls = getAttribute(el, 'class');
  return cls !== null && /(?:^|\s)notranslate(?:\s|$)/.test(cls) ? true : undefined;
}

/**
 * `lang` attributes Verso set while a page is translated (a block that shows a translation says the target
 * language), with the page's own value (null: none): passes that come later judge the page by what it
 * said, not by Verso.
 */
export const langsBeforeVerso = new WeakMap<Element, string | null>();

function sameLang(el: Element, target: string | null): boolean | undefined {
  if (target === null) return undefined;
  const lang = langsBeforeVerso.has(el) ? (langsBeforeVerso.get(el) ?? null) : getAttribute(el, 'lang');
  if (lang === null) return undefined;
  return lang.trim() !== '' && baseLang(lang) === target;
}

/** The scope inside `el`, given the scope around it. */
export function enterScope(el: Element, around: Scope, target: string | null): Scope {
  if (!hasAttributes(el)) return around;
  const off = translateFlag(el) ?? around.off;
  const same = sameLang(el, target) ?? around.same;
  return off === around.off && same === around.same ? around : { off, same };
}

/** The scope `node` inherits from its ancestors (the node itself excluded), across shadow roots. */
export function scopeAround(node: Node, target: string | null): Scope {
  let off: boolean | undefined;
  let same: boolean | undefined;
  let editor = false;
  for (let cur = parentAcross(node); cur; cur = parentAcross(cur)) {
    if (nodeTypeOf(cur) !== 1) continue;
    const el = cur as Element;
    const editable = getAttribute(el, 'contenteditable');
    // Editors and Verso's own lines are never touched, whatever a nearer attribute says.
    if (hasAttribute(el, OWN_ATTR) || (editable !== null && editable !== 'false')) editor = true;
    off ??= translateFlag(el);
    same ??= sameLang(el, target);
  }
  return { off: editor || (off ?? false), same: same ?? false };
}

/** A unit is worth sending only if it holds a letter (digits, punctuation, emoji are left alone). */
const LETTER = /\p{L}/u;
export const hasLetter = (text: string): boolean => LETTER.test(text);

/** Web addresses (with a scheme, or `www.`) and e-mail addresses: the same in every language. */
const ADDRESSES =
  /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.)[^\s<>"]+|[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+/giu;

/**
 * Whether text holds words to translate: a letter outside web and e-mail addresses. A link that shows
 * its own address, a contact's e-mail, a version number are never sent.
 */
export const hasWords = (text: string): boolean =>
  LETTER.test(text) && (!MAY_HOLD_ADDRESS.test(text) || LETTER.test(text.replace(ADDRESSES, ' ')));
const MAY_HOLD_ADDRESS = /@|:\/\/|www\./i;

/**
 * The container whose runs include `node`: the nearest ancestor (or the node) that is not inline,
 * crossing nothing (a shadow root is a container). What a re-segmentation should start from.
 */
export function containerOf(node: Node, display?: DisplayHook): Element | ShadowRoot | null {
  const type = nodeTypeOf(node);
  const start = type === 1 || type === 11 ? node : parentOf(node);
  for (let cur: Node | null = start; cur; cur = parentOf(cur)) {
    const curType = nodeTypeOf(cur);
    if (curType === 11) return hostOrNull(cur) ? (cur as ShadowRoot) : null;
    if (curType !== 1) return null;
    const role = roleOf(cur as Element, display);
    if (role === 'block' || role === 'skip') return cur as Element;
  }
  return null;
}

/**
 * The nearest `lang` the page itself declared on `el` or an ancestor (across shadow roots), the root
 * element's excepted: `<html lang>` names the site's language, which a feed's posts often are not in.
 * Undefined when there is none, or it is empty.
 */
export function declaredLangOf(el: Element): string | undefined {
  for (let cur: Node | null = el; cur; cur = parentAcross(cur)) {
    if (nodeTypeOf(cur) !== 1) continue;
    const parent = parentAcross(cur);
    if (!parent || nodeTypeOf(parent) === 9) return undefined;
    const own = cur as Element;
    const lang = langsBeforeVerso.has(own) ? (langsBeforeVerso.get(own) ?? null) : getAttribute(own, 'lang');
    if (lang !== null) return lang.trim() || undefined;
  }
  return undefined;
}
