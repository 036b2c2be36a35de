import {
  bodyOf,
  childNodesOf,
  createTreeWalker,
  documentElementOf,
  lastChildOf,
  nodeTypeOf,
  ownerDocumentOf,
  parentElementOf,
  textContentOf,
} from '../../dom/unclobbered.ts';
import { inSkipped, isBlock, tagOf } from './tags.ts';

/** Characters of surrounding text read on each side of a selection. */
export const CONTEXT_CHARS = 1000;

/** Nodes (text and elements) looked at on each side at most: a page of empty nodes must not stall the reader. */
const MAX_NODES = 10_000;

export interface Surroundings {
  before: string;
  after: string;
}

/** One `context` string: what comes before, then what comes after, as separate paragraphs. */
export function contextString({ before, after }: Surroundings): string {
  return [before, after].filter((s) => s !== '').join('\n\n');
}

const tidy = (text: string) =>
  text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();

/** The last `max` characters, starting at a word boundary when the cut falls inside a word. */
export function keepEnd(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(text.length - max);
  const space = cut.search(/\s/);
  return (space >= 0 ? cut.slice(space) : cut).trimStart();
}

/** The first `max` characters, ending at a word boundary when the cut falls inside a word. */
export function keepStart(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('\n'));
  return (space > 0 ? cut.slice(0, space) : cut).trimEnd();
}

function lastDescendant(node: Node): Node {
  let n = node;
  for (let last = lastChildOf(n); last; last = lastChildOf(n)) n = last;
  return n;
}

const ELEMENT = 1;
const TEXT = 3;

/** What an element does to the text around it: nothing (inline), a line break, or a space (a cell, an inline box). */
type Edge = 'line' | 'space' | null;

/**
 * Where page text is cut into separate pieces, so the context reads "Home Travel" and not "HomeTravel":
 * blocks, list items, flex and grid items (their computed display is blockified) start a line; table
 * cells and inline boxes (`inline-block` menu items) stand apart by a space. Tag names decide when no
 * computed style is at hand.
 */
function edgeReader(display: ((el: Element) => string | undefined) | undefined) {
  const known = new Map<Element, Edge>();
  const edgeOf = (el: Element): Edge => {
    let edge = known.get(el);
    if (edge !== undefined) return edge;
    const shown = display?.(el);
    if (shown === undefined) {
      const tag = tagOf(el);
      edge = tag === 'td' || tag === 'th' ? 'space' : isBlock(el) ? 'line' : null;
    } else if (shown === 'inline' || shown === 'contents' || shown === 'none') {
      edge = null;
    } else {
      edge = shown === 'table-cell' || shown.startsWith('inline') ? 'space' : 'line';
    }
    known.set(el, edge);
    return edge;
  };
  /** The nearest element around a node that sets its text apart, with how. */
  return (node: Node): Place => {
    for (let el = parentElementOf(node); el; el = parentElementOf(el)) {
      const edge = edgeOf(el);
      if (edge) return { box: el, edge };
    }
    return { box: null, edge: null };
  };
}

type Place = { box: Element | null; edge: Edge };

/** Cells of one row, or boxes side by side, are a space apart; anything else a line. */
function apart(a: Place, b: Place): string {
  if (a.edge !== 'space' || b.edge !== 'space' || !a.box || !b.box) return '\n';
  return parentElementOf(a.box) === parentElementOf(b.box) ? ' ' : '\n';
}

interface ReadOptions {
  /** The element's computed display, or undefined to decide by tag name. */
  display?: (el: Element) => string | undefined;
}

/**
 * Reads page text from a boundary point outwards, one text node at a time, until `max` characters:
 * cost grows with the budget, not with the page. Text of different blocks, list items, cells or
 * inline boxes, and text on either side of a `<br>`, is kept apart by a line break or a space. Every
 * DOM read goes through the prototypes' getters (lib/dom/unclobbered.ts), which the page's markup cannot
 * redirect.
 */
function read(
  doc: Document,
  node: Node,
  offset: number,
  direction: 'before' | 'after',
  max: number,
  options: ReadOptions,
): string {
  const root = bodyOf(doc) ?? documentElementOf(doc);
  if (!root) return '';
  const walker = createTreeWalker(doc, root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  const boxOf = edgeReader(options.display);
  const pieces: string[] = [];
  let count = 0;
  let last = boxOf(node);
  let lineBreak = false;
  const take = (text: Node, data: string) => {
    const here = boxOf(text);
    if (pieces.length > 0) {
      if (lineBreak) pieces.push('\n');
      else if (here.box !== last.box) pieces.push(apart(last, here));
    }
    lineBreak = false;
    last = here;
    pieces.push(data);
    count += data.trim().length;
  };
  const isText = (n: Node) => nodeTypeOf(n) === TEXT;
  const dataOf = (n: Node) => textContentOf(n) ?? '';

  if (isText(node)) {
    const data = dataOf(node);
    walker.currentNode = node;
    if (!inSkipped(node)) take(node, direction === 'before' ? data.slice(0, offset) : data.slice(offset));
  } else {
    const child = childNodesOf(node)[offset];
    if (direction === 'before') {
      walker.currentNode = child ?? lastDescendant(node);
      if (!child && isText(walker.currentNode) && !inSkipped(walker.currentNode)) {
        take(walker.currentNode, dataOf(walker.currentNode));
      }
    } else if (child) {
      walker.currentNode = child;
      if (isText(child) && !inSkipped(child)) take(child, dataOf(child));
    } else {
      walker.currentNode = lastDescendant(node);
    }
  }

  for (let seen = 0; count < max && seen < MAX_NODES; seen++) {
    const next = direction === 'before' ? walker.previousNode() : walker.nextNode();
    if (!next) break;
    if (nodeTypeOf(next) === ELEMENT) {
      if (tagOf(next as Element) === 'br' && !inSkipped(next)) lineBreak = true;
      continue;
    }
    if (!inSkipped(next)) take(next, dataOf(next));
  }
  if (direction === 'before') pieces.reverse();
  const text = tidy(pieces.join(''));
  return direction === 'before' ? keepEnd(text, max) : keepStart(text, max);
}

/** The page text around a selected range, bounded on each side. */
export function textAround(range: Range, max = CONTEXT_CHARS, options: ReadOptions = {}): Surroundings {
  const doc = ownerDocumentOf(range.startContainer);
  if (!doc) return { before: '', after: '' };
  return {
    before: read(doc, range.startContainer, range.startOffset, 'before', max, options),
    after: read(doc, range.endContainer, range.endOffset, 'after', max, options),
  };
}

/** The text around a selection inside a text field's value. */
export function fieldTextAround(value: string, start: number, end: number, max = CONTEXT_CHARS): Surroundings {
  return {
    before: keepEnd(tidy(value.slice(Math.max(0, start - max - 40), start)), max),
    after: keepStart(tidy(value.slice(end, end + max + 40)), max),
  };
}
