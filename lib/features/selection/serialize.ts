import { escapeText } from '../../dom/escape.ts';
import {
  baseURIOf,
  childNodesOf,
  closest,
  contains,
  firstChildOf,
  getAttribute,
  lastChildOf,
  nextSiblingOf,
  nodeTypeOf,
  parentElementOf,
  parentOf,
  previousSiblingOf,
} from '../../dom/unclobbered.ts';
import { type CellPlace, tableGrid, tableOf } from './table.ts';
import { isBlock, isFormatting, isSkipped, tagOf } from './tags.ts';

/**
 * What a paragraph was on the page, so the bubble can show the translation in the same shape: a
 * heading of its level, an item of a list (`list` tells lists apart; `n` is an ordered item's number),
 * a cell of a table (`table` tells tables apart; where it stands in it), or running text. Everything
 * inside a cell is that cell's.
 */
export type BlockShape =
  | { kind: 'paragraph' }
  | { kind: 'heading'; level: number }
  | { kind: 'item'; list: number; ordered: boolean; depth: number; n?: number }
  | ({ kind: 'cell'; table: number } & CellPlace);

const PARAGRAPH: BlockShape = { kind: 'paragraph' };

/**
 * A selection as the service receives it (`tag_handling: 'html'`): one HTML fragment per paragraph,
 * holding only bare inline formatting tags and `<br>`. Links travel as `<a id="aN">` with no URL:
 * page URLs can carry session tokens and are not the service's business, so the hrefs stay in
 * `links` (http and https only) and are put back on the translation for display.
 */
export interface SerializedSelection {
  paragraphs: string[];
  /** The shape of each paragraph on the page; missing (a text field's plain text) means running text. */
  shapes?: BlockShape[];
  /** What stood between paragraph i and i + 1 (plain-text selections keep their own blank lines). */
  separators: string[];
  /** `links[n - 1]` is the href of `<a id="an">`. */
  links: string[];
  /** Whitespace around the selection of a text field, put back when the selection is replaced. */
  lead: string;
  trail: string;
  /** The selection as plain text (for its length, the popup and copying the original). */
  text: string;
  /**
   * Set when serialising stopped because the text passed `maxChars`: the selection is longer than
   * that, and `paragraphs` and `text` hold only its start.
   */
  cut?: true;
}

export interface SerializeOptions {
  /** The element's computed display, or undefined to decide by tag name. */
  display?: (el: Element) => string | undefined;
  /** Stop once the plain text is longer than this (a selection too long to translate is not read whole). */
  maxChars?: number;
}

/** An absolute http(s) URL for an href, or undefined (javascript:, data:, mailto: and the like). */
export function safeHref(raw: string | null, base: string): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const DOCUMENT = 9;

const COLLAPSIBLE = /[\t\n\f\r ]+/g;

class ParagraphWriter {
  readonly paragraphs: string[] = [];
  readonly plain: string[] = [];
  readonly links: string[] = [];
  readonly shapes: BlockShape[] = [];
  /** The shape of the block being written. */
  shape: BlockShape = PARAGRAPH;
  /** Characters of plain text written so far, before paragraphs are trimmed: a quick upper bound. */
  written = 0;
  /** Characters of the paragraphs flushed so far. */
  private flushed = 0;
  private html = '';
  private text = '';
  /** Open inline tags, so a paragraph break inside `<b>` closes and reopens it. */
  private open: string[] = [];
  /** The last thing written ends in collapsible space, or nothing was written yet. */
  private space = true;

  write(data: string, keepWhitespace: boolean): void {
    let text = keepWhitespace ? data : data.replace(COLLAPSIBLE, ' ');
    if (!keepWhitespace && this.space && text.startsWith(' ')) text = text.slice(1);
    if (text === '') return;
    if (keepWhitespace) {
      const lines = text.split('\n');
      this.html += lines.map(escapeText).join('<br>');
    } else {
      this.html += escapeText(text);
    }
    this.text += text;
    this.written += text.length;
    this.space = /\s$/.test(text);
  }

  lineBreak(): void {
    this.html += '<br>';
    this.text += '\n';
    this.space = true;
  }

  openTag(tag: string, attrs = ''): void {
    this.html += `<${tag}${attrs}>`;
    this.open.push(tag);
  }

  closeTag(): void {
    const tag = this.open.pop();
    if (tag) this.html += `</${tag}>`;
  }

  link(href: string): string {
    this.links.push(href);
    return `a${this.links.length}`;
  }

  paragraphBreak(): void {
    const reopen = [...this.open];
    for (let i = reopen.length - 1; i >= 0; i--) this.html += `</${reopen[i]}>`;
    this.flush();
    // Reopened without attributes: a link split by a block keeps its text, not its target.
    this.html = reopen.map((t) => `<${t}>`).join('');
    this.space = true;
  }

  finish(): void {
    for (let i = this.open.length - 1; i >= 0; i--) this.html += `</${this.open[i]}>`;
    this.open = [];
    this.flush();
  }

  /** How long `text` of the result is at least, whatever is written next. */
  leastLength(): number {
    const current = this.text.trim().length;
    const parts = this.plain.length + (current > 0 ? 1 : 0);
    return this.flushed + current + 2 * Math.max(0, parts - 1);
  }

  private flush(): void {
    const text = this.text.trim();
    if (text !== '') {
      this.flushed += text.length;
      const html = this.html
        .replace(/^((?:<[^>]+>)*)\s+/, '$1')
        .replace(/\s+((?:<\/?[a-z]+>)*)$/, '$1')
        .replace(/(?:<br>)+((?:<\/[a-z]+>)*)$/, '$1');
      this.paragraphs.push(html);
      this.plain.push(text);
      this.shapes.push(this.shape);
    }
    this.html = '';
    this.text = '';
  }
}

/** Serialises the part of the page a Range covers; see SerializedSelection. */
export function serializeRange(range: Range, options: SerializeOptions = {}): SerializedSelection {
  const writer = new ParagraphWriter();
  // A node's base URL is its document's.
  const base = baseURIOf(range.startContainer);

  const sliceOf = (node: Text): string => {
    const end = node === range.endContainer ? range.endOffset : node.data.length;
    const start = node === range.startContainer ? range.startOffset : 0;
    return node.data.slice(start, end);
  };

  const blockLike = (el: Element): boolean => {
    const display = options.display?.(el);
    if (display === undefined) return isBlock(el);
    return !display.startsWith('inline') && display !== 'contents';
  };

  /** Lists met so far: their number, and the number of their next item. */
  const lists = new Map<Element, { id: number; next: number }>();
  /** Tables met so far: their number, and the grid place of each of their cells. */
  const tables = new Map<Element, { id: number; grid: Map<Element, CellPlace> }>();
  const cellShape = (el: Element): BlockShape | undefined => {
    const table = tableOf(el);
    if (!table) return undefined;
    let known = tables.get(table);
    if (!known) {
      known = { id: tables.size + 1, grid: tableGrid(table) };
      tables.set(table, known);
    }
    const place = known.grid.get(el);
    return place ? { kind: 'cell', table: known.id, ...place } : undefined;
  };
  /**
   * The shape a heading, list item or table cell gives its text (undefined: the enclosing one goes
   * on). Headings, lists and tables inside a cell are lines of that cell.
   */
  const shapeOf = (el: Element, outer: BlockShape): BlockShape | undefined => {
    if (outer.kind === 'cell') return undefined;
    const tag = tagOf(el);
    if (tag === 'td' || tag === 'th') return cellShape(el);
    const level = /^h([1-6])$/.exec(tag)?.[1];
    if (level) return { kind: 'heading', level: Number(level) };
    if (tag !== 'li') return undefined;
    const list = parentElementOf(el);
    const listTag = list ? tagOf(list) : '';
    const ordered = listTag === 'ol';
    let known = list ? lists.get(list) : undefined;
    if (list && !known) {
      // The first item met of this list: count the items before it once; the next ones follow.
      let before = 0;
      for (let n = previousSiblingOf(el); n; n = previousSiblingOf(n)) {
        if (nodeTypeOf(n) === ELEMENT && tagOf(n as Element) === 'li') before++;
      }
      const start = Number.parseInt(getAttribute(list, 'start') ?? '', 10);
      known = { id: lists.size + 1, next: (Number.isFinite(start) ? start : 1) + before };
      lists.set(list, known);
    }
    const n = known ? known.next++ : undefined;
    const depth = outer.kind === 'item' ? outer.depth + 1 : 0;
    return {
      kind: 'item',
      list: known?.id ?? 0,
      ordered,
      depth,
      ...(ordered && n !== undefined ? { n } : {}),
    };
  };

  const visit = (node: Node, pre: boolean): void => {
    const type = nodeTypeOf(node);
    if (type === TEXT || type === CDATA) {
      writer.write(sliceOf(node as Text), pre);
      return;
    }
    if (type !== ELEMENT) return;
    const el = node as Element;
    if (isSkipped(el) || options.display?.(el) === 'none') return;
    const tag = tagOf(el);
    if (tag === 'br') {
      writer.lineBreak();
      return;
    }
    if (blockLike(el)) {
      writer.paragraphBreak();
      const outer = writer.shape;
      writer.shape = shapeOf(el, outer) ?? outer;
      children(el, pre || tag === 'pre');
      writer.paragraphBreak();
      writer.shape = outer;
      return;
    }
    const href = tag === 'a' ? safeHref(getAttribute(el, 'href'), base) : undefined;
    const kept = href !== undefined || isFormatting(el);
    if (href !== undefined) writer.openTag('a', ` id="${writer.link(href)}"`);
    else if (kept) writer.openTag(tag);
    children(el, pre);
    if (kept) writer.closeTag();
  };

  /** The child of `parent` that is `node` or holds it, if any. */
  const childHolding = (parent: Node, node: Node): Node | null => {
    let n: Node | null = node;
    while (n && parentOf(n) !== parent) n = parentOf(n);
    return n;
  };

  /**
   * The children the range intersects are one run of siblings, from the one at (or holding) its start
   * to the one at (or holding) its end. Found from the boundary points: `Range.intersectsNode` counts
   * a child's siblings each time, which over thousands of paragraphs takes seconds.
   */
  const children = (el: Node, pre: boolean): void => {
    const { startContainer, startOffset, endContainer, endOffset } = range;
    const first =
      startContainer === el
        ? (childNodesOf(el)[startOffset] ?? null)
        : contains(el, startContainer)
          ? childHolding(el, startContainer)
          : firstChildOf(el);
    const last =
      endContainer === el
        ? endOffset > 0
          ? (childNodesOf(el)[endOffset - 1] ?? null)
          : null
        : contains(el, endContainer)
          ? childHolding(el, endContainer)
          : lastChildOf(el);
    if (!first || !last) return;
    for (let child: Node | null = first; child; child = nextSiblingOf(child)) {
      if (cut || stopped()) {
        cut = true;
        return;
      }
      visit(child, pre);
      if (child === last) return;
    }
  };

  let cut = false;
  // Sure to be longer than the limit: trimming cannot bring the text back under it.
  const stopped = () =>
    options.maxChars !== undefined && writer.written > options.maxChars && writer.leastLength() > options.maxChars;

  const root = range.commonAncestorContainer;
  const rootType = nodeTypeOf(root);
  const rootElement = rootType === ELEMENT ? (root as Element) : parentElementOf(root);
  const pre = rootElement ? closest(rootElement, 'pre') != null : false;
  // A selection inside one heading or list item is shaped by it (the nearest one, as on the page); one
  // inside a single cell is text, not a table of one cell.
  for (let el = rootElement; el; el = parentElementOf(el)) {
    const tag = tagOf(el);
    if (tag === 'td' || tag === 'th') break;
    const shape = shapeOf(el, PARAGRAPH);
    if (shape) {
      writer.shape = shape;
      break;
    }
  }
  if (rootType === ELEMENT || rootType === DOCUMENT) children(root, pre);
  else visit(root, pre);
  writer.finish();

  return {
    paragraphs: writer.paragraphs,
    shapes: writer.shapes,
    separators: writer.paragraphs.slice(1).map(() => '\n\n'),
    links: writer.links,
    lead: '',
    trail: '',
    text: writer.plain.join('\n\n'),
    ...(cut ? { cut: true as const } : {}),
  };
}

/**
 * Plain text from a text field: blank lines separate paragraphs, single line breaks become `<br>`, and
 * every separator and the surrounding whitespace are kept so the translation can go back in place.
 */
export function serializePlainText(value: string): SerializedSelection {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(value);
  const lead = m?.[1] ?? '';
  const core = m?.[2] ?? '';
  const trail = m?.[3] ?? '';
  const parts = core === '' ? [] : core.split(/(\n[ \t]*\n\s*)/);
  const paragraphs: string[] = [];
  const separators: string[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 1) separators.push(part);
    else paragraphs.push(escapeText(part).replace(/\r?\n/g, '<br>'));
  });
  return { paragraphs, separators, links: [], lead, trail, text: core };
}
