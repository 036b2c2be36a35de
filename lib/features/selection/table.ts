import { childNodesOf, getAttribute, nodeTypeOf, parentElementOf } from '../../dom/unclobbered.ts';
import { htmlToText, sanitizeTable } from './sanitize.ts';
import { tagOf } from './tags.ts';

/**
 * Where a cell stands in its table: its row and column in the table's grid (after the spans of the
 * cells before it), its own spans, whether it is a header cell and whether its row is in the `thead`.
 */
export interface CellPlace {
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  header: boolean;
  head: boolean;
}

const ELEMENT = 1;
/** The HTML limits on spans (a larger value counts as this much). */
const MAX_COLSPAN = 1000;
const MAX_ROWSPAN = 65534;

function span(cell: Element, name: string, max: number): number {
  const n = Number.parseInt(getAttribute(cell, name) ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : 1;
}

const elementsOf = (node: Node, tags: readonly string[]): Element[] =>
  [...childNodesOf(node)].filter(
    (n): n is Element => nodeTypeOf(n) === ELEMENT && tags.includes(tagOf(n as Element)),
  ) as Element[];

/** The table a `td` or `th` is a cell of (its row in the table or in one of its sections), if any. */
export function tableOf(cell: Element): Element | undefined {
  const row = parentElementOf(cell);
  if (!row || tagOf(row) !== 'tr') return undefined;
  let table = parentElementOf(row);
  if (table && ['thead', 'tbody', 'tfoot'].includes(tagOf(table))) table = parentElementOf(table);
  return table && tagOf(table) === 'table' ? table : undefined;
}

/**
 * The grid place of every cell of a table, as the browser lays it out: a cell takes the first column
 * its row has free, after cells of rows above that span down into it. Nested tables are their own.
 */
export function tableGrid(table: Element): Map<Element, CellPlace> {
  const places = new Map<Element, CellPlace>();
  /** For each column, the first row no cell above reaches into. */
  const busyUntil: number[] = [];
  let row = 0;
  const placeRow = (tr: Element, head: boolean) => {
    let col = 0;
    for (const cell of elementsOf(tr, ['td', 'th'])) {
      while ((busyUntil[col] ?? 0) > row) col++;
      const place = {
        row,
        col,
        rowspan: span(cell, 'rowspan', MAX_ROWSPAN),
        colspan: span(cell, 'colspan', MAX_COLSPAN),
        header: tagOf(cell) === 'th',
        head,
      };
      places.set(cell, place);
      for (let c = col; c < col + place.colspan; c++) busyUntil[c] = row + place.rowspan;
      col += place.colspan;
    }
    row++;
  };
  for (const child of elementsOf(table, ['tr', 'thead', 'tbody', 'tfoot'])) {
    const tag = tagOf(child);
    if (tag === 'tr') placeRow(child, false);
    else for (const tr of elementsOf(child, ['tr'])) placeRow(tr, tag === 'thead');
  }
  return places;
}

/** One slot of a translated table: a cell (sanitised HTML), or a place another cell's span covers. */
export type TableSlot = { html: string; header: boolean; rowspan: number; colspan: number } | { covered: true };

export interface TableRow {
  head: boolean;
  slots: TableSlot[];
}

/** A translated cell where its source stood; a cell of several paragraphs gives each one of them. */
export interface PlacedCell extends CellPlace {
  html: string;
}

/**
 * The rows of a table from the translated cells of a selection, in grid order. Only the selected rows
 * and columns are kept: columns start at the leftmost selected one, a column no selected cell of a row
 * fills gets an empty cell (so every cell stays under its header), and spans reach only over rows
 * that are kept.
 */
export function layOutTable(cells: readonly PlacedCell[]): TableRow[] {
  const byRow = new Map<number, PlacedCell[]>();
  let first = Number.POSITIVE_INFINITY;
  for (const cell of cells) {
    first = Math.min(first, cell.col);
    const row = byRow.get(cell.row);
    const same = row?.find((c) => c.col === cell.col);
    if (same) same.html += `<br>${cell.html}`;
    else if (row) row.push({ ...cell });
    else byRow.set(cell.row, [{ ...cell }]);
  }
  const rowNumbers = [...byRow.keys()].sort((a, b) => a - b);
  /** For each kept column, the first kept row (by index) no span above reaches into. */
  const busyUntil: number[] = [];
  return rowNumbers.map((number, index) => {
    const row = (byRow.get(number) ?? []).sort((a, b) => a.col - b.col);
    const slots: TableSlot[] = [];
    let col = first;
    const fill = (until: number) => {
      for (; col < until; col++) {
        slots.push(
          (busyUntil[col - first] ?? 0) > index
            ? { covered: true }
            : { html: '', header: false, rowspan: 1, colspan: 1 },
        );
      }
    };
    for (const cell of row) {
      fill(cell.col);
      const rowspan = cell.rowspan > 1 ? firstAtOrAfter(rowNumbers, number + cell.rowspan) - index : 1;
      slots.push({ html: cell.html, header: cell.header, rowspan, colspan: cell.colspan });
      for (let c = 0; c < cell.colspan; c++) {
        busyUntil[col - first + c] = index + rowspan;
        if (c > 0) slots.push({ covered: true });
      }
      col += cell.colspan;
    }
    return { head: row.every((c) => c.head), slots };
  });
}

/** The index of the first of the sorted numbers that is at least `n` (their length when none is). */
function firstAtOrAfter(sorted: readonly number[], n: number): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? n) < n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const isCovered = (slot: TableSlot): slot is { covered: true } => 'covered' in slot;

/**
 * A table as spreadsheets paste it: cells separated by tabs, rows by line breaks; a span leaves empty
 * cells so the ones after it keep their column. Tabs and line breaks inside a cell become spaces.
 */
export function tableToText(rows: readonly TableRow[], toText: (html: string) => string = htmlToText): string {
  return rows
    .map((row) =>
      row.slots
        .map((slot) => (isCovered(slot) ? '' : toText(slot.html).replace(/\s+/g, ' ').trim()))
        .join('\t')
        .replace(/\t+$/, ''),
    )
    .join('\n');
}

/** Verso's own table markup around the sanitised cells, sanitised once more as a whole (sanitize.ts). */
export function tableToHtml(rows: readonly TableRow[], sanitize: (html: string) => string = sanitizeTable): string {
  const rowHtml = (row: TableRow) =>
    `<tr>${row.slots
      .filter((slot) => !isCovered(slot))
      .map((slot) => {
        const cell = slot as Exclude<TableSlot, { covered: true }>;
        const tag = cell.header ? 'th' : 'td';
        const spans =
          (cell.colspan > 1 ? ` colspan="${cell.colspan}"` : '') +
          (cell.rowspan > 1 ? ` rowspan="${cell.rowspan}"` : '');
        return `<${tag}${spans}>${cell.html}</${tag}>`;
      })
      .join('')}</tr>`;
  const headRows = rows.findIndex((row) => !row.head);
  const split = headRows < 0 ? rows.length : headRows;
  const head = rows.slice(0, split).map(rowHtml).join('');
  const body = rows.slice(split).map(rowHtml).join('');
  return sanitize(`<table>${head ? `<thead>${head}</thead>` : ''}${body ? `<tbody>${body}</tbody>` : ''}</table>`);
}
