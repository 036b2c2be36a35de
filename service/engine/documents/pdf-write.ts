import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import type { PdfPage, PdfParagraph } from './pdf-text.ts';
import { RTL_START } from './text-codec.ts';

/**
 * A translated PDF written with pdf-lib: the same number of pages at the same sizes, each paragraph's
 * translation at the original paragraph's place, wrapped to its width and made smaller (down to 60 %)
 * when it needs more room than the original had before the next paragraph. Images and drawings are not
 * carried over. The text is set in Helvetica, a standard font every reader has: characters outside its
 * encoding (Windows-1252: Cyrillic, Greek, CJK, ...) are written as `?`; a DOCX result keeps every script.
 */

const MARGIN = 18;
const MIN_SCALE = 0.6;

/** The text with every character the font cannot encode replaced by `?`. */
export function encodable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.replace(/[\t\r\n]+/g, ' ')) out += known.has(ch.codePointAt(0) ?? 0) ? ch : '?';
  return out;
}

/** Lines of at most `width` points: by words, and by characters for a word (or a CJK run) wider than that. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    for (const ch of word) {
      if (line !== '' && !fits(line + ch)) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** How far down the paragraph may run: to the top of the next paragraph below it in the same column, else the margin. */
function floorOf(para: PdfParagraph, page: PdfPage): number {
  let floor = MARGIN;
  for (const other of page.paragraphs) {
    if (other === para || other.top >= para.bottom) continue;
    const overlaps = other.x < para.x + para.width && para.x < other.x + other.width;
    if (overlaps) floor = Math.max(floor, other.top + other.size);
  }
  return floor;
}

/**
 * How wide the paragraph may run. A paragraph of several lines keeps its width (its column); a single line
 * (a heading, a caption) may run on to the right margin, taken as wide as the left one, or to the next
 * paragraph beside it.
 */
function widthOf(para: PdfParagraph, page: PdfPage, rtl: boolean): number {
  if (para.top !== para.bottom) return para.width;
  // Right to left: the right edge stays, the line may run on to the left margin (as wide as the right one).
  if (rtl) return para.x + para.width - Math.min(para.x, Math.max(page.width - para.x - para.width, MARGIN));
  let right = Math.max(para.x + para.width, page.width - Math.max(para.x, MARGIN));
  for (const other of page.paragraphs) {
    const beside =
      other.x >= para.x + para.width && other.bottom <= para.top + para.size && other.top >= para.bottom - other.size;
    if (other !== para && beside) right = Math.min(right, other.x - para.size);
  }
  return Math.max(para.width, right - para.x);
}

function place(para: PdfParagraph, page: PdfPage, text: string, font: PDFFont, rtl: boolean) {
  const width = widthOf(para, page, rtl);
  // From the first baseline down to the last line's descenders.
  const room = para.top - floorOf(para, page);
  const height = (lines: number, scale: number) => ((lines - 1) * para.leading + para.size * 0.3) * scale;
  let scale = 1;
  let lines = wrap(text, font, para.size, width);
  while (height(lines.length, scale) > room && scale > MIN_SCALE) {
    scale = Math.max(MIN_SCALE, scale * 0.9);
    lines = wrap(text, font, para.size * scale, width);
  }
  return { lines, size: para.size * scale, leading: para.leading * scale };
}

/** The translated PDF: `translated` holds one text per paragraph, pages in order. */
export async function writePdf(pages: readonly PdfPage[], translated: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let next = 0;
  for (const source of pages) {
    const page = doc.addPage([source.width, source.height]);
    for (const para of source.paragraphs) {
      const original = translated[next++] ?? para.text;
      const text = encodable(original, font);
      // Right-to-left text keeps to the right edge of its paragraph.
      const rtl = RTL_START.test(original);
      const { lines, size, leading } = place(para, source, text, font, rtl);
      lines.forEach((line, i) => {
        const x = rtl ? para.x + para.width - font.widthOfTextAtSize(line, size) : para.x;
        page.drawText(line, { x, y: para.top - i * leading, size, font });
      });
    }
  }
  doc.setProducer('Verso local service');
  return doc.save({ useObjectStreams: true });
}
