import {
  attributesOf,
  cloneNode,
  createElement,
  createTextNode,
  firstElementChildOf,
  insertBefore,
  localNameOf,
  parentOf,
  querySelectorAll,
  removeAttribute,
  removeChild,
  textContentOf,
} from '../../../dom/unclobbered.ts';
import { baseOf } from '../../../languages/codes.ts';
import { OWN_ATTR } from './classify.ts';
import type { TextRecord } from './merge.ts';
import type { Piece } from './types.ts';

/**
 * Bilingual view: the translation as a line of its own under the original run. It is built from
 * clones of the page's inline elements (links still point where they did) minus anything that
 * must stay unique or live: ids, names, inline handlers, editability, and media or form controls.
 */

export const BILINGUAL_CLASS = 'verso-bilingual';

/**
 * For the content script to adopt; the line also sets `display: block` itself. It takes the width its
 * original gave the box and adds none (`width: 0; min-width: 100%`): a menu item, a badge or a card sized
 * by its content keeps its size and place. A subtle look that tells the
 * translation from the original: the text's own colour, a little muted, and a thin line at its start, both
 * taken from the page's colour (light and dark pages alike). A page themes it with
 * `--verso-bilingual-color` and `--verso-bilingual-border` (README.md, "Bilingual lines").
 */
export const BILINGUAL_CSS = `.${BILINGUAL_CLASS}{display:block;box-sizing:border-box;width:0;min-width:100%;margin-top:.25em;padding-inline-start:.5em;border-inline-start:2px solid var(--verso-bilingual-border,color-mix(in srgb,currentColor 30%,transparent));color:var(--verso-bilingual-color,color-mix(in srgb,currentColor 75%,transparent))}`;

const STRIPPED = ['id', 'name', 'autofocus', 'contenteditable', 'accesskey', 'popover'];

/** Left out of clones: a second copy would load, play or submit again. */
const LIVE = new Set(['iframe', 'video', 'audio', 'canvas', 'object', 'embed', 'input', 'select', 'textarea']);

const LIVE_SELECTOR = [...LIVE].join(',');

const RTL = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'sd', 'ug', 'dv']);

function strip(el: Element): void {
  for (const name of STRIPPED) removeAttribute(el, name);
  for (const attr of Array.from(attributesOf(el))) if (attr.name.startsWith('on')) removeAttribute(el, attr.name);
}

function deepClone(el: Element): Element | null {
  if (LIVE.has(localNameOf(el))) return null;
  const copy = cloneNode(el, true) as Element;
  strip(copy);
  if (!firstElementChildOf(copy)) return copy;
  for (const live of Array.from(querySelectorAll(copy, LIVE_SELECTOR))) {
    const parent = parentOf(live);
    if (parent) removeChild(parent, live);
  }
  for (const inner of Array.from(querySelectorAll(copy, '*'))) strip(inner);
  return copy;
}

function fill(record: TextRecord, doc: Document, parent: Node, pieces: readonly Piece[]): void {
  for (const piece of pieces) {
    if (piece.kind === 'text') {
      insertBefore(parent, createTextNode(doc, piece.text), null);
      continue;
    }
    const ref = record.unit.refs.get(piece.ref);
    if (!ref) continue;
    if (piece.kind === 'keep') {
      const copy = deepClone(ref.el);
      if (copy) insertBefore(parent, copy, null);
      continue;
    }
    const copy = cloneNode(ref.el, false) as Element;
    strip(copy);
    fill(record, doc, copy, piece.children);
    insertBefore(parent, copy, null);
  }
}

/** The line for one unit, built while the original is shown (kept elements are cloned as they are). */
export function buildBilingual(record: TextRecord, doc: Document, targetLang: string): HTMLElement {
  const line = createElement(doc, 'span');
  line.className = BILINGUAL_CLASS;
  line.setAttribute('lang', targetLang.toLowerCase());
  line.setAttribute(OWN_ATTR, '');
  if (RTL.has(baseOf(targetLang))) line.setAttribute('dir', 'rtl');
  // Set through the CSSOM, which a page's style-src policy does not block.
  line.style.display = 'block';
  fill(record, doc, line, record.pieces);
  return line;
}

const plain = (text: string): string => text.replace(/\s+/g, ' ').trim();

function piecesText(record: TextRecord, pieces: readonly Piece[]): string {
  let out = '';
  for (const piece of pieces) {
    if (piece.kind === 'text') out += piece.text;
    else if (piece.kind === 'el') out += piecesText(record, piece.children);
    else {
      const ref = record.unit.refs.get(piece.ref);
      out += ref ? (textContentOf(ref.el) ?? '') : '';
    }
  }
  return out;
}

/**
 * Whether a unit's translation reads exactly as its original, white space aside (a name, a number, code,
 * text already in the target language): the bilingual view then shows it once. Asked while the original
 * is shown, so the run's nodes are the page's own.
 */
export function readsAsOriginal(record: TextRecord): boolean {
  const original = record.unit.nodes.map((node) => textContentOf(node) ?? '').join('');
  return plain(piecesText(record, record.pieces)) === plain(original);
}
