import { type EditableText, offsetOf } from './editable-text.ts';

/** Around what shows, the characters whose underlines are laid out too (a screen or two of text). */
const NEAR_CHARS = 2000;

/** The DOM point under a viewport point (Chromium: caretRangeFromPoint; Firefox: caretPositionFromPoint). */
function pointAt(doc: Document, x: number, y: number): { node: Node; offset: number } | null {
  const position = (
    doc as Document & { caretPositionFromPoint?(x: number, y: number): { offsetNode: Node; offset: number } | null }
  ).caretPositionFromPoint?.(x, y);
  if (position) return { node: position.offsetNode, offset: position.offset };
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/**
 * The part of a long editable region's text that is on screen or near it (`NEAR_CHARS` either side), as
 * offsets of `read`: underlines elsewhere are not laid out until the person scrolls near them. Null when
 * the whole text counts (a short one, or where what shows cannot be told).
 */
export function nearScreen(host: HTMLElement, read: EditableText): { from: number; to: number } | null {
  if (read.text.length <= 4 * NEAR_CHARS) return null;
  const view = host.ownerDocument.defaultView ?? window;
  const box = host.getBoundingClientRect();
  const top = Math.max(box.top, 0) + 1;
  const bottom = Math.min(box.bottom, view.innerHeight) - 1;
  const left = Math.max(box.left, 0) + 1;
  const right = Math.min(box.right, view.innerWidth) - 1;
  if (bottom <= top || right <= left) return { from: 0, to: -1 };
  const offset = (x: number, y: number) => {
    const point = pointAt(host.ownerDocument, x, y);
    return point ? offsetOf(host, read, point.node, point.offset) : null;
  };
  const first = offset(left, top);
  const last = offset(right, bottom);
  if (first === null || last === null) return null;
  return { from: Math.min(first, last) - NEAR_CHARS, to: Math.max(first, last) + NEAR_CHARS };
}

/**
 * `nearScreen`, asked again only when the view moved: finding the text at a point costs a hit test of
 * the whole region (a tenth of a millisecond in a long document), too much for every key. While the
 * window and the region's width and scroll across stay, the region moved up or down by less than a
 * quarter of the window (the page scrolling a line as the person types on: a few hundred characters,
 * well inside the margin of `NEAR_CHARS`), and the text grew or shrank by less than a quarter of the
 * margin, the last answer is kept (its end moved by what was typed).
 */
export class NearScreen {
  private last?: {
    host: HTMLElement;
    across: string;
    down: number;
    length: number;
    near: { from: number; to: number };
  };

  of(host: HTMLElement, read: EditableText, box: DOMRect): { from: number; to: number } | null {
    if (read.text.length <= 4 * NEAR_CHARS) return null;
    const { across, down } = view(host, box);
    const length = read.text.length;
    const last = this.last;
    if (this.holds(host, box) && last && Math.abs(length - last.length) < NEAR_CHARS / 4) {
      return { from: last.near.from, to: last.near.to + Math.max(0, length - last.length) };
    }
    const near = nearScreen(host, read);
    this.last = near ? { host, across, down, length, near } : undefined;
    return near;
  }

  /** Whether the view of `host` (its box now `box`) moved too little since the last answer to ask again. */
  holds(host: HTMLElement, box: DOMRect): boolean {
    const last = this.last;
    if (last?.host !== host) return false;
    const { across, down, height } = view(host, box);
    return last.across === across && Math.abs(down - last.down) < height / 4;
  }
}

/** What `NearScreen` compares: the window and the region's place across, and how far down it is. */
function view(host: HTMLElement, box: DOMRect) {
  const win = host.ownerDocument.defaultView ?? window;
  return {
    across: [box.left, box.width, host.scrollLeft, win.innerWidth, win.innerHeight].join(),
    down: box.top - host.scrollTop,
    height: win.innerHeight,
  };
}
