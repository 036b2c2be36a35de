import path from 'node:path';
import { buildSync } from 'esbuild';
import { expect, test } from './fixtures.ts';

/**
 * Unit tests of the selection's DOM code that need a real browser: DOMPurify does not sanitise under
 * happy-dom (it returns scripts and handlers untouched there), and computed styles need layout. The
 * modules are bundled as they are and run in Chromium.
 */
const bundle = buildSync({
  stdin: {
    contents: `
      export { sanitizeTranslation, htmlToText, joinPlain } from './lib/features/selection/sanitize.ts';
      export { serializeRange } from './lib/features/selection/serialize.ts';
      export { blocksToText, groupBlocks } from './lib/features/selection/blocks.ts';
    `,
    resolveDir: path.resolve(import.meta.dirname, '../..'),
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  globalName: 'selectionDom',
  write: false,
}).outputFiles[0]!.text;

interface SelectionDom {
  sanitizeTranslation(html: string, links: string[]): string;
  htmlToText(html: string): string;
  joinPlain(paragraphs: string[], separators: string[], lead?: string, trail?: string): string;
  groupBlocks(paragraphs: string[], shapes: unknown[]): unknown[];
  blocksToText(groups: unknown[]): string;
  serializeRange(range: Range, options?: { display?: (el: Element) => string | undefined }): { paragraphs: string[] };
}
declare const selectionDom: SelectionDom;

test.describe('selection DOM code in a real browser', () => {
  test.beforeEach(async ({ page }) => {
    await page.setContent('<!doctype html><html><head></head><body></body></html>');
    await page.addScriptTag({ content: bundle });
  });

  test('sanitising keeps inline formatting and gives links back their http(s) href by id', async ({ page }) => {
    const out = await page.evaluate(() =>
      selectionDom.sanitizeTranslation('Sëë <a id="a1">thë döcs</a> <b>nöw</b><br><a id="a2">x</a>', [
        'https://example.org/docs',
        'http://example.org/x',
      ]),
    );
    expect(out).toBe(
      'Sëë <a href="https://example.org/docs">thë döcs</a> <b>nöw</b><br><a href="http://example.org/x">x</a>',
    );
  });

  test('sanitising drops scripts, handlers, styles, blocks and every other attribute', async ({ page }) => {
    const out = await page.evaluate(() =>
      selectionDom.sanitizeTranslation(
        'a<img src=x onerror="alert(1)"><script>alert(2)</script><div style="x" class="c"><i onclick="y()" title="t">b</i></div><iframe src="https://e.org"></iframe><style>*{}</style><svg><a href="https://e.org">s</a></svg>',
        [],
      ),
    );
    expect(out).toBe('a<i>b</i>');
  });

  test('sanitising lets no href through that is not http(s), even one the service planted', async ({ page }) => {
    const out = await page.evaluate(() =>
      selectionDom.sanitizeTranslation(
        '<a href="javascript:alert(1)">a</a><a id="a1">b</a><a id="a9">c</a><a id="a2" href="https://evil.example">d</a>',
        ['javascript:alert(1)', 'data:text/html,x'],
      ),
    );
    expect(out).toBe('<a>a</a><a>b</a><a>c</a><a>d</a>');
  });

  test('plain text of a translation: <br> as a line break, entities decoded, separators kept', async ({ page }) => {
    const out = await page.evaluate(() => [
      selectionDom.htmlToText('1 &lt; 2 &amp; <b>3</b><br>next'),
      selectionDom.joinPlain(['A<br>b', 'C'], ['\n\n\n'], '  ', '\n'),
    ]);
    expect(out).toEqual(['1 < 2 & 3\nnext', '  A\nb\n\n\nC\n']);
  });

  test('plain text of a translation with headings and lists: blank lines between blocks, a marked line per item', async ({
    page,
  }) => {
    const out = await page.evaluate(() => {
      const item = (list: number, depth: number, ordered = false, n?: number) => ({
        kind: 'item',
        list,
        depth,
        ordered,
        n,
      });
      const groups = selectionDom.groupBlocks(
        ['Pläns', 'Bring <b>these</b> &amp; more:', 'Böots<br>or shöes', 'Päper', 'Thërd', 'Föurth'],
        [
          { kind: 'heading', level: 2 },
          { kind: 'paragraph' },
          item(1, 0),
          item(2, 1),
          item(3, 0, true, 3),
          item(3, 0, true, 4),
        ],
      );
      return selectionDom.blocksToText(groups);
    });
    expect(out).toBe('Pläns\n\nBring these & more:\n\n- Böots\nor shöes\n  - Päper\n\n3. Thërd\n4. Föurth');
  });

  test('serialising asks the computed style: CSS blocks split paragraphs, hidden text stays out', async ({ page }) => {
    const paragraphs = await page.evaluate(() => {
      document.head.innerHTML = '<style>.blk{display:block}.gone{display:none}.inl{display:inline}</style>';
      document.body.innerHTML =
        '<div id="root">One <span class="blk">two</span> three <b class="gone">hidden</b><div class="inl">four</div></div>';
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('root')!);
      return selectionDom.serializeRange(range, { display: (el) => getComputedStyle(el).display }).paragraphs;
    });
    expect(paragraphs).toEqual(['One', 'two', 'three four']);
  });
});
