import { blockOf, inSkipped } from './tags.ts';

/** Characters of surrounding text read on each side of a selection. */
export const CONTEXT_CHARS = 1000;

/** Text nodes looked at on each side at most: a page of empty nodes must not stall the reader. */
const MAX_NODES = 5000;

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
  while (n.lastChild) n = n.lastChild;
  return n;
}

/**
 * Reads page text from a boundary point outwards, one text node at a time, until `max` characters:
 * cost grows with the budget, not with the page. A change of block ancestor becomes a line break.
 */
function read(doc: Document, node: Node, offset: number, direction: 'before' | 'after', max: number): string {
  const root = doc.body ?? doc.documentElement;
  if (!root) return '';
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const pieces: string[] = [];
  let count = 0;
  let block: Element | null = blockOf(node);
  const take = (text: Node, data: string) => {
    const b = blockOf(text);
    if (b !== block && pieces.length > 0) pieces.push('\n');
    block = b;
    pieces.push(data);
    count += data.trim().length;
  };

  if (node.nodeType === Node.TEXT_NODE) {
    const data = (node as Text).data;
    walker.currentNode = node;
    if (!inSkipped(node)) take(node, direction === 'before' ? data.slice(0, offset) : data.slice(offset));
  } else {
    const child = node.childNodes[offset];
    if (direction === 'before') {
      walker.currentNode = child ?? lastDescendant(node);
      if (!child && walker.currentNode.nodeType === Node.TEXT_NODE && !inSkipped(walker.currentNode)) {
        take(walker.currentNode, (walker.currentNode as Text).data);
      }
    } else if (child) {
      walker.currentNode = child;
      if (child.nodeType === Node.TEXT_NODE && !inSkipped(child)) take(child, (child as Text).data);
    } else {
      walker.currentNode = lastDescendant(node);
    }
  }

  for (let seen = 0; count < max && seen < MAX_NODES; seen++) {
    const next = direction === 'before' ? walker.previousNode() : walker.nextNode();
    if (!next) break;
    if (!inSkipped(next)) take(next, (next as Text).data);
  }
  if (direction === 'before') pieces.reverse();
  const text = tidy(pieces.join(''));
  return direction === 'before' ? keepEnd(text, max) : keepStart(text, max);
}

/** The page text around a selected range, bounded on each side. */
export function textAround(range: Range, max = CONTEXT_CHARS): Surroundings {
  const doc = range.startContainer.ownerDocument;
  if (!doc) return { before: '', after: '' };
  return {
    before: read(doc, range.startContainer, range.startOffset, 'before', max),
    after: read(doc, range.endContainer, range.endOffset, 'after', max),
  };
}

/** The text around a selection inside a text field's value. */
export function fieldTextAround(value: string, start: number, end: number, max = CONTEXT_CHARS): Surroundings {
  return {
    before: keepEnd(tidy(value.slice(Math.max(0, start - max - 40), start)), max),
    after: keepStart(tidy(value.slice(end, end + max + 40)), max),
  };
}
