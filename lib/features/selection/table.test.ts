// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { type BlockGroup, groupBlocks } from './blocks.ts';
import { serializeRange } from './serialize.ts';
import { layOutTable, type PlacedCell, tableGrid, tableToHtml, tableToText } from './table.ts';

// Tables in a selection: what each cell is sent as, where it stands, and the rows and columns the
// translation gets back. Reading cells' HTML as text and sanitising the clipboard's table use DOMPurify,
// which does not work under happy-dom: here they are replaced by plain functions, and the real ones
// are checked in Chromium (tests/e2e/selection-tables.spec.ts).

/** Text of the simple HTML these tests translate: line breaks for `<br>`, no other tags. */
const textOf = (html: string) => html.replace(/<br>/g, '\n').replace(/<[^>]+>/g, '');
const asText = (groups: BlockGroup[]) =>
  groups.map((g) => (g.kind === 'table' ? tableToText(g.rows, textOf) : g.kind === 'list' ? '' : textOf(g.html)));

function page(html: string): void {
  document.body.innerHTML = html;
}

function rangeOver(el: Element): Range {
  const range = document.createRange();
  range.selectNodeContents(el);
  return range;
}

/** A range from `fromOffset` chars into the text `from` to `toOffset` chars into the text `to`. */
function rangeBetween(from: string, fromOffset: number, to: string, toOffset: number): Range {
  const texts: Text[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  const a = texts.find((t) => t.data === from);
  const b = texts.find((t) => t.data === to);
  if (!a || !b) throw new Error('text not found');
  const range = document.createRange();
  range.setStart(a, fromOffset);
  range.setEnd(b, toOffset);
  return range;
}

const cellOf = (row: number, col: number, more: Partial<PlacedCell> = {}) => ({
  kind: 'cell' as const,
  table: 1,
  row,
  col,
  rowspan: 1,
  colspan: 1,
  header: false,
  head: false,
  ...more,
});

/** Serialises, "translates" by upper-casing every text, and groups as the bubble does. */
function translated(range: Range) {
  const s = serializeRange(range);
  const upper = (p: string) => p.replace(/(^|>)([^<]*)/g, (_, tag: string, text: string) => tag + text.toUpperCase());
  return groupBlocks(s.paragraphs.map(upper), s.shapes);
}

const PLANTS =
  '<table id="t"><thead><tr><th>Plant</th><th>Water</th><th>Light</th></tr></thead>' +
  '<tbody><tr><td>Fern</td><td>often</td><td>shade</td></tr>' +
  '<tr><td>Cactus</td><td>rarely</td><td>sun</td></tr>' +
  '<tr><td>Ivy</td><td>weekly</td><td>any</td></tr></tbody></table>';

describe('serializeRange of a table', () => {
  it('sends each cell as one text and keeps where it stands, header cells and the thead', () => {
    page(PLANTS);
    const s = serializeRange(rangeOver(document.getElementById('t')!));
    expect(s.paragraphs).toEqual([
      'Plant',
      'Water',
      'Light',
      'Fern',
      'often',
      'shade',
      'Cactus',
      'rarely',
      'sun',
      'Ivy',
      'weekly',
      'any',
    ]);
    expect(s.shapes?.slice(0, 4)).toEqual([
      cellOf(0, 0, { header: true, head: true }),
      cellOf(0, 1, { header: true, head: true }),
      cellOf(0, 2, { header: true, head: true }),
      cellOf(1, 0),
    ]);
  });

  it('places cells after the spans of the cells before them, as the browser does', () => {
    page(
      '<table id="t"><tr><td rowspan="2">A</td><td colspan="2">B</td></tr><tr><td>C</td><td>D</td></tr>' +
        '<tr><td>E</td><td colspan="99999">F</td></tr></table>',
    );
    const grid = tableGrid(document.getElementById('t')!);
    const places = [...grid.entries()].map(([el, p]) => [el.textContent, p.row, p.col, p.rowspan, p.colspan]);
    expect(places).toEqual([
      ['A', 0, 0, 2, 1],
      ['B', 0, 1, 1, 2],
      ['C', 1, 1, 1, 1],
      ['D', 1, 2, 1, 1],
      ['E', 2, 0, 1, 1],
      ['F', 2, 1, 1, 1000],
    ]);
  });

  it('keeps what is inside one cell in that cell, nested tables and lists included', () => {
    page(
      '<table id="t"><tr><td><p>First line</p><ul><li>item</li></ul><table><tr><td>inner</td></tr></table></td><td>Next</td></tr></table>',
    );
    const s = serializeRange(rangeOver(document.getElementById('t')!));
    expect(s.paragraphs).toEqual(['First line', 'item', 'inner', 'Next']);
    expect(s.shapes).toEqual([cellOf(0, 0), cellOf(0, 0), cellOf(0, 0), cellOf(0, 1)]);
  });

  it('takes a selection inside one cell as text, not as a table of one cell', () => {
    page(PLANTS);
    expect(serializeRange(rangeBetween('Cactus', 1, 'Cactus', 4)).shapes).toEqual([{ kind: 'paragraph' }]);
  });
});

describe('the rows and columns of a translated table', () => {
  it('gives back every row and column, header cells as header cells, tab-separated for spreadsheets', () => {
    page(PLANTS);
    const groups = translated(rangeOver(document.getElementById('t')!));
    expect(groups).toHaveLength(1);
    const [table] = groups;
    expect(table?.kind).toBe('table');
    if (table?.kind !== 'table') return;
    expect(table.rows.map((r) => r.head)).toEqual([true, false, false, false]);
    expect(table.rows[0]?.slots).toEqual([
      { html: 'PLANT', header: true, rowspan: 1, colspan: 1 },
      { html: 'WATER', header: true, rowspan: 1, colspan: 1 },
      { html: 'LIGHT', header: true, rowspan: 1, colspan: 1 },
    ]);
    expect(asText(groups)).toEqual([
      ['PLANT\tWATER\tLIGHT', 'FERN\tOFTEN\tSHADE', 'CACTUS\tRARELY\tSUN', 'IVY\tWEEKLY\tANY'].join('\n'),
    ]);
    expect(tableToHtml(table.rows, (html) => html)).toBe(
      '<table><thead><tr><th>PLANT</th><th>WATER</th><th>LIGHT</th></tr></thead><tbody>' +
        '<tr><td>FERN</td><td>OFTEN</td><td>SHADE</td></tr><tr><td>CACTUS</td><td>RARELY</td><td>SUN</td></tr>' +
        '<tr><td>IVY</td><td>WEEKLY</td><td>ANY</td></tr></tbody></table>',
    );
  });

  it('keeps only the rows and cells a selection inside a table covers, under their own columns', () => {
    page(PLANTS);
    // From the middle of "often" to the middle of "rarely": the rest of Fern's row, the start of Cactus's.
    const groups = translated(rangeBetween('often', 2, 'rarely', 3));
    expect(asText(groups)).toEqual(['\tTEN\tSHADE\nCACTUS\tRAR']);
    const [table] = groups;
    if (table?.kind !== 'table') throw new Error('no table');
    expect(table.rows.map((r) => r.slots.length)).toEqual([3, 2]);
    expect(table.rows[0]?.slots[0]).toEqual({ html: '', header: false, rowspan: 1, colspan: 1 });
  });

  it('keeps paragraphs and tables of one selection in their order', () => {
    page(`<div id="d"><p>Before the table.</p>${PLANTS}<h3>After</h3><p>The end.</p></div>`);
    const groups = translated(rangeOver(document.getElementById('d')!));
    expect(groups.map((g) => g.kind)).toEqual(['paragraph', 'table', 'heading', 'paragraph']);
    expect(asText(groups)).toEqual([
      'BEFORE THE TABLE.',
      'PLANT\tWATER\tLIGHT\nFERN\tOFTEN\tSHADE\nCACTUS\tRARELY\tSUN\nIVY\tWEEKLY\tANY',
      'AFTER',
      'THE END.',
    ]);
  });

  it('keeps empty cells and spans in place, and a cell of several lines on one line of text', () => {
    page(
      '<table id="t"><tr><td rowspan="2">A</td><td colspan="2">B</td><td>C</td></tr>' +
        '<tr><td></td><td>D<br>d</td><td><p>E</p><p>e</p></td></tr></table>',
    );
    const groups = translated(rangeOver(document.getElementById('t')!));
    const [table] = groups;
    if (table?.kind !== 'table') throw new Error('no table');
    expect(table.rows[1]?.slots).toEqual([
      { covered: true },
      { html: '', header: false, rowspan: 1, colspan: 1 },
      { html: 'D<br>D', header: false, rowspan: 1, colspan: 1 },
      { html: 'E<br>E', header: false, rowspan: 1, colspan: 1 },
    ]);
    expect(asText(groups)).toEqual(['A\tB\t\tC\n\t\tD D\tE E']);
    expect(tableToHtml(table.rows, (html) => html)).toBe(
      '<table><tbody><tr><td rowspan="2">A</td><td colspan="2">B</td><td>C</td></tr>' +
        '<tr><td></td><td>D<br>D</td><td>E<br>E</td></tr></tbody></table>',
    );
  });

  it('lets a span reach only over the rows that are kept', () => {
    const rows = layOutTable([
      { ...cellOf(0, 0, { rowspan: 5 }), html: 'a' },
      { ...cellOf(0, 1), html: 'b' },
      { ...cellOf(3, 1), html: 'c' },
    ]);
    expect(rows.map((r) => r.slots)).toEqual([
      [
        { html: 'a', header: false, rowspan: 2, colspan: 1 },
        { html: 'b', header: false, rowspan: 1, colspan: 1 },
      ],
      [{ covered: true }, { html: 'c', header: false, rowspan: 1, colspan: 1 }],
    ]);
  });
});
