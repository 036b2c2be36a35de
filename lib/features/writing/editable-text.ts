import { applyEdits, type Edit } from './diff-model.ts';
import { type EditableText, readEditable, type Span } from './editable-read.ts';
import { typeOverSelection } from './text-control.ts';

export { type EditableText, readEditable, watchEditable } from './editable-read.ts';

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
  const { spans } = read;
  if (node.nodeType === 3) {
    // Found by halves, in document order (the caret is asked on every key, in thousands of spans); a
    // text the read left out (a quote) is not among them.
    const at = spans[firstFrom(spans, (s) => s.node === node || follows(node, s.node))];
    const span = at?.node === node ? at : spans.find((s) => s.node === node);
    return span ? span.start + Math.min(offset, span.end - span.start) : null;
  }
  // An element and a child index: the start of the first text node at or after that point.
  const point = host.ownerDocument.createRange();
  point.setStart(node, offset);
  point.collapse(true);
  const after = spans[firstFrom(spans, (s) => point.comparePoint(s.node, 0) >= 0)];
  return after ? after.start : (spans.at(-1)?.end ?? 0);
}

/** `later` comes after `node` in the document (a node in `node` counts as after it). */
const follows = (node: Node, later: Node) =>
  (node.compareDocumentPosition(later) & (Node.DOCUMENT_POSITION_FOLLOWING | Node.DOCUMENT_POSITION_CONTAINED_BY)) !==
  0;

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
