import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markRunning, type PageText, paragraphsOf } from './paragraphs.ts';

// The paragraphs of real PDFs (tests/fixtures/pdf, made by Ghostscript and LibreOffice), their text as
// pdf.js extracts it (its build for Node).

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/pdf');

async function pagesOf(name: string): Promise<PageText[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(readFileSync(path.join(FIXTURES, name)));
  const doc = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
  const pages: PageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const runs = content.items.flatMap((item) => {
      if (!('str' in item)) return [];
      const [a, b, , , e, f] = item.transform as number[];
      return [
        {
          str: item.str,
          x: (e ?? 0) - x0,
          y: (f ?? 0) - y0,
          width: item.width,
          height: item.height || Math.hypot(a ?? 0, b ?? 0),
        },
      ];
    });
    pages.push({ page: n, width: x1 - x0, height: y1 - y0, runs });
  }
  await doc.destroy();
  return pages;
}

describe('paragraphs of real PDFs', () => {
  it('the two-column paper: reading order, hyphens undone, header and page number marked', async () => {
    const pages = await pagesOf('paper.pdf');
    const first = pages[0] as PageText;
    const paragraphs = markRunning(first, paragraphsOf(first), pages);
    const body = paragraphs.filter((p) => !p.running).map((p) => p.text);
    expect(body).toEqual([
      'Reading Order in Two-Column Documents',
      'Scholarly articles are often set in two columns, which readers follow without effort but which naive text extraction reads straight across the page, mixing the two columns into nonsense.',
      'This paper describes a simple method that finds the gutter between the columns and reads the left column before the right one, band by band.',
      'Hyphenation at the end of a line is another obstacle: a word broken across two lines must be joined again before it is translated, or the translation service sees two unrelated fragments.',
      'Running headers and footers repeat on every page and should be translated only once, not once per page.',
    ]);
    const running = paragraphs.filter((p) => p.running);
    expect(running.map((p) => [p.text, p.running?.number])).toEqual([
      ['Proceedings of the Workshop on Reading Machines, 2026', false],
      ['Verso Fixture Paper', false],
      ['1', true],
    ]);
  });

  it('Chinese and Japanese lines join without spaces; Arabic and Hebrew stay whole', async () => {
    const [page] = await pagesOf('cjk-rtl.pdf');
    const texts = paragraphsOf(page as PageText).map((p) => p.text);
    expect(texts).toContain(
      '这是一个用于测试的中文段落。阅读器应当把每一行连接起来，而不在汉字之间插入空格。这个段落故意写得比较长，以便在页面上换行好几次，从而检验行与行之间的连接是否正确。',
    );
    expect(texts.some((t) => t.includes('العربية'))).toBe(true);
    expect(texts.some((t) => t.includes('בעברית'))).toBe(true);
  });

  it('the scanned page has no text at all', async () => {
    const [page] = await pagesOf('scanned.pdf');
    expect(paragraphsOf(page as PageText)).toEqual([]);
  });
});
