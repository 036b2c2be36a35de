/**
 * A PDF page's text as paragraphs, in reading order: pdf.js gives positioned runs of text (a word, a
 * line, a piece of a line); translation wants paragraphs. Pure: no pdf.js, no DOM.
 *
 * - Runs on one baseline close together make a line; a wide gap (a column gutter) starts another.
 * - Two columns are read left, then right, band by band (a title across both columns splits bands).
 * - Lines join into a paragraph until a gap, a change of size or a short line that ends a sentence.
 * - A hyphen at a line's end before a lower-case letter is undone; CJK lines join without a space.
 * - Running headers, footers and page numbers (margin lines found again on other pages, digits aside)
 *   are marked `running`: the reader sends each such text once, and a bare page number not at all.
 */

/** One run of text as pdf.js places it, in PDF units (y grows upwards, from the page's bottom). */
export interface TextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageText {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  runs: TextRun[];
}

/** A box in page units from the page's top-left corner (as the screen draws it). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Paragraph {
  /** `<page>-<index>`, stable for a page's text. */
  id: string;
  page: number;
  text: string;
  box: Box;
  /** Font size of its first line, page units. */
  size: number;
  /** A running header or footer (its `key` is the same on every page), or a bare page number. */
  running?: { key: string; number: boolean };
}

interface Line {
  text: string;
  left: number;
  right: number;
  /** Baseline, from the top. */
  base: number;
  size: number;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
/** Top and bottom share of a page where running headers and footers sit. */
const MARGIN = 0.12;

/** Runs on one baseline, close together, as lines (top to bottom, left to right). */
export function linesOf(page: PageText): Line[] {
  const runs = page.runs
    .filter((r) => r.str.trim() !== '' && r.height > 0)
    .map((r) => ({ ...r, base: page.height - r.y }))
    .sort((a, b) => a.base - b.base || a.x - b.x);
  const lines: Line[] = [];
  let current: Line | undefined;
  for (const run of runs) {
    const size = run.height;
    const sameBase = current && Math.abs(run.base - current.base) <= Math.max(current.size, size) * 0.4;
    const gap = current ? run.x - current.right : 0;
    if (current && sameBase && gap < Math.max(current.size, size) * 1.5 && gap > -size) {
      const space = gap > size * 0.15 && !current.text.endsWith(' ') && !run.str.startsWith(' ') ? ' ' : '';
      current.text += space + run.str;
      current.right = Math.max(current.right, run.x + run.width);
      current.size = Math.max(current.size, size);
    } else {
      current = { text: run.str, left: run.x, right: run.x + run.width, base: run.base, size };
      lines.push(current);
    }
  }
  for (const line of lines) line.text = line.text.replace(/\s+/g, ' ').trim();
  return lines.filter((l) => l.text !== '');
}

/** A vertical gutter between 30% and 70% of the page's width that no line crosses, with lines on both sides. */
function gutterOf(lines: Line[], width: number): number | undefined {
  const body = lines.filter((l) => l.right - l.left < width * 0.5);
  if (body.length < 4) return undefined;
  for (let x = width * 0.3; x <= width * 0.7; x += width / 100) {
    const crossing = lines.filter((l) => l.left < x && l.right > x).length;
    const left = body.filter((l) => l.right <= x).length;
    const right = body.filter((l) => l.left >= x).length;
    if (crossing <= Math.max(2, lines.length * 0.15) && left >= 2 && right >= 2) return x;
  }
  return undefined;
}

/** Lines in reading order: bands split by lines across the gutter; in each band, left column then right. */
function readingOrder(lines: Line[], width: number): Line[][] {
  const gutter = gutterOf(lines, width);
  if (gutter === undefined) return [lines];
  const columns: Line[][] = [];
  let left: Line[] = [];
  let right: Line[] = [];
  const flush = () => {
    if (left.length) columns.push(left);
    if (right.length) columns.push(right);
    left = [];
    right = [];
  };
  for (const line of lines) {
    if (line.right <= gutter) left.push(line);
    else if (line.left >= gutter) right.push(line);
    else {
      flush();
      columns.push([line]);
    }
  }
  flush();
  return columns;
}

/** Two lines of one paragraph joined: a hyphen at the end undone before a lower-case letter. */
export function joinLines(a: string, b: string): string {
  if (/\p{Ll}-$/u.test(a) && /^\p{Ll}/u.test(b)) return a.slice(0, -1) + b;
  if (CJK.test(a.slice(-1)) && CJK.test(b.charAt(0))) return a + b;
  return `${a} ${b}`;
}

/** A paragraph's text with its digits set aside, for recognising the same header on every page. */
export function runningKey(text: string): string {
  return text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();
}

const PAGE_NUMBER =
  /^(?:(?:page|p\.|seite|página|page)\s*)?(?:\d{1,5}|[ivxlcdm]{1,7})(?:\s*(?:\/|of|von|de|sur)\s*\d{1,5})?$/i;

/** Paragraphs of one page, in reading order, before running text is known. */
export function paragraphsOf(page: PageText): Paragraph[] {
  const out: Paragraph[] = [];
  for (const column of readingOrder(linesOf(page), page.width)) {
    let para: { lines: Line[]; text: string } | undefined;
    const close = () => {
      if (!para) return;
      const { lines } = para;
      const first = lines[0] as Line;
      const last = lines[lines.length - 1] as Line;
      const left = Math.min(...lines.map((l) => l.left));
      const right = Math.max(...lines.map((l) => l.right));
      const top = first.base - first.size;
      out.push({
        id: `${page.page}-${out.length}`,
        page: page.page,
        text: para.text,
        box: { left, top, width: right - left, height: last.base - top + last.size * 0.3 },
        size: first.size,
      });
      para = undefined;
    };
    const colRight = Math.max(...column.map((l) => l.right));
    const colLeft = Math.min(...column.map((l) => l.left));
    for (const line of column) {
      const prev = para?.lines[para.lines.length - 1];
      if (para && prev) {
        const gap = line.base - prev.base;
        const sizeChange = Math.abs(line.size - prev.size) > prev.size * 0.2;
        const short = prev.right < colRight - (colRight - colLeft) * 0.2 && /[.!?:。！？]["”’)]?$/.test(prev.text);
        const indented = line.left > colLeft + line.size * 1.2 && prev.left <= colLeft + line.size * 0.5;
        if (gap > Math.max(prev.size, line.size) * 1.75 || gap <= 0 || sizeChange || short || indented) close();
      }
      if (para) {
        para.lines.push(line);
        para.text = joinLines(para.text, line.text);
      } else para = { lines: [line], text: line.text };
    }
    close();
  }
  return out;
}

/** Whether a paragraph lies in the page's top or bottom margin. */
function inMargin(p: Paragraph, height: number): boolean {
  return p.box.top + p.box.height <= height * MARGIN || p.box.top >= height * (1 - MARGIN);
}

/**
 * Marks running headers, footers and page numbers on `page`: a margin paragraph whose key is also in the
 * margin of one of `others` (other pages of the document), or a bare page number.
 */
export function markRunning(page: PageText, paragraphs: Paragraph[], others: readonly PageText[]): Paragraph[] {
  const otherKeys = new Set<string>();
  for (const other of others) {
    if (other.page === page.page) continue;
    for (const p of paragraphsOf(other)) if (inMargin(p, other.height)) otherKeys.add(runningKey(p.text));
  }
  return paragraphs.map((p) => {
    if (!inMargin(p, page.height)) return p;
    const key = runningKey(p.text);
    const number = PAGE_NUMBER.test(p.text.trim());
    return number || otherKeys.has(key) ? { ...p, running: { key, number } } : p;
  });
}
