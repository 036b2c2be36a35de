import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { buildSync } from 'esbuild';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { toGerman } from './helpers/german.ts';
import { clickTranslateSelection, dragBetween, ORIGIN, pressTranslateShortcut, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

// A table in a selection keeps its rows and columns: in the bubble, and on the clipboard as a table
// (text/html) and as tab-separated rows (text/plain, what spreadsheets paste). lib/features/selection/table.ts.

const PLANTS = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plant care</title>
<style> td, th { padding: 4px 10px; border: 1px solid #999; } </style></head>
<body>
  <p id="intro">Our plants need care.</p>
  <table id="plants">
    <thead><tr><th>Plant</th><th>Water</th><th>Light</th></tr></thead>
    <tbody>
      <tr><td>Fern</td><td>often</td><td>shade</td></tr>
      <tr><td>Cactus</td><td colspan="2">rarely, in full sun</td></tr>
      <tr><td>Ivy</td><td>weekly</td><td>any <b>bright</b> room</td></tr>
    </tbody>
  </table>
  <p id="outro">Good luck with them.</p>
</body></html>`;

const URL = `${ORIGIN}/plants.html`;

/** A text as the local service translates it into German: vowels changed, the first letter a capital. */
const german = (text: string) => {
  const out = toGerman(text);
  return out.charAt(0).toUpperCase() + out.slice(1);
};

/** What Copy put on the clipboard, both kinds. */
async function readClipboard(page: Page): Promise<{ text: string; html: string }> {
  return page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const read = async (type: string) => (item?.types.includes(type) ? (await item.getType(type)).text() : '');
    return { text: await read('text/plain'), html: await read('text/html') };
  });
}

/** The text of each cell of each row of a table in the bubble. */
async function cellsOf(table: Locator): Promise<string[][]> {
  return table.evaluate((el: HTMLTableElement) =>
    [...el.rows].map((row) => [...row.cells].map((cell) => cell.textContent ?? '')),
  );
}

test.describe('a table in a selection', () => {
  test.beforeEach(async ({ configure, background, page, context }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
    await serve(page, { '/plants.html': PLANTS });
    await page.goto(URL);
  });

  test('a paragraph, a table and a paragraph dragged over keep rows, columns and header cells', async ({
    page,
    background,
    svc,
  }) => {
    // A person drags from the start of the first paragraph to the end of the last one.
    await dragBetween(page, '#intro', '#outro');
    await svc.clearRequests();
    await pressTranslateShortcut(background, URL);

    const dialog = page.getByRole('dialog', { name: 'Translation' });
    const result = dialog.locator('.result');
    const table = result.getByRole('table');
    await expect(table).toBeVisible();
    // In order: the paragraph, the table, the paragraph.
    expect(await result.evaluate((el) => [...el.children].map((c) => c.localName))).toEqual(['p', 'table', 'p']);
    await expect(result.getByRole('paragraph')).toHaveText([
      german('Our plants need care.'),
      german('Good luck with them.'),
    ]);
    expect(await cellsOf(table)).toEqual([
      ['Plant', 'Water', 'Light'].map(german),
      ['Fern', 'often', 'shade'].map(german),
      ['Cactus', 'rarely, in full sun'].map(german),
      ['Ivy', 'weekly', 'any bright room'].map(german),
    ]);
    // Header cells stay header cells, in the table's head; spans and inline formatting come through.
    await expect(table.locator('thead th')).toHaveText(['Plant', 'Water', 'Light'].map(german));
    await expect(table.getByRole('columnheader')).toHaveCount(3);
    await expect(table.locator('td').filter({ hasText: german('rarely') })).toHaveAttribute('colspan', '2');
    await expect(table.locator('td b')).toHaveText('bright');
    expect(await result.locator('[class], [style], [id]').count()).toBe(0);
    // A table of header and data cells inside the dialog is no accessibility problem.
    expect(await seriousViolations(page, { include: 'verso-selection' })).toEqual([]);

    // One text per cell, and nothing of the table's own markup goes to the service.
    const [request, ...more] = await svc.requests('/v2/translate');
    expect(more).toHaveLength(0);
    expect(request!.body?.tag_handling).toBe('html');
    expect(request!.body?.text).toEqual([
      'Our plants need care.',
      'Plant',
      'Water',
      'Light',
      'Fern',
      'often',
      'shade',
      'Cactus',
      'rarely, in full sun',
      'Ivy',
      'weekly',
      'any <b>bright</b> room',
      'Good luck with them.',
    ]);

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Copied.');
    const copied = await readClipboard(page);
    expect(copied.text).toBe(
      [
        german('Our plants need care.'),
        '',
        ['Plant', 'Water', 'Light'].map(german).join('\t'),
        ['Fern', 'often', 'shade'].map(german).join('\t'),
        ['Cactus', 'rarely, in full sun'].map(german).join('\t'),
        ['Ivy', 'weekly', 'any bright room'].map(german).join('\t'),
        '',
        german('Good luck with them.'),
      ].join('\n'),
    );
    // The browser may wrap what it stores (a meta tag, its own fragment markers): the table is there.
    const html = copied.html.replace(/\s+/g, ' ');
    expect(html).toContain(
      `<p>${german('Our plants need care.')}</p><table><thead><tr><th>${german('Plant')}</th><th>${german('Water')}</th><th>Light</th></tr></thead><tbody>`,
    );
    expect(html).toContain(
      `<tr><td>${german('Cactus')}</td><td colspan="2">${german('rarely, in full sun')}</td></tr>`,
    );
    expect(html).toContain(`<td>${german('any ')}<b>bright</b>${toGerman(' room')}</td></tr></tbody></table><p>`);
  });

  test('some cells of some rows keep just those rows and cells, under their columns', async ({
    page,
    background,
    svc,
  }) => {
    // From inside "often" (second column of Fern's row) to inside "weekly" (second column of Ivy's).
    await page.evaluate(() => {
      const textIn = (cell: string) =>
        [...document.querySelectorAll('td')].find((td) => td.textContent === cell)!.firstChild as Text;
      const range = document.createRange();
      range.setStart(textIn('often'), 2);
      range.setEnd(textIn('weekly'), 3);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    });
    await svc.clearRequests();
    await clickTranslateSelection(background, URL);

    const dialog = page.getByRole('dialog', { name: 'Translation' });
    const table = dialog.locator('.result').getByRole('table');
    await expect(table).toBeVisible();
    // The first row starts in the second column: an empty cell keeps "ten" under "often"'s column.
    expect(await cellsOf(table)).toEqual([
      ['', 'Ten', german('shade')],
      [german('Cactus'), german('rarely, in full sun')],
      ['Ivy', 'Wee'],
    ]);
    await expect(table.getByRole('columnheader')).toHaveCount(0);
    const [request] = await svc.requests('/v2/translate');
    expect(request!.body?.text).toEqual(['ten', 'shade', 'Cactus', 'rarely, in full sun', 'Ivy', 'wee']);

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Copied.');
    const copied = await readClipboard(page);
    expect(copied.text).toBe(
      [`\tTen\t${german('shade')}`, `${german('Cactus')}\t${german('rarely, in full sun')}`, 'Ivy\tWee'].join('\n'),
    );
    expect(copied.html.replace(/\s+/g, ' ')).toContain(
      `<table><tbody><tr><td></td><td>Ten</td><td>${german('shade')}</td></tr>`,
    );
  });
});

/** table.ts with the real DOMPurify, bundled as it is and run in Chromium (it does not sanitise under happy-dom). */
const bundle = buildSync({
  stdin: {
    contents: `
      export { tableToHtml, tableToText } from './lib/features/selection/table.ts';
      export { blocksToHtml, blocksToText, groupBlocks } from './lib/features/selection/blocks.ts';
    `,
    resolveDir: path.resolve(import.meta.dirname, '../..'),
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  globalName: 'tableDom',
  write: false,
}).outputFiles[0]!.text;

type Slot = { html: string; header: boolean; rowspan: number; colspan: number } | { covered: true };
interface TableDom {
  tableToHtml(rows: { head: boolean; slots: Slot[] }[]): string;
  tableToText(rows: { head: boolean; slots: Slot[] }[]): string;
  groupBlocks(paragraphs: string[], shapes: unknown[]): unknown[];
  blocksToText(groups: unknown[]): string;
  blocksToHtml(groups: unknown[]): string;
}
declare const tableDom: TableDom;

test.describe('the table on the clipboard, in a real browser', () => {
  test.beforeEach(async ({ page }) => {
    await page.setContent('<!doctype html><html><head></head><body></body></html>');
    await page.addScriptTag({ content: bundle });
  });

  test('the HTML keeps only the table elements, their spans, inline tags and http(s) links', async ({ page }) => {
    const html = await page.evaluate(() =>
      tableDom.tableToHtml([
        {
          head: true,
          slots: [
            { html: 'A<img src=x onerror="alert(1)"><script>alert(2)</script>', header: true, rowspan: 1, colspan: 2 },
            { covered: true },
          ],
        },
        {
          head: false,
          slots: [
            {
              html: '<div style="x" onclick="y()">b</div><a href="javascript:alert(3)">c</a>',
              header: false,
              rowspan: 1,
              colspan: 1,
            },
            {
              html: '<a href="https://example.org/x" title="t">d</a>e',
              header: false,
              rowspan: 1,
              colspan: 1,
            },
          ],
        },
      ]),
    );
    expect(html).toBe(
      '<table><thead><tr><th colspan="2">A</th></tr></thead><tbody><tr><td>b<a>c</a></td><td><a href="https://example.org/x">d</a>e</td></tr></tbody></table>',
    );
  });

  test('the text has a row per line and a cell per tab, a cell of several lines on one', async ({ page }) => {
    const out = await page.evaluate(() => {
      const cell = (row: number, col: number, more = {}) => ({
        kind: 'cell',
        table: 1,
        row,
        col,
        rowspan: 1,
        colspan: 1,
        header: false,
        head: false,
        ...more,
      });
      const groups = tableDom.groupBlocks(
        ['Intrö', 'Nämë', 'Äge', 'Änn &amp; Bö', 'öne<br>twö', 'Ënd'],
        [
          { kind: 'paragraph' },
          cell(0, 0, { header: true, head: true }),
          cell(0, 1, { header: true, head: true }),
          cell(1, 0),
          cell(1, 1),
          { kind: 'paragraph' },
        ],
      );
      return { text: tableDom.blocksToText(groups), html: tableDom.blocksToHtml(groups) };
    });
    expect(out.text).toBe('Intrö\n\nNämë\tÄge\nÄnn & Bö\töne twö\n\nËnd');
    expect(out.html).toBe(
      '<p>Intrö</p><table><thead><tr><th>Nämë</th><th>Äge</th></tr></thead><tbody><tr><td>Änn &amp; Bö</td><td>öne<br>twö</td></tr></tbody></table><p>Ënd</p>',
    );
  });
});
