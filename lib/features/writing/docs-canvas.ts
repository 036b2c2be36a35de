import { closest, getAttribute } from '../../dom/unclobbered.ts';
import type { Edit } from './diff-model.ts';
import type { EligibleField } from './eligibility.ts';
import type { ViewBox } from './field-geometry.ts';

/**
 * Google Docs draws its text on a canvas. For extensions it approves (by id), it offers an annotated
 * mode: the extension sets `window._docs_annotate_canvas_by_ext` to its id in the page's main world
 * before Docs' scripts run, and Docs then keeps, beside each canvas tile, an SVG whose `<rect>`s carry
 * the text drawn there: `.kix-canvas-tile-content > svg > g[role="paragraph"] > rect[aria-label]`, one
 * rect per line of a paragraph, with the line's font in `data-font-css`. Typing goes to a hidden
 * contenteditable in `iframe.docs-texteventtarget-iframe`; the caret is `#kix-current-user-cursor-caret`.
 * This is the interface as publicly described by extensions that use it (tests/fixtures/editors/docs.ts
 * reproduces it); Verso's id is not on Google's list, so on docs.google.com the annotations are absent
 * and Verso says so instead of checking (nothing is read, nothing is sent).
 *
 * Here: the document's text as one string (paragraphs joined by "\n", the lines of a paragraph joined
 * as they are), boxes of character ranges over the canvas, the caret's offset, and changes typed through
 * the input frame.
 */

/** The scrolling editor that holds the canvas tiles. */
export const DOCS_EDITOR = '.kix-appview-editor';
const DOCS_INPUT_FRAME = 'docs-texteventtarget-iframe';
const LINE_RECTS = '.kix-canvas-tile-content svg g[role="paragraph"]';

/** The Docs editor `target` is in (a click on the canvas), or null. */
export function docsEditorOf(target: EventTarget | null): HTMLElement | null {
  if (!target || typeof (target as Element).closest !== 'function') return null;
  return closest(target as Element, DOCS_EDITOR) as HTMLElement | null;
}

/** The field checking as you type works on in a Docs editor: the editor itself. */
export function docsField(target: EventTarget | null): EligibleField | null {
  const editor = docsEditorOf(target);
  return editor ? { element: editor, kind: 'docs' } : null;
}

/** This frame is Docs' hidden input frame (its text is a buffer of Docs', never the document). */
export function isDocsInputFrame(view: Window): boolean {
  try {
    const frame = view.frameElement;
    return !!frame && frame.classList.contains(DOCS_INPUT_FRAME);
  } catch {
    return false;
  }
}

/** The input frame of the Docs page `doc` (same origin: its document is readable), or null. */
export function docsInputFrame(doc: Document): HTMLIFrameElement | null {
  return doc.querySelector<HTMLIFrameElement>(`iframe.${DOCS_INPUT_FRAME}`);
}

/** The editable element inside the input frame, where Docs takes typed text. */
function inputTarget(doc: Document): HTMLElement | null {
  const inner = docsInputFrame(doc)?.contentDocument;
  return inner?.querySelector<HTMLElement>('[contenteditable="true"], [contenteditable=""]') ?? null;
}

/** One line as Docs annotates it: its rect, where its text starts in the document text, its font. */
interface Line {
  rect: SVGGraphicsElement;
  start: number;
  text: string;
  font: string;
}

export interface DocsText {
  text: string;
  lines: Line[];
}

/** The page shows Docs' annotations (the annotated mode is on): there is text to read. */
export function annotated(editor: HTMLElement): boolean {
  return editor.querySelector(`${LINE_RECTS} rect[aria-label]`) !== null;
}

/** The document's text from the annotations (empty without them), and its lines. */
export function readDocs(editor: HTMLElement): DocsText {
  const lines: Line[] = [];
  let text = '';
  const paragraphs = editor.querySelectorAll(LINE_RECTS);
  paragraphs.forEach((paragraph, i) => {
    if (i > 0) text += '\n';
    for (const rect of paragraph.querySelectorAll<SVGGraphicsElement>('rect[aria-label]')) {
      const line = getAttribute(rect, 'aria-label') ?? '';
      lines.push({ rect, start: text.length, text: line, font: getAttribute(rect, 'data-font-css') ?? '' });
      text += line;
    }
  });
  return { text, lines };
}

let context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null | undefined;

/** Width of `text` in `font`, as the canvas draws it. */
function measure(font: string, text: string): number {
  if (context === undefined) {
    context =
      typeof OffscreenCanvas === 'function'
        ? new OffscreenCanvas(1, 1).getContext('2d')
        : document.createElement('canvas').getContext('2d');
  }
  if (!context || !text) return 0;
  if (font) context.font = font;
  return context.measureText(text).width;
}

/** The x of `offset` within a line (0..text.length), in the viewport, scaled to the rect's drawn width. */
function xIn(line: Line, box: DOMRect, offset: number): number {
  const full = measure(line.font, line.text);
  const scale = full > 0 ? box.width / full : 1;
  return box.left + measure(line.font, line.text.slice(0, offset)) * scale;
}

/** Boxes (one per line crossed) of each span of the document text, in the viewport. */
export function docsBoxes(read: DocsText, spans: readonly { start: number; end: number }[]): ViewBox[][] {
  const boxes = new Map<Line, DOMRect>();
  const boxOf = (line: Line) => {
    let box = boxes.get(line);
    if (!box) {
      box = line.rect.getBoundingClientRect();
      boxes.set(line, box);
    }
    return box;
  };
  return spans.map(({ start, end }) => {
    const out: ViewBox[] = [];
    for (const line of read.lines) {
      const lineEnd = line.start + line.text.length;
      if (lineEnd <= start || line.start >= end) continue;
      const box = boxOf(line);
      const left = xIn(line, box, Math.max(start, line.start) - line.start);
      const right = xIn(line, box, Math.min(end, lineEnd) - line.start);
      out.push({ left, top: box.top, width: Math.max(0, right - left), height: box.height });
    }
    return out;
  });
}

/** The offset in the document text at the viewport point, or null when no line is there. */
export function offsetAtPoint(read: DocsText, x: number, y: number): number | null {
  for (const line of read.lines) {
    const box = line.rect.getBoundingClientRect();
    if (y < box.top || y > box.bottom || x < box.left - 2 || x > box.right + 2) continue;
    // The first offset whose x is past the point's, by halves.
    let low = 0;
    let high = line.text.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const midX = (xIn(line, box, mid) + xIn(line, box, mid + 1)) / 2;
      if (midX < x) low = mid + 1;
      else high = mid;
    }
    return line.start + low;
  }
  return null;
}

/** The caret's offset: where Docs draws it, read back through the annotations. */
export function docsCaret(editor: HTMLElement, read: DocsText = readDocs(editor)): number | null {
  const caret = editor.ownerDocument.getElementById('kix-current-user-cursor-caret');
  const box = caret?.getBoundingClientRect();
  if (!box || (box.width === 0 && box.height === 0)) return null;
  return offsetAtPoint(read, box.left + box.width / 2, box.top + box.height / 2);
}

/** The viewport point just inside the character at `offset` (or just after the last one of a line). */
function pointAt(read: DocsText, offset: number, after: boolean): { x: number; y: number; tile: Element } | null {
  for (const line of read.lines) {
    const lineEnd = line.start + line.text.length;
    const inside = after ? offset > line.start && offset <= lineEnd : offset >= line.start && offset < lineEnd;
    if (!inside) continue;
    const box = line.rect.getBoundingClientRect();
    const at = offset - line.start;
    // A quarter of a character inside the boundary, on the side of the character it belongs to.
    const here = xIn(line, box, at);
    const x = after ? here - (here - xIn(line, box, at - 1)) / 4 : here + (xIn(line, box, at + 1) - here) / 4;
    const tile = closest(line.rect, '.kix-canvas-tile-content');
    if (!tile) return null;
    return { x, y: box.top + box.height / 2, tile };
  }
  return null;
}

/** A mouse press and release at a point, as Docs places its caret (Shift extends the selection). */
function press(tile: Element, x: number, y: number, shiftKey: boolean): void {
  const view = tile.ownerDocument.defaultView ?? window;
  for (const type of ['mousedown', 'mouseup'] as const) {
    tile.dispatchEvent(
      new view.MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, shiftKey, view }),
    );
  }
}

/**
 * Applies edits (last first, in the coordinates of `readDocs`) the way Docs takes input: the range is
 * selected with a press at its start and a Shift+press at its end on the canvas, then the new text goes
 * into the input frame's editable (`insertText`, as typing does), or a Backspace removes the selection.
 * The text is read again after each, as Docs redraws its lines.
 */
export async function applyToDocs(editor: HTMLElement, edits: readonly Edit[]): Promise<void> {
  const doc = editor.ownerDocument;
  const ordered = [...edits].sort((a, b) => b.start - a.start);
  for (const edit of ordered) {
    const read = readDocs(editor);
    const from = pointAt(read, edit.start, false) ?? pointAt(read, edit.start, true);
    const to = edit.end > edit.start ? pointAt(read, edit.end, true) : from;
    const target = inputTarget(doc);
    if (!from || !to || !target) return;
    press(from.tile, from.x, from.y, false);
    if (edit.end > edit.start) press(to.tile, to.x, to.y, true);
    const inner = target.ownerDocument;
    target.focus({ preventScroll: true });
    if (edit.text) inner.execCommand('insertText', false, edit.text);
    else {
      const view = inner.defaultView ?? window;
      target.dispatchEvent(
        new view.KeyboardEvent('keydown', { key: 'Backspace', code: 'Backspace', bubbles: true, cancelable: true }),
      );
    }
    await new Promise((done) => requestAnimationFrame(done));
  }
}
