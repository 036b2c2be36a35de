import {
  childNodesOf,
  createTextNode,
  firstChildOf,
  getAttribute,
  insertBefore,
  nextSiblingOf,
  nodeTypeOf,
  parentOf,
  removeChild,
  setAttribute,
} from '../../../dom/unclobbered.ts';
import { type InertParser, parseInert, planFromResponse, textFromResponse } from './plan.ts';
import type { AttrUnit, Piece, TextUnit } from './types.ts';

/**
 * Builds a translated unit out of the page's own nodes. Every element and every original text node
 * stays in the parent it had (only sibling order and text data change), so scripts and frameworks
 * that hold references keep working, and putting the original back is exact.
 */

/** One parent's child list, before and after. */
export interface Swap {
  readonly parent: ParentNode & Node;
  readonly original: readonly ChildNode[];
  readonly translated: readonly ChildNode[];
}

export interface TextEdit {
  readonly node: Text;
  readonly original: string;
  readonly translated: string;
}

export interface TextRecord {
  readonly kind: 'text';
  readonly unit: TextUnit;
  readonly pieces: readonly Piece[];
  readonly swaps: readonly Swap[];
  readonly edits: readonly TextEdit[];
  /** Text nodes added because the translation has more text pieces than the original. */
  readonly created: readonly Text[];
}

export interface AttrRecord {
  readonly kind: 'attr';
  readonly unit: AttrUnit;
  readonly translated: string;
}

const isText = (node: Node): node is Text => nodeTypeOf(node) === 3;

/**
 * Whether the DOM still is what the unit was cut from (the page may have changed it meanwhile). Runs for
 * every answer, twice: the maps are walked with `forEach`, which makes no entry arrays to collect.
 */
export function isFresh(unit: TextUnit): boolean {
  let fresh = true;
  unit.children.forEach((list, key) => {
    if (fresh) fresh = key === null ? runIsFresh(unit.parent, list) : childrenAre(unit.refs.get(key)?.el, list);
  });
  if (fresh) {
    unit.texts.forEach((data, node) => {
      if (fresh && node.data !== data) fresh = false;
    });
  }
  return fresh;
}

/** The run's nodes are still consecutive children of its parent. */
function runIsFresh(parent: Node, list: readonly ChildNode[]): boolean {
  for (let i = 0; i < list.length; i++) {
    const node = list[i]!;
    if (parentOf(node) !== parent) return false;
    if (i > 0 && nextSiblingOf(list[i - 1]!) !== node) return false;
  }
  return true;
}

/** An inline element still has exactly these children, in this order. */
function childrenAre(el: Element | undefined, list: readonly ChildNode[]): boolean {
  if (!el || childNodesOf(el).length !== list.length) return false;
  let i = 0;
  for (let child = firstChildOf(el); child; child = nextSiblingOf(child)) if (child !== list[i++]) return false;
  return true;
}

/** Plans the translated DOM of a fresh unit without touching the page. */
export function prepareText(unit: TextUnit, pieces: readonly Piece[], doc: Document): TextRecord {
  const swaps: Swap[] = [];
  const edits: TextEdit[] = [];
  const created: Text[] = [];

  // Which parent each inline element had, so a level knows its own elements in one look-up each.
  const refParent = new Map<Node, string | null>();
  unit.refs.forEach((ref) => {
    refParent.set(ref.el, ref.parent);
  });

  const build = (key: string | null, content: readonly Piece[]): void => {
    const original = unit.children.get(key) ?? [];
    const translated: ChildNode[] = [];
    // The level's original text nodes are reused in order for the translation's text pieces.
    let pool = 0;
    const nextText = (): Text | undefined => {
      while (pool < original.length) {
        const node = original[pool++]!;
        if (isText(node)) return node;
      }
      return undefined;
    };
    for (const piece of content) {
      if (piece.kind === 'text') {
        const node = nextText();
        if (node) {
          edits.push({ node, original: unit.texts.get(node) ?? node.data, translated: piece.text });
          translated.push(node);
        } else {
          const fresh = createTextNode(doc, piece.text);
          created.push(fresh);
          translated.push(fresh);
        }
        continue;
      }
      const ref = unit.refs.get(piece.ref);
      if (!ref) continue;
      if (piece.kind === 'el') build(piece.ref, piece.children);
      translated.push(ref.el as ChildNode);
    }
    // Original text nodes left over stay attached, emptied: whoever holds them can still remove them.
    for (let node = nextText(); node; node = nextText()) {
      edits.push({ node, original: unit.texts.get(node) ?? node.data, translated: '' });
      translated.push(node);
    }
    // Comments, scripts and other unrendered nodes do not show, but frameworks anchor on them (Lit writes
    // a value into the text node after its marker comment, Vue inserts before its fragment's comments):
    // each goes right before the node that followed it, or last when nothing placed did.
    for (let i = 0; i < original.length; i++) {
      const node = original[i]!;
      if (isText(node) || refParent.get(node) === key) continue;
      let at = -1;
      for (let j = i + 1; j < original.length && at < 0; j++) {
        const next = original[j]!;
        if (isText(next) || refParent.get(next) === key) at = translated.indexOf(next);
      }
      if (at < 0) translated.push(node);
      else translated.splice(at, 0, node);
    }
    const parent = key === null ? unit.parent : unit.refs.get(key)!.el;
    swaps.push({ parent, original, translated });
  };

  build(null, pieces);
  return { kind: 'text', unit, pieces, swaps, edits, created };
}

/** Parses the service's answer and plans it; undefined when the answer holds no text. */
export function planText(
  unit: TextUnit,
  html: string,
  doc: Document,
  parse: InertParser = parseInert,
): TextRecord | undefined {
  const pieces = planFromResponse(unit, html, parse);
  return pieces && prepareText(unit, pieces, doc);
}

export function planAttr(unit: AttrUnit, html: string, parse: InertParser = parseInert): AttrRecord | undefined {
  const translated = textFromResponse(html, parse);
  return translated === undefined ? undefined : { kind: 'attr', unit, translated };
}

/**
 * Puts `next` where `current` is, moving only nodes that are out of place (fewer mutations, less
 * disturbance for frameworks). `current` must be consecutive children of `parent`.
 */
export function place(parent: ParentNode & Node, current: readonly ChildNode[], next: readonly ChildNode[]): void {
  // Most child lists are short: a scan costs less than a set to build and collect.
  const keeps: (node: Node) => boolean =
    next.length > 16 ? Set.prototype.has.bind(new Set<Node>(next)) : (node) => next.includes(node as ChildNode);
  const last = current[current.length - 1];
  let after: Node | null = last && parentOf(last) === parent ? nextSiblingOf(last) : null;
  while (after && keeps(after)) after = nextSiblingOf(after);
  for (let i = 0; i < current.length; i++) {
    const node = current[i]!;
    if (!keeps(node) && parentOf(node) === parent) removeChild(parent, node);
  }
  let ref = after;
  for (let i = next.length - 1; i >= 0; i--) {
    const node = next[i]!;
    if (parentOf(node) !== parent || nextSiblingOf(node) !== ref) insertBefore(parent, node, ref);
    ref = node;
  }
}

const setData = (node: Text, data: string): void => {
  if (node.data !== data) node.data = data;
};

export function showTranslated(record: TextRecord): void {
  const { edits, swaps } = record;
  for (let i = 0; i < edits.length; i++) setData(edits[i]!.node, edits[i]!.translated);
  for (let i = 0; i < swaps.length; i++) place(swaps[i]!.parent, swaps[i]!.original, swaps[i]!.translated);
}

export function showOriginal(record: TextRecord): void {
  for (const swap of record.swaps) place(swap.parent, swap.translated, swap.original);
  for (const edit of record.edits) setData(edit.node, edit.original);
}

/** Whether the unit still shows what Verso put there (translated or original). */
export function isShown(record: TextRecord, translated: boolean): boolean {
  const { edits, swaps } = record;
  for (let s = 0; s < swaps.length; s++) {
    const swap = swaps[s]!;
    const nodes = translated ? swap.translated : swap.original;
    for (let i = 0; i < nodes.length; i++) if (parentOf(nodes[i]!) !== swap.parent) return false;
  }
  for (let i = 0; i < edits.length; i++) {
    const edit = edits[i]!;
    if (edit.node.data !== (translated ? edit.translated : edit.original)) return false;
  }
  return true;
}

export function showAttr(record: AttrRecord, translated: boolean): void {
  const { element, name, original } = record.unit;
  const value = translated ? record.translated : original;
  if (getAttribute(element, name) !== value) setAttribute(element, name, value);
}
