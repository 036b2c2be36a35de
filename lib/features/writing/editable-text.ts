import { BLOCK_TAGS } from '../../dom/blocks.ts';
import { getAttribute } from '../../dom/unclobbered.ts';
import { applyEdits, type Edit } from './diff-model.ts';
import { typeOverSelection } from './text-control.ts';

/** A text node and where its characters sit in the plain text of the editable region. */
interface Span {
  node: Text;
  start: number;
  end: number;
}

export interface EditableText {
  text: string;
  spans: Span[];
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
        observer: new MutationObserver((records) => {
          if (entry.changes && entry.changes.length < MAX_PATCHED) entry.changes.push(...records);
          else entry.changes = null;
        }),
      };
      entry.observer.observe(host, WHAT_CHANGES_A_READ);
      reads.set(host, entry);
    }
    return read;
  }
  // Asked several times a key (the caret, the check, the underlines): read again only after a change,
  // and after typing in text already read, only that text.
  const taken = kept.observer.takeRecords();
  const changes = kept.changes && [...kept.changes, ...taken];
  kept.changes = [];
  if (changes?.length === 0) return kept.read;
  kept.read = (changes && changes.length <= MAX_PATCHED && patched(kept.read, changes)) || readAnew(host);
  return kept.read;
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

/** Text, nodes, and the attributes `NOT_WRITTEN_HERE` and `QUOTE_FOLLOWS` look at. */
const WHAT_CHANGES_A_READ: MutationObserverInit = {
  subtree: true,
  childList: true,
  characterData: true,
  attributes: true,
  attributeFilter: ['id', 'class', 'type', 'data-smartmail'],
};

/**
 * `read` with the new data of its text nodes that changed, when that is all that changed (a key typed
 * in a paragraph): no walk of a long document. Undefined when nodes or attributes changed, or when a
 * text is or was empty or ends or ended with a line break (the line breaks around it could move).
 */
function patched(read: EditableText, changes: readonly MutationRecord[]): EditableText | undefined {
  const nodes = new Set<Node>();
  for (const change of changes) {
    if (change.type !== 'characterData') return undefined;
    nodes.add(change.target);
  }
  const spans: Span[] = [];
  let text = '';
  let from = 0;
  let shift = 0;
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
    shift += data.length - (span.end - span.start);
  }
  // Text outside what is read (a quote, a signature, a script) changed: the read stands.
  if (from === 0) return read;
  return { text: text + read.text.slice(from), spans };
}

function readAnew(host: HTMLElement): EditableText {
  let text = '';
  // Whether the text so far ends with a line break. Kept here, not asked of `text`: reading the end of a
  // string built by appending flattens it, which on a long document cost a copy of it per block.
  let atBreak = true;
  const spans: Span[] = [];
  const newline = () => {
    if (!atBreak) text += '\n';
    atBreak = true;
  };
  const walk = (parent: Node) => {
    for (let child = parent.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        const node = child as Text;
        const data = node.data;
        spans.push({ node, start: text.length, end: text.length + data.length });
        if (data) {
          text += data.replace(/\u00a0/g, ' ');
          atBreak = data.charCodeAt(data.length - 1) === 10;
        }
      } else if (child.nodeType === 1) {
        const name = (child as Element).localName;
        if (SKIPPED.has(name)) continue;
        if (getAttribute(child as Element, 'id') === QUOTE_FOLLOWS) break;
        if (Element.prototype.matches.call(child, NOT_WRITTEN_HERE)) continue;
        if (name === 'br') {
          text += '\n';
          atBreak = true;
          continue;
        }
        const block = BLOCKS.has(name);
        if (block) newline();
        walk(child);
        if (block) newline();
      }
    }
  };
  walk(host);
  return { text, spans };
}

interface Point {
  node: Text;
  offset: number;
}

/** The first index whose span passes `ok` (spans are in text order, so `ok` holds from some index on). */
function firstFrom(spans: readonly Span[], ok: (s: Span) => boolean): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ok(spans[mid]!)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** The DOM point of a start offset: inside the span that holds the next character. */
function startPoint(spans: readonly Span[], at: number, insertion: boolean): Point | undefined {
  // A pure insertion at a node boundary extends the text before it ("word" + "s"), not the next node.
  // Found by halves: a long document has thousands of spans and every underline asks.
  const touching = spans[firstFrom(spans, (s) => s.end >= at)];
  const span = insertion && touching && touching.start <= at ? touching : spans[firstFrom(spans, (s) => s.end > at)];
  if (!span) {
    const last = spans.at(-1);
    return last && { node: last.node, offset: last.node.length };
  }
  return { node: span.node, offset: Math.max(0, at - span.start) };
}

/** The DOM point of an end offset: inside the span that holds the previous character. */
function endPoint(spans: readonly Span[], at: number): Point | undefined {
  const span = spans[firstFrom(spans, (s) => s.start >= at) - 1];
  if (!span) return spans[0] && { node: spans[0].node, offset: 0 };
  return { node: span.node, offset: Math.min(span.node.length, at - span.start) };
}

function rangeFor(doc: Document, spans: readonly Span[], edit: Edit): Range | undefined {
  const start = startPoint(spans, edit.start, edit.start === edit.end);
  const end = edit.start === edit.end ? start : endPoint(spans, edit.end);
  if (!start || !end) return undefined;
  const range = doc.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(end.node, end.offset);
  if (range.collapsed && edit.start !== edit.end) return undefined;
  return range;
}

/** A DOM range over `start..end` of the plain text (`readEditable`), or undefined where there is none. */
export function rangeAt(doc: Document, spans: readonly Span[], start: number, end: number): Range | undefined {
  return rangeFor(doc, spans, { start, end, text: '' });
}

/**
 * The offset in the plain text of a DOM point inside the region (a caret or a click), or null when the
 * point is not in one of its text nodes' reach.
 */
export function offsetOf(host: HTMLElement, read: EditableText, node: Node, offset: number): number | null {
  if (!host.contains(node)) return null;
  if (node.nodeType === 3) {
    const span = read.spans.find((s) => s.node === node);
    return span ? span.start + Math.min(offset, span.end - span.start) : null;
  }
  // An element and a child index: the start of the first text node at or after that point.
  const point = host.ownerDocument.createRange();
  point.setStart(node, offset);
  point.collapse(true);
  for (const span of read.spans) if (point.comparePoint(span.node, 0) >= 0) return span.start;
  return read.spans.at(-1)?.end ?? 0;
}

/**
 * Fallback when the editor refuses `insertText`: change the text nodes directly (the first one gets the
 * replacement, the others lose their part of the range), then report an input event.
 */
function replaceInNodes(host: HTMLElement, spans: readonly Span[], edit: Edit): void {
  let placed = false;
  for (const span of spans) {
    if (span.end <= edit.start && !(edit.start === edit.end && span.end === edit.start)) continue;
    if (span.start > edit.end || (span.start === edit.end && placed)) break;
    const from = Math.max(edit.start, span.start) - span.start;
    const to = Math.min(edit.end, span.end) - span.start;
    span.node.replaceData(from, Math.max(0, to - from), placed ? '' : edit.text);
    placed = true;
  }
  host.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: edit.text }));
}

/**
 * The smallest edit that has the same effect: the characters the replacement shares with the replaced
 * text at either end are left alone ("adress" -> "address" inserts one "d"). The change then lands
 * inside the word's own text node, so bold, a link or the list item it is in stay around it (an
 * editor's insertion at a word's first character would take the formatting of what is before it).
 */
export function narrowEdit(text: string, edit: Edit): Edit {
  const old = text.slice(edit.start, edit.end);
  const next = edit.text;
  let head = 0;
  while (head < old.length && head < next.length && old[head] === next[head]) head++;
  let tail = 0;
  while (tail < old.length - head && tail < next.length - head && old.at(-1 - tail) === next.at(-1 - tail)) tail++;
  return { start: edit.start + head, end: edit.end - tail, text: next.slice(head, next.length - tail) };
}

/**
 * Offers the edit to the editor as the browser offers its own spelling fixes: a cancelable
 * `beforeinput` (`insertReplacementText`, the replacement in `data` and `dataTransfer`, the words in
 * `getTargetRanges()`; a deletion is `deleteContentBackward` of that range). Editors with a model of their own (Slate, CKEditor 5, Lexical) apply it there,
 * so their state and undo agree, and cancel the event; true when one did. Before it, a `selectionchange`
 * tells editors that follow the selection through it (Draft.js, CKEditor 5) where the words are.
 */
function offerReplacement(host: HTMLElement, range: Range, text: string): boolean {
  const doc = host.ownerDocument;
  const view = doc.defaultView ?? window;
  doc.dispatchEvent(new view.Event('selectionchange'));
  // A DOM without these (an old browser, a test DOM) types over the selection instead.
  if (typeof view.StaticRange !== 'function' || typeof view.DataTransfer !== 'function') return false;
  let event: InputEvent;
  try {
    const data = new view.DataTransfer();
    data.setData('text/plain', text);
    const target = new view.StaticRange({
      startContainer: range.startContainer,
      startOffset: range.startOffset,
      endContainer: range.endContainer,
      endOffset: range.endOffset,
    });
    // Words only taken out: a deletion of the selected range, as the Delete key asks for one.
    event = new view.InputEvent('beforeinput', {
      inputType: text ? 'insertReplacementText' : 'deleteContentBackward',
      data: text || null,
      dataTransfer: text ? data : null,
      targetRanges: [target],
      bubbles: true,
      cancelable: true,
      composed: true,
    });
  } catch {
    // A browser that cannot make such an event (its init refused): typed over the selection instead.
    return false;
  }
  return !host.dispatchEvent(event);
}

/**
 * Applies edits (last first, in the coordinates of `readEditable(host).text`) one by one on the text
 * nodes, never through innerHTML, so bold, links and the rest around each change survive. Each edit is
 * narrowed to the characters that change, the words are selected, and the edit goes to the editor:
 * first as a replacement it may take into its model (`offerReplacement`); where nothing takes it, typed
 * over the selection (`insertText`: editors that read the DOM back, such as ProseMirror, Quill, Draft.js
 * and CodeMirror, and the browser's undo stack see it); if the editor ignores that too, the nodes are
 * changed directly. An editor that cancelled the replacement has it: nothing else is tried, so the text
 * is never changed twice while its view catches up, and the next edit waits until it has drawn it.
 * Resolves once every edit went.
 */
export function applyToEditable(host: HTMLElement, edits: readonly Edit[]): Promise<void> {
  const doc = host.ownerDocument;
  const view = doc.defaultView ?? window;
  const selection = doc.getSelection();
  const original = readEditable(host).text;
  host.focus({ preventScroll: true });
  return new Promise((done) => {
    const from = (first: number) => {
      for (let i = first; i < edits.length; i++) {
        const wide = edits[i]!;
        const before = readEditable(host);
        // Edits come last first, so the words of this one are where they were, unless someone typed
        // while an editor drew the last one: then the rest is left (the next check shows it again).
        if (before.text.slice(wide.start, wide.end) !== original.slice(wide.start, wide.end)) break;
        const edit = narrowEdit(before.text, wide);
        if (edit.start === edit.end && !edit.text) continue;
        const range = rangeFor(doc, before.spans, edit);
        if (range && selection) {
          selection.removeAllRanges();
          selection.addRange(range);
          if (offerReplacement(host, range, edit.text)) {
            // The editor changed its model; its view follows a frame or a task later. The next edit is
            // found in the DOM, so it waits for that.
            if (i + 1 < edits.length) {
              view.requestAnimationFrame(() => view.setTimeout(() => from(i + 1)));
              return;
            }
            continue;
          }
          typeOverSelection(doc, edit.text);
        }
        if (readEditable(host).text === before.text && applyEdits(before.text, [edit]) !== before.text) {
          replaceInNodes(host, before.spans, edit);
        }
      }
      done();
    };
    from(0);
  });
}
