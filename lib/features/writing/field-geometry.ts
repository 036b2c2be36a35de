import { docsBoxes, readDocs } from './docs-canvas.ts';
import { type EditableText, rangeAt, readEditable } from './editable-text.ts';
import type { EligibleField } from './eligibility.ts';

/** A box in viewport coordinates (CSS px, as getBoundingClientRect gives them). */
export interface ViewBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface TextSpan {
  start: number;
  end: number;
}

type TextControl = HTMLTextAreaElement | HTMLInputElement;

/** The part of a field where its text shows: its padding box, in the viewport. */
export function textClip(el: HTMLElement): ViewBox {
  const rect = el.getBoundingClientRect();
  return {
    left: rect.left + el.clientLeft,
    top: rect.top + el.clientTop,
    width: el.clientWidth,
    height: el.clientHeight,
  };
}

/** Properties that decide where characters of a textarea or input fall. */
const COPIED = [
  'direction',
  'font-family',
  'font-size',
  'font-style',
  'font-variant',
  'font-weight',
  'font-stretch',
  'font-kerning',
  'font-feature-settings',
  'font-variation-settings',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'text-indent',
  'text-align',
  'tab-size',
  'text-rendering',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'word-break',
  'overflow-wrap',
  'hyphens',
] as const;

/** The copy's style per field, kept until the field's size or attributes change (`forgetFieldStyle`). */
const styles = new WeakMap<Element, { css: string; rtl: boolean; startAligned: boolean }>();

/** The style last given to each copy, so an unchanged one is not set again. */
const applied = new WeakMap<HTMLElement, string>();

export function forgetFieldStyle(el: Element): void {
  styles.delete(el);
}

function mirrorStyle(el: TextControl): { css: string; rtl: boolean; startAligned: boolean } {
  const kept = styles.get(el);
  if (kept) return kept;
  const view = el.ownerDocument.defaultView ?? window;
  const style = view.getComputedStyle(el);
  const textarea = el.localName === 'textarea';
  const css: string[] = COPIED.map((p) => `${p}:${style.getPropertyValue(p)}`);
  css.push(
    'position:absolute',
    'left:0',
    'top:0',
    'margin:0',
    'border:0',
    'box-sizing:content-box',
    'visibility:hidden',
    'overflow:hidden',
    'height:auto',
  );
  const padX = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight) || 0;
  if (textarea) {
    // The text wraps within the content box, which a scroll bar narrows (clientWidth leaves it out).
    css.push(`width:${Math.max(0, el.clientWidth - padX)}px`, `white-space:${style.whiteSpace || 'pre-wrap'}`);
  } else {
    css.push('width:max-content', 'white-space:pre');
  }
  const rtl = style.direction === 'rtl';
  const align = style.textAlign;
  const startAligned = !rtl && (align === 'start' || align === 'left' || align === '-webkit-left');
  const made = { css: css.join(';'), rtl, startAligned };
  styles.set(el, made);
  return made;
}

/**
 * Where the characters `start..end` of each span of a textarea's or input's value are drawn, as boxes in
 * the viewport (one per line a span covers). The value is laid out again in a hidden copy of the field
 * (`mirror`, an element in Verso's own shadow root, so the page's layout is untouched): same font,
 * spacing, padding, width and wrapping; the copy's line boxes are then moved by the field's place and
 * scroll offsets.
 */
function controlBoxes(el: TextControl, mirror: HTMLElement, spans: readonly TextSpan[]): ViewBox[][] {
  const textarea = el.localName === 'textarea';
  const { css, rtl, startAligned } = mirrorStyle(el);
  // Text after the last span cannot move a span: where lines start at the left edge, the copy stops at
  // the end of the word after it (the rest of the word could still push it to the next line); else at
  // the end of its paragraph.
  const lastEnd = Math.max(0, ...spans.map((s) => s.end));
  const value = el.value;
  const stop = startAligned ? value.slice(lastEnd).search(/\s/) : value.indexOf('\n', lastEnd) - lastEnd;
  const text = stop < 0 ? value : value.slice(0, lastEnd + stop);
  const layout = laidOut(mirror, css, text, spans);
  const box = el.getBoundingClientRect();
  let dx = box.left + el.clientLeft - el.scrollLeft;
  let dy = box.top + el.clientTop - el.scrollTop;
  // An input centres its one line in its height.
  if (!textarea) dy += (el.clientHeight - layout.height) / 2;
  // Right-to-left inputs line up their text at the right.
  if (!textarea && rtl) dx += el.clientWidth - layout.width;
  return layout.rects.map((rects) =>
    rects.map((r) => ({ left: r.left + dx, top: r.top + dy, width: r.width, height: r.height })),
  );
}

interface Layout {
  /** What it was laid out from: the copy's style, the text, and the spans (`start,end;…`). */
  css: string;
  text: string;
  spans: string;
  /** Each span's line boxes, relative to the copy's top left corner. */
  rects: ViewBox[][];
  width: number;
  height: number;
}

/** The copy's last layout: typing after the last underlined word leaves it as it was, and it is reused. */
const layouts = new WeakMap<HTMLElement, Layout>();

/** One line of the copy (a block of its own) and the marks in it, in text order. */
interface MirrorLine {
  /** Whether it is the first and last line, and its marks (`start,end;…` in the line). */
  key: string;
  /** Its text (a slice of the field's: kept without a copy, compared natively). */
  body: string;
  el: HTMLElement;
  marks: HTMLElement[];
}

/** A span clipped to the text and to the spans before it, with its index in the caller's list. */
interface Placed {
  i: number;
  start: number;
  end: number;
}

/** The copy's lines as last built: typing changes one, and only that one is built (and laid out) again. */
const mirrorLines = new WeakMap<HTMLElement, MirrorLine[]>();

/** The lines of `text` (one block each) with the spans in each; all in one block when a span crosses a break. */
function linesOf(text: string, placed: readonly Placed[]): { from: number; to: number; spans: Placed[] }[] {
  const crosses = placed.some((s) => {
    const br = text.indexOf('\n', s.start);
    return br >= 0 && br < s.end;
  });
  const out: { from: number; to: number; spans: Placed[] }[] = [];
  let next = 0;
  for (let from = 0; ; ) {
    const br = crosses ? -1 : text.indexOf('\n', from);
    const to = br < 0 ? text.length : br;
    const spans: Placed[] = [];
    while (next < placed.length && placed[next]!.end <= to) spans.push(placed[next++]!);
    out.push({ from, to, spans });
    if (br < 0) break;
    from = br + 1;
  }
  return out;
}

function buildLine(
  doc: Document,
  text: string,
  from: number,
  to: number,
  spans: readonly Placed[],
  first: boolean,
  last: boolean,
) {
  const el = doc.createElement('div');
  // The field's text-indent is for its first line only.
  if (!first) el.style.textIndent = '0';
  const marks: HTMLElement[] = [];
  let at = from;
  for (const s of spans) {
    if (s.start > at) el.append(doc.createTextNode(text.slice(at, s.start)));
    const mark = doc.createElement('span');
    mark.textContent = text.slice(s.start, s.end);
    el.append(mark);
    marks.push(mark);
    at = s.end;
  }
  // A zero-width space keeps an empty line, and a last empty line, as tall as the field's.
  const rest = text.slice(at, to);
  if (rest || last || to === from) el.append(doc.createTextNode(last || to === from ? `${rest}\u200b` : rest));
  return { el, marks };
}

function laidOut(mirror: HTMLElement, css: string, text: string, spans: readonly TextSpan[]): Layout {
  // Compared part by part: one key string made of the whole text would be a copy of it on every key.
  const spanKey = spans.map((s) => `${s.start},${s.end}`).join(';');
  const kept = layouts.get(mirror);
  if (kept && kept.spans === spanKey && kept.css === css && kept.text === text) return kept;
  if (applied.get(mirror) !== css) {
    mirror.style.cssText = css;
    applied.set(mirror, css);
  }
  const placed: Placed[] = [];
  let at = 0;
  for (const s of spans.map((x, i) => ({ ...x, i })).sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, Math.min(s.start, text.length));
    const end = Math.max(start, Math.min(s.end, text.length));
    placed.push({ i: s.i, start, end });
    at = end;
  }
  const doc = mirror.ownerDocument;
  const wanted = linesOf(text, placed).map((line, n, all) => {
    const first = n === 0;
    const last = n === all.length - 1;
    const marks = line.spans.map((s) => `${s.start - line.from},${s.end - line.from}`).join(';');
    // The text apart from the rest of the key: joined into one string, every line's text would be
    // copied on every draw.
    return {
      ...line,
      first,
      last,
      key: `${first ? 1 : 0}${last ? 1 : 0}\u0000${marks}`,
      body: text.slice(line.from, line.to),
    };
  });
  const alike = (a: MirrorLine, b: { key: string; body: string }) => a.key === b.key && a.body === b.body;
  // Lines unchanged at either end stay as they are (the browser keeps their layout); the others are built.
  let old = mirrorLines.get(mirror) ?? [];
  if (old.length !== mirror.childNodes.length || (old[0] && old[0].el.parentNode !== mirror)) {
    mirror.replaceChildren();
    old = [];
  }
  let head = 0;
  while (head < old.length && head < wanted.length && alike(old[head]!, wanted[head]!)) head++;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < wanted.length - head &&
    alike(old[old.length - 1 - tail]!, wanted[wanted.length - 1 - tail]!)
  ) {
    tail++;
  }
  for (const line of old.slice(head, old.length - tail)) line.el.remove();
  const before = old[old.length - tail]?.el ?? null;
  const built = wanted.slice(head, wanted.length - tail).map((w) => {
    const { el, marks } = buildLine(doc, text, w.from, w.to, w.spans, w.first, w.last);
    mirror.insertBefore(el, before);
    return { key: w.key, body: w.body, el, marks };
  });
  const lines = [...old.slice(0, head), ...built, ...old.slice(old.length - tail)];
  mirrorLines.set(mirror, lines);
  const origin = mirror.getBoundingClientRect();
  const rects: ViewBox[][] = spans.map(() => []);
  wanted.forEach((w, n) => {
    w.spans.forEach((s, j) => {
      const mark = lines[n]!.marks[j];
      if (!mark) return;
      rects[s.i] = [...mark.getClientRects()].map((r) => ({
        left: r.left - origin.left,
        top: r.top - origin.top,
        width: r.width,
        height: r.height,
      }));
    });
  });
  const layout = { css, text, spans: spanKey, rects, width: mirror.offsetWidth, height: mirror.offsetHeight };
  layouts.set(mirror, layout);
  return layout;
}

/** The boxes of spans of an editable region's text (offsets of `readEditable`), from its own ranges. */
function editableBoxes(
  host: HTMLElement,
  spans: readonly TextSpan[],
  read: EditableText = readEditable(host),
): ViewBox[][] {
  return spans.map((s) => {
    const range = rangeAt(host.ownerDocument, read.spans, s.start, s.end);
    return range ? [...range.getClientRects()].filter((r) => r.width > 0 || r.height > 0) : [];
  });
}

/** Ranges of an editable region for spans of its text (for the CSS Custom Highlight API). */
export function editableRanges(
  host: HTMLElement,
  spans: readonly (TextSpan | null)[],
  read: EditableText = readEditable(host),
): (Range | undefined)[] {
  return spans.map((s) => (s ? rangeAt(host.ownerDocument, read.spans, s.start, s.end) : undefined));
}

/** Boxes of spans of any eligible field's text. */
export function fieldBoxes(field: EligibleField, mirror: HTMLElement, spans: readonly TextSpan[]): ViewBox[][] {
  if (field.kind === 'docs') return docsBoxes(readDocs(field.element), spans);
  return field.kind === 'editable'
    ? editableBoxes(field.element, spans)
    : controlBoxes(field.element as TextControl, mirror, spans);
}
