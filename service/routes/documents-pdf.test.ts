import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { translateTexts } from '../engine/translate.ts';
import { documentCalls } from '../testing/documents.ts';
import { serviceForTests } from '../testing/vitest.ts';

// PDF documents over HTTP, with real PDFs made by LibreOffice, Ghostscript and qpdf
// (tests/fixtures/documents/, scripts/fixtures/document-pdfs.sh).

const svc = serviceForTests({ documentStepMs: 5 });
const { upload, translateFile } = documentCalls(svc);

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../tests/fixtures/documents/${name}`, import.meta.url)));

/** The text of each page of a PDF, as pdfjs reads it. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((i) => ('str' in i ? i.str + (i.hasEOL ? ' ' : '') : ''))
        .join('')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  await doc.destroy();
  return pages;
}

/** The paragraphs of a DOCX's body, pages separated by their page breaks. */
function docxPages(bytes: Uint8Array): string[][] {
  const xml = strFromU8(unzipSync(bytes)['word/document.xml'] ?? new Uint8Array());
  return xml
    .split('<w:br w:type="page"/>')
    .map((page) =>
      [...page.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) =>
        (m[1] ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
      ),
    );
}

const REPORT_PAGES = [
  [
    'Quarterly report',
    'Thank you for reading our quarterly report. This quarter we opened two new offices and hired twelve people for the support team. Your feedback helped us to decide where the new offices should be.',
    'The sales of the spring collection were higher than in any quarter before. We would like to thank every customer who wrote to us about the new colours and sizes.',
  ],
  [
    'Plans for the next quarter',
    'Next quarter we will open a shop in the harbour district and move the warehouse to a larger building near the station. You can visit the new shop from the first week of the month.',
  ],
  ['Contact', 'Write to the office if you have any question about this report. We answer every letter within a week.'],
];

const translated = (texts: string[], targetLang: string) =>
  translateTexts(svc.state, { texts, targetLang, sourceLang: 'EN', resource: 'translate_document' }).map((t) => t.text);

describe('pdf documents', () => {
  it('translates a PDF into a PDF of as many pages, each paragraph at its place, billed the minimum', async () => {
    const original = fixture('report.pdf');
    const { headers, bytes, finished } = await translateFile('report.pdf', original, {
      target_lang: 'de',
      source_lang: 'en',
    });
    expect(headers.get('content-type')).toBe('application/pdf');
    expect(headers.get('content-disposition')).toBe('attachment; filename="report.de.pdf"');

    const [before, after] = await Promise.all([PDFDocument.load(original), PDFDocument.load(bytes)]);
    expect(after.getPageCount()).toBe(3);
    after.getPages().forEach((page, i) => {
      expect(page.getSize()).toEqual(before.getPage(i).getSize());
    });
    // Every page holds the translations of its own paragraphs, in order (German keeps to Windows-1252).
    const pages = await pageTexts(bytes);
    REPORT_PAGES.forEach((paragraphs, i) => {
      expect(pages[i]).toBe(translated(paragraphs, 'de').join(' '));
    });
    expect(pages[0]).toContain('Qüärterly repört');

    // docs/contract.md §D6: a pdf counts at least 50,000 characters; its text here is far less.
    const counted = REPORT_PAGES.flat().join('').length;
    expect(counted).toBeLessThan(50_000);
    expect(finished.billed_characters).toBe(50_000);
    expect(svc.state.usage.records.map((r) => [r.service, r.characters])).toEqual([['document_translation', 50_000]]);
  });

  it('puts each translated paragraph where the original was', async () => {
    const { bytes } = await translateFile('hyphenated.pdf', fixture('hyphenated.pdf'), {
      target_lang: 'fr',
      source_lang: 'en',
    });
    const doc = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items.flatMap((i) =>
      'str' in i && i.str.trim() !== '' ? [{ x: i.transform[4] as number, y: i.transform[5] as number }] : [],
    );
    await doc.destroy();
    // The first line of each paragraph starts where the original's did (72,760 and 72,700).
    expect(items[0]).toEqual({ x: 72, y: 760 });
    expect(items.some((p) => p.x === 72 && p.y === 700)).toBe(true);
  });

  it('sends paragraphs, not lines: lines joined and a line-end hyphen undone; DOCX output on request', async () => {
    const { headers, bytes } = await translateFile('hyphenated.pdf', fixture('hyphenated.pdf'), {
      target_lang: 'de',
      source_lang: 'en',
      output_format: 'docx',
    });
    expect(headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(headers.get('content-disposition')).toBe('attachment; filename="hyphenated.de.docx"');
    expect(docxPages(bytes)).toEqual([
      translated(
        [
          'Your order of the blue chairs is on its way. The translation of the manual follows next week with the invoice.',
          'Thank you for shopping with us.',
        ],
        'de',
      ),
    ]);
  });

  it('keeps the pages of a PDF as page breaks in a DOCX result', async () => {
    const { bytes } = await translateFile('report.pdf', fixture('report.pdf'), {
      target_lang: 'de',
      source_lang: 'en',
      output_format: 'DOCX',
    });
    expect(docxPages(bytes)).toEqual(REPORT_PAGES.map((page) => translated(page, 'de')));
  });

  it('writes characters the standard fonts lack as "?" in a PDF, and keeps them in a DOCX', async () => {
    const asPdf = await translateFile('report.pdf', fixture('report.pdf'), { target_lang: 'ja', source_lang: 'en' });
    const expected = translated(REPORT_PAGES[2] ?? [], 'ja');
    expect(expected.join('')).toMatch(/[のんア]/);
    const pages = await pageTexts(asPdf.bytes);
    expect(pages).toHaveLength(3);
    expect(pages[2]).toBe(expected.join(' ').replace(/[のんア]/g, '?'));

    const asDocx = await translateFile('report.pdf', fixture('report.pdf'), {
      target_lang: 'ja',
      source_lang: 'en',
      output_format: 'docx',
    });
    expect(docxPages(asDocx.bytes)[2]).toEqual(expected);
  });

  it('reads CJK lines joined without spaces and right-to-left text in logical order', async () => {
    const japanese =
      '私たちは今年の春に新しい店を港の近くに開きました。毎朝八時から夜の九時まで営業しています。皆様のご来店を心よりお待ちしております。新しい店では地元の野菜や魚を使った料理を楽しむことができます。';
    const hebrew = 'תודה שקראתם את הדוח הרבעוני שלנו. ברבעון הזה פתחנו שני משרדים חדשים.';
    const { bytes } = await translateFile('scripts.pdf', fixture('scripts.pdf'), {
      target_lang: 'en-GB',
      output_format: 'docx',
    });
    // Neither script has letters the pseudo-translation changes: what comes back is what was read.
    expect(docxPages(bytes)).toEqual([[japanese], [hebrew]]);
    const xml = strFromU8(unzipSync(bytes)['word/document.xml'] ?? new Uint8Array());
    expect(xml.match(/<w:bidi\/>/g)).toHaveLength(1);

    const asPdf = await translateFile('scripts.pdf', fixture('scripts.pdf'), { target_lang: 'en-GB' });
    // Wrapped to the original's width (the Japanese over lines of its own), outside Helvetica's characters.
    const [first, second] = await pageTexts(asPdf.bytes);
    expect(first?.replace(/ /g, '')).toBe('?'.repeat([...japanese].length));
    expect(second).toBe(hebrew.replace(/[^\x20-\x7e]/g, '?'));
    // The Hebrew line keeps to the right edge of the original paragraph (56.7 + 370 points).
    const doc = await getDocument({ data: asPdf.bytes.slice(), verbosity: 0 }).promise;
    const [line] = (await (await doc.getPage(2)).getTextContent()).items.flatMap((i) =>
      'str' in i && i.str.trim() !== '' ? [i] : [],
    );
    await doc.destroy();
    expect((line?.transform[4] as number) + (line?.width ?? 0)).toBeCloseTo(56.7 + 369.9, 0);
  });

  it('detects the source language once from the PDF text', async () => {
    const { finished, bytes } = await translateFile('report.pdf', fixture('report.pdf'), {
      target_lang: 'fr',
      output_format: 'docx',
    });
    expect(finished.status).toBe('done');
    expect(docxPages(bytes)[1]).toEqual(translated(REPORT_PAGES[1] ?? [], 'fr'));
  });

  it('reads two columns in reading order and keeps each translated column in its place', async () => {
    const { bytes } = await translateFile('columns.pdf', fixture('columns.pdf'), {
      target_lang: 'de',
      source_lang: 'en',
    });
    const doc = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items.flatMap((i) =>
      'str' in i && i.str.trim() !== '' ? [{ str: i.str, x: i.transform[4] as number }] : [],
    );
    await doc.destroy();
    const [left, right] = translated(
      [
        'The left column starts the story of the old harbour and the ships that came in every morning before the market opened.',
        'The right column ends it: the market closed at noon and the ships left with the evening tide for the open sea.',
      ],
      'de',
    );
    const column = (x: number) =>
      items
        .filter((i) => i.x === x)
        .map((i) => i.str)
        .join(' ');
    expect(column(56)).toBe(left);
    expect(column(310)).toBe(right);
  });

  it('bills the characters of a PDF longer than the minimum: its paragraphs as sent', async () => {
    // Sixteen pages of ten paragraphs of five lines: far more text than the 50,000 minimum.
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const line = (p: number, n: number, l: number) =>
      `Page ${p} paragraph ${n} line ${l} says the shop opens at nine in the morning`;
    let expected = 0;
    for (let p = 0; p < 16; p++) {
      const page = doc.addPage([595, 842]);
      for (let n = 0; n < 10; n++) {
        const lines = [0, 1, 2, 3, 4].map((l) => line(p, n, l));
        lines.forEach((text, l) => {
          page.drawText(text, { x: 50, y: 800 - n * 78 - l * 12, size: 10, font });
        });
        expected += lines.join(' ').length;
      }
    }
    expect(expected).toBeGreaterThan(50_000);
    const { finished } = await translateFile('long.pdf', await doc.save(), { target_lang: 'de', source_lang: 'en' });
    expect(finished.billed_characters).toBe(expected);
  });

  it.each([
    ['encrypted.pdf', /^The PDF is encrypted with a password/],
    ['damaged.pdf', /^The file is not a valid pdf document: it is damaged/],
    ['drawing.pdf', /^The PDF has no text to translate/],
  ])('refuses %s at upload with 400 and the reason, billing nothing', async (name, message) => {
    const res = await upload({ name, content: fixture(name) }, { target_lang: 'de' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(svc.state.documents.jobs.size).toBe(0);
    expect(svc.state.usage.records).toEqual([]);
  });

  it('offers DOCX as the one conversion of a PDF', async () => {
    const res = await upload(
      { name: 'report.pdf', content: fixture('report.pdf') },
      {
        target_lang: 'de',
        output_format: 'xlsx',
      },
    );
    expect(res.status).toBe(400);
    expect(`${res.body.message} ${res.body.detail}`).toMatch(/output_format 'xlsx'.*pdf or docx only/);
  });
});
