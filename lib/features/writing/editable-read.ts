import { BLOCK_TAGS } from '../../dom/blocks.ts';
import { contains, firstChildOf, getAttribute, nextSiblingOf, parentOf } from '../../dom/unclobbered.ts';

/** A text node and where its characters sit in the plain text of the editable region. */
export interface Span {
  node: Text;
  start: number;
  end: number;
}

export interface EditableText {
  text: string;
  spans: Span[];
  /**
   * The lines of the region (its block elements with no block inside: paragraphs, list items, at any
   * depth) and where each one's text and spans are: a change inside one line is read again in that line
   * alone. Absent when the read cannot say.
   */
  lines?: Lines;
}

/** One line of a read: its text is `text.slice(start, end)`, its spans `spans.slice(from, to)`. */
interface Line {
  start: number;
  end: number;
  from: number;
  to: number;
}

interface Lines {
  at: Map<Element, Line>;
}

/** Block elements start a new line; their boundaries become "\n" in the plain text (no node behind it). */
const BLOCKS = BLOCK_TAGS;
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);

/**
 * Parts of a mail being written that are not the person's new text: the quoted message being answered
 * and the signature (Gmail's, Outlook on the web's, Thunderbird's, and a cited blockquote). They are
 * never read, so never checked, underlined or changed.
 */
export const NOT_WRITTEN_HERE =
  '.gmail_quote, .gmail_signature, [data-smartmail="gmail_signature"], blockquote[type="cite" i], ' +
  '#divRplyFwdMsg, #Signature, .moz-cite-prefix, .moz-signature';
/** Outlook on the web puts the thread being answered after this marker, in its following siblings. */
const QUOTE_FOLLOWS = 'appendonsend';

/**
 * The plain text of an editable region with the text node behind each character, so changes can be
 * applied to the nodes themselves and formatting around them stays. A mail's quoted reply and signature
 * are left out (`NOT_WRITTEN_HERE`). Non-breaking spaces read as spaces
 * (editors insert them to keep spaces visible; the service would "correct" them otherwise).
 */
export function readEditable(host: HTMLElement): EditableText {
  const kept = reads.get(host);
  if (!kept) {
    const read = readAnew(host);
    if (typeof MutationObserver === 'function') {
      const entry: KeptRead = {
        read,
        changes: [],
        observer: new MutationObserver((records) => tell(host, entry, records)),
      };
      entry.observer.observe(host, WHAT_CHANGES_A_READ);
      reads.set(host, entry);
    }
    return read;
  }
  // Asked several times a key (the caret, the check, the underlines): read again only after a change,
  // and after typing in a line already read, only that line.
  tell(host, kept, kept.observer.takeRecords());
  const changes = kept.changes;
  kept.changes = [];
  if (changes?.length === 0) return kept.read;
  kept.read = (changes && patched(host, kept.read, changes)) || readAnew(host);
  return kept.read;
}

/**
 * `read` after `changes`, reading again as little as they allow: the lines they were in, else the text
 * nodes whose text changed, else a whole walk that keeps the lines no change was in. Undefined: a whole
 * read (a read with no lines, after more than text changed).
 */
function patched(host: HTMLElement, read: EditableText, changes: readonly MutationRecord[]): EditableText | undefined {
  const lines = read.lines;
  if (!lines) return textPatched(read, changes);
  const { changed, elsewhere } = linesChanged(host, lines, changes);
  const inLines = !elsewhere && changed.size <= MAX_LINES_PATCHED;
  return (
    (inLines ? linesPatched(host, read, lines, changed) : undefined) ??
    textPatched(read, changes) ??
    readReusing(host, read, lines, changed)
  );
}

type ChangeListener = (records: readonly MutationRecord[]) => void;
const listeners = new WeakMap<HTMLElement, Set<ChangeListener>>();

/**
 * Runs `listener` with every change of `host` that its kept read is told of, from its first read on:
 * one observer of the region serves both. Returns the way to stop.
 */
export function watchEditable(host: HTMLElement, listener: ChangeListener): () => void {
  let set = listeners.get(host);
  if (!set) {
    set = new Set();
    listeners.set(host, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

function tell(host: HTMLElement, entry: KeptRead, records: readonly MutationRecord[]): void {
  if (records.length === 0) return;
  note(entry, records);
  for (const listener of listeners.get(host) ?? []) listener(records);
}

/**
 * Adds changes to those kept for the next read, one per kind and node: what the patches look at (the
 * node changed, and whether it was its text, its children or its attributes) is the same for every
 * key typed in a text node, and the region may not be read for many keys (underlines.ts). Past
 * `MAX_PATCHED` nodes the next read is a whole one.
 */
function note(entry: KeptRead, records: readonly MutationRecord[]): void {
  for (const record of records) {
    const changes = entry.changes;
    if (!changes) return;
    if (changes.some((c) => c.target === record.target && c.type === record.type)) continue;
    if (changes.length >= MAX_PATCHED) entry.changes = null;
    else changes.push(record);
  }
}

/**
 * The line of `host`'s last read that `node` is in (the node itself or its ancestor below the host), or
 * null: no read with lines is kept, or the node is in none of them (the host itself, a line added since).
 */
export function lineOf(host: HTMLElement, node: Node | null): Element | null {
  const lines = reads.get(host)?.read.lines;
  return lines ? lineIn(lines, host, node) : null;
}

/** The line of `lines` that `node` is in, walking up to `host`; null when in none. */
function lineIn(lines: Lines, host: HTMLElement, node: Node | null): Element | null {
  for (let n = node; n && n !== host; n = parentOf(n)) if (lines.at.has(n as Element)) return n as Element;
  return null;
}

interface KeptRead {
  read: EditableText;
  /** The changes since, as the observer gave them; null: too many to patch the read with. */
  changes: MutationRecord[] | null;
  observer: MutationObserver;
}

/** The last read of each region, kept while nothing in it changes. */
const reads = new WeakMap<HTMLElement, KeptRead>();
const MAX_PATCHED = 16;
/** Lines read again in one patch at most; more (a paste, an editor drawing everything again): a new read. */
const MAX_LINES_PATCHED = 3;

/** Text, nodes, and the attributes `NOT_WRITTEN_HERE` and `QUOTE_FOLLOWS` look at. */
const WHAT_CHANGES_A_READ: MutationObserverInit = {
  subtree: true,
  childList: true,
  characterData: true,
  attributes: true,
  attributeFilter: ['id', 'class', 'type', 'data-smartmail'],
};

/**
 * `read` with the `changed` lines read again (every change was inside one of them), when each one's
 * text is and was not empty and does not end with a line break (so the line breaks around it stay):
 * typing in a paragraph of a long document, also where the editor draws the paragraph's nodes anew
 * (Slate, for a key it makes itself). Undefined otherwise: a line that now holds a block, or is gone.
 */
function linesPatched(
  host: HTMLElement,
  read: EditableText,
  lines: Lines,
  changed: ReadonlySet<Element>,
): EditableText | undefined {
  let { text, spans } = read;
  const at = new Map(lines.at);
  // Last line first, so the offsets of those before stay as they are.
  const order = [...changed].sort((a, b) => at.get(b)!.start - at.get(a)!.start);
  for (const element of order) {
    const line = at.get(element)!;
    if (!host.contains(element)) return undefined;
    const fresh = new Walk();
    fresh.walk(element);
    // A line that now holds a block is lines of its own: read anew.
    if (fresh.blocks > 0) return undefined;
    const before = text.slice(line.start, line.end);
    if (!fresh.text || !before || endsWithBreak(fresh.text) || endsWithBreak(before)) return undefined;
    const shift = fresh.text.length - before.length;
    const count = fresh.spans.length - (line.to - line.from);
    text = text.slice(0, line.start) + fresh.text + text.slice(line.end);
    spans = [
      ...spans.slice(0, line.from),
      ...fresh.spans.map((s) => ({ node: s.node, start: s.start + line.start, end: s.end + line.start })),
      ...(shift
        ? spans.slice(line.to).map((s) => ({ node: s.node, start: s.start + shift, end: s.end + shift }))
        : spans.slice(line.to)),
    ];
    for (const [other, place] of at) {
      if (place.start > line.start) {
        at.set(other, {
          start: place.start + shift,
          end: place.end + shift,
          from: place.from + count,
          to: place.to + count,
        });
      }
    }
    at.set(element, { start: line.start, end: line.end + shift, from: line.from, to: line.to + count });
  }
  return { text, spans, lines: { at } };
}

/**
 * The lines `changes` were in, and whether one was elsewhere: outside every line, or a line's own
 * attributes. A node no longer in the region is left out: its taking out was a change of a node still in it.
 */
function linesChanged(
  host: HTMLElement,
  lines: Lines,
  changes: readonly MutationRecord[],
): { changed: Set<Element>; elsewhere: boolean } {
  const changed = new Set<Element>();
  let elsewhere = false;
  for (const change of changes) {
    if (!contains(host, change.target)) continue;
    const line = lineIn(lines, host, change.target);
    if (line) changed.add(line);
    if (!line || (change.type === 'attributes' && change.target === line)) elsewhere = true;
  }
  return { changed, elsewhere };
}

const endsWithBreak = (text: string) => text.charCodeAt(text.length - 1) === 10;

/**
 * `read` with the new data of its text nodes that changed, when that is all that changed: no walk of a
 * long document. Undefined when nodes or attributes changed, or when a text is or was empty or ends or
 * ended with a line break (the line breaks around it could move). Its lines move with the text, so the
 * next change of nodes in a line (an editor drawing a word it typed itself) is read in that line alone.
 */
function textPatched(read: EditableText, changes: readonly MutationRecord[]): EditableText | undefined {
  const nodes = new Set<Node>();
  for (const change of changes) {
    if (change.type !== 'characterData') return undefined;
    nodes.add(change.target);
  }
  const spans: Span[] = [];
  let text = '';
  let from = 0;
  let shift = 0;
  /** Where text changed length, in the read's offsets. */
  const moved: { start: number; end: number; by: number }[] = [];
  for (const span of read.spans) {
    if (!nodes.has(span.node)) {
      spans.push(shift ? { node: span.node, start: span.start + shift, end: span.end + shift } : span);
      continue;
    }
    const data = span.node.data;
    const ended = read.text.charCodeAt(span.end - 1);
    if (!data || span.end === span.start || ended === 10 || data.charCodeAt(data.length - 1) === 10) return undefined;
    text += read.text.slice(from, span.start) + data.replace(/\u00a0/g, ' ');
    from = span.end;
    spans.push({ node: span.node, start: span.start + shift, end: span.start + shift + data.length });
    const by = data.length - (span.end - span.start);
    if (by) moved.push({ start: span.start, end: span.end, by });
    shift += by;
  }
  // Text outside what is read (a quote, a signature, a script) changed: the read stands.
  if (from === 0) return read;
  const patched: EditableText = { text: text + read.text.slice(from), spans };
  if (read.lines) patched.lines = moved.length ? movedLines(read.lines, moved) : read.lines;
  return patched;
}

/** `lines` after the texts at `moved` changed length: a line starts after those before it and ends after those in it. */
function movedLines(lines: Lines, moved: readonly { start: number; end: number; by: number }[]): Lines {
  const at = new Map<Element, Line>();
  for (const [element, line] of lines.at) {
    let start = line.start;
    let end = line.end;
    for (const m of moved) {
      if (m.end <= line.start) start += m.by;
      if (m.start < line.end) end += m.by;
    }
    at.set(element, start === line.start && end === line.end ? line : { ...line, start, end });
  }
  return { at };
}

function readAnew(host: HTMLElement): EditableText {
  const walk = new Walk();
  walk.walk(host);
  return { text: walk.text, spans: walk.spans, lines: { at: walk.lines } };
}

/**
 * A whole read of `host` that takes each of `lines` but the `changed` ones as `read` had it (its text
 * and spans) instead of walking its nodes again: for a line added or taken away (Enter, Backspace at a
 * line's start, an editor drawing a list again), typing in a line that was empty, a paste.
 */
function readReusing(host: HTMLElement, read: EditableText, lines: Lines, changed: ReadonlySet<Element>): EditableText {
  const walk = new Walk({ read, lines, changed });
  walk.walk(host);
  return { text: walk.text, spans: walk.spans, lines: { at: walk.lines } };
}

/** A read whose lines a walk may take as they were: all but `changed`. */
interface Reuse {
  read: EditableText;
  lines: Lines;
  changed: ReadonlySet<Element>;
}

/** One walk through a region's nodes, gathering its plain text, its spans and its lines. */
class Walk {
  text = '';
  readonly spans: Span[] = [];
  readonly lines = new Map<Element, Line>();
  // Whether the text so far ends with a line break. Kept here, not asked of `text`: reading the end of a
  // string built by appending flattens it, which on a long document cost a copy of it per block.
  private atBreak = true;

  /** Block elements walked into. */
  blocks = 0;

  constructor(private readonly reuse?: Reuse) {}

  private newline(): void {
    if (!this.atBreak) this.text += '\n';
    this.atBreak = true;
  }

  /** A line as `read` had it: what walking its nodes gave then, moved to where it now starts. */
  private take(element: Element, line: Line, read: EditableText): void {
    const start = this.text.length;
    const from = this.spans.length;
    const shift = start - line.start;
    const inner = read.text.slice(line.start, line.end);
    this.text += inner;
    for (let i = line.from; i < line.to; i++) {
      const span = read.spans[i]!;
      this.spans.push(shift ? { node: span.node, start: span.start + shift, end: span.end + shift } : span);
    }
    if (inner) this.atBreak = inner.charCodeAt(inner.length - 1) === 10;
    this.lines.set(element, { start, end: this.text.length, from, to: this.spans.length });
  }

  walk(parent: Node): void {
    for (let child = firstChildOf(parent); child; child = nextSiblingOf(child)) {
      if (child.nodeType === 3) {
        const node = child as Text;
        const data = node.data;
        this.spans.push({ node, start: this.text.length, end: this.text.length + data.length });
        if (data) {
          this.text += data.replace(/\u00a0/g, ' ');
          this.atBreak = data.charCodeAt(data.length - 1) === 10;
        }
      } else if (child.nodeType === 1) {
        const element = child as Element;
        const name = element.localName;
        if (SKIPPED.has(name)) continue;
        if (getAttribute(element, 'id') === QUOTE_FOLLOWS) break;
        if (Element.prototype.matches.call(element, NOT_WRITTEN_HERE)) continue;
        if (name === 'br') {
          this.text += '\n';
          this.atBreak = true;
          continue;
        }
        const block = BLOCKS.has(name);
        if (block) {
          this.newline();
          this.blocks++;
          const kept = this.reuse?.lines.at.get(element);
          if (kept && !this.reuse!.changed.has(element)) {
            this.take(element, kept, this.reuse!.read);
            this.newline();
            continue;
          }
        }
        const line = block ? { start: this.text.length, from: this.spans.length, blocks: this.blocks } : undefined;
        this.walk(element);
        // A line is a block with no block inside.
        if (line && this.blocks === line.blocks) {
          this.lines.set(element, { start: line.start, end: this.text.length, from: line.from, to: this.spans.length });
        }
        if (block) this.newline();
      }
    }
  }
}
