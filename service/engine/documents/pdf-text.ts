import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { badRequest, ServiceError } from '../../http/errors.ts';

/**
 * The text of a PDF as paragraphs placed on their pages, read with pdfjs-dist (the library of the
 * browsers' own viewers; its legacy build runs on Node 20). A PDF holds positioned runs of glyphs: runs
 * on one baseline make a line, lines that follow each other at the same size make a paragraph, joined
 * with a space (none around CJK) and with a hyphen at a line end undone before a lower-case letter.
 */

export interface PdfParagraph {
  text: string;
  /** Left edge and the first line's baseline, in PDF points from the page's bottom left. */
  x: number;
  top: number;
  /** Baseline of the last line. */
  bottom: number;
  /** Width of the widest line. */
  width: number;
  /** Font size of the first line. */
  size: number;
  /** Distance between baselines (the font size times 1.2 for one line). */
  leading: number;
}

export interface PdfPage {
  width: number;
  height: number;
  paragraphs: PdfParagraph[];
}

interface Run {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  eol: boolean;
}

interface Line {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/** Why pdfjs could not open the file, worded for the person who sent it. */
function refusal(err: unknown): Error {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'PasswordException')
    return badRequest(
      'The PDF is encrypted with a password: it cannot be read without it',
      'Remove the password (save an unprotected copy) and upload that copy',
    );
  return badRequest('The file is not a valid pdf document: it is damaged or not a PDF');
}

/**
 * Lines of one page from pdfjs's text runs, in content order. A run on the same baseline continues the line
 * when it follows the previous run to the right, or to the left (right-to-left text: pdfjs gives each run
 * in logical order, and the runs come in reading order).
 */
function linesOf(runs: readonly Run[]): Line[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  let last: Run | undefined;
  for (const run of runs) {
    const size = current?.size ?? run.size;
    const rightward = last !== undefined && run.x >= last.x + last.width - size;
    const leftward = last !== undefined && Math.abs(last.x - (run.x + run.width)) <= size * 1.5;
    const sameLine = current !== undefined && Math.abs(run.y - current.y) <= size * 0.5 && (rightward || leftward);
    if (!sameLine || !last) {
      if (current && current.text.trim() !== '') lines.push(current);
      current = { text: run.str, x: run.x, y: run.y, width: run.width, size: run.size };
    } else if (current) {
      const gap = rightward ? run.x - (last.x + last.width) : last.x - (run.x + run.width);
      const joinWithSpace = gap > size * 0.2 && !/\s$/.test(current.text) && !/^\s/.test(run.str);
      current.text += (joinWithSpace ? ' ' : '') + run.str;
      const right = Math.max(current.x + current.width, run.x + run.width);
      current.x = Math.min(current.x, run.x);
      current.width = right - current.x;
      current.size = Math.max(current.size, run.size);
    }
    last = run;
    if (run.eol && current) {
      if (current.text.trim() !== '') lines.push(current);
      current = undefined;
    }
  }
  if (current && current.text.trim() !== '') lines.push(current);
  return lines;
}

/** Two lines of one paragraph joined: no space around CJK, a line-end hyphen undone before a lower-case letter. */
export function joinLines(before: string, after: string): string {
  const a = before.replace(/\s+$/, '');
  const b = after.replace(/^\s+/, '');
  if (/\p{L}-$/u.test(a) && /^\p{Ll}/u.test(b)) return a.slice(0, -1) + b;
  if (CJK.test(a.slice(-1)) || CJK.test(b.slice(0, 1))) return a + b;
  return `${a} ${b}`;
}

/** Lines grouped into paragraphs: a new one after a wider gap, a jump up (a new column) or a new size. */
export function paragraphsOf(lines: readonly Line[]): PdfParagraph[] {
  const out: PdfParagraph[] = [];
  let para: (PdfParagraph & { lines: number; last: Line }) | undefined;
  for (const line of lines) {
    const drop = para ? para.last.y - line.y : 0;
    const similarSize = para !== undefined && Math.abs(line.size - para.size) <= para.size * 0.2;
    const expected = para && para.lines > 1 ? para.leading : (para?.size ?? 0) * 1.6;
    const continues =
      para !== undefined &&
      similarSize &&
      drop > 0 &&
      drop <= Math.max(expected * 1.25, para.size * 1.25) &&
      Math.abs(line.x - para.x) <= para.size * 4;
    if (para && continues) {
      para.text = joinLines(para.text, line.text);
      para.leading = para.lines === 1 ? drop : (para.leading * (para.lines - 1) + drop) / para.lines;
      para.lines++;
      para.bottom = line.y;
      para.x = Math.min(para.x, line.x);
      para.width = Math.max(para.width, line.x + line.width - para.x);
      para.last = line;
      continue;
    }
    if (para) out.push(strip(para));
    para = {
      text: line.text.trim(),
      x: line.x,
      top: line.y,
      bottom: line.y,
      width: line.width,
      size: line.size,
      leading: line.size * 1.2,
      lines: 1,
      last: line,
    };
  }
  if (para) out.push(strip(para));
  return out;
}

function strip({ lines: _lines, last: _last, ...para }: PdfParagraph & { lines: number; last: Line }): PdfParagraph {
  return { ...para, text: para.text.trim() };
}

/** Every page's size and paragraphs; a 400 for an encrypted, damaged or text-less file. */
export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const task = getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw refusal(err);
  }
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const content = await page.getTextContent();
      const runs: Run[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform as number[];
        const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height;
        runs.push({ str: item.str, x: e - x0, y: f - y0, width: item.width, size, eol: item.hasEOL });
      }
      pages.push({ width: x1 - x0, height: y1 - y0, paragraphs: paragraphsOf(linesOf(runs)) });
      page.cleanup();
    }
    if (pages.every((p) => p.paragraphs.length === 0))
      throw badRequest(
        'The PDF has no text to translate: its pages are images (a scan?), and this service has no text recognition',
      );
    return pages;
  } catch (err) {
    throw err instanceof ServiceError ? err : refusal(err);
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
