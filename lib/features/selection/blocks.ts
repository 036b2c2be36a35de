import { escapeText } from '../../dom/escape.ts';
import { htmlToText } from './sanitize.ts';
import type { BlockShape } from './serialize.ts';
import { layOutTable, type PlacedCell, type TableRow, tableToHtml, tableToText } from './table.ts';

/** One item of a list in the translation: sanitised HTML, and how deep it was nested. */
export interface ListItem {
  html: string;
  depth: number;
}

/**
 * The translation as the page had it: headings, runs of text, lists and tables. Consecutive items of
 * one list (serialize.ts numbers lists) make one group, consecutive cells of one table too (laid out
 * in rows by table.ts); everything else is a group of its own.
 */
export type BlockGroup =
  | { kind: 'paragraph'; html: string }
  | { kind: 'heading'; level: number; html: string }
  | { kind: 'list'; ordered: boolean; start: number; items: ListItem[] }
  | { kind: 'table'; rows: TableRow[] };

/** Groups translated paragraphs (sanitised HTML, in order) by the shapes their sources had on the page. */
export function groupBlocks(paragraphs: readonly string[], shapes: readonly BlockShape[] = []): BlockGroup[] {
  const groups: BlockGroup[] = [];
  let list: { id: number; group: Extract<BlockGroup, { kind: 'list' }> } | undefined;
  let table: { id: number; cells: PlacedCell[] } | undefined;
  const tables: { index: number; cells: PlacedCell[] }[] = [];
  paragraphs.forEach((html, i) => {
    const shape = shapes[i] ?? { kind: 'paragraph' };
    if (shape.kind === 'cell') {
      list = undefined;
      if (table?.id !== shape.table) {
        table = { id: shape.table, cells: [] };
        tables.push({ index: groups.length, cells: table.cells });
        groups.push({ kind: 'table', rows: [] });
      }
      const { kind: _kind, table: _table, ...place } = shape;
      table.cells.push({ ...place, html });
      return;
    }
    table = undefined;
    if (shape.kind !== 'item') {
      list = undefined;
      groups.push(
        shape.kind === 'heading'
          ? { kind: 'heading', level: Math.min(6, Math.max(1, shape.level)), html }
          : { kind: 'paragraph', html },
      );
      return;
    }
    // Items of a nested list stay in the list around them, indented; a different list starts anew.
    const nested = list !== undefined && shape.depth > 0;
    if (!list || (list.id !== shape.list && !nested)) {
      const group = { kind: 'list' as const, ordered: shape.ordered, start: shape.n ?? 1, items: [] as ListItem[] };
      groups.push(group);
      list = { id: shape.list, group };
    }
    list.group.items.push({ html, depth: shape.depth });
  });
  for (const { index, cells } of tables) groups[index] = { kind: 'table', rows: layOutTable(cells) };
  return groups;
}

/** The marker of the i-th item of a list in plain text: "- ", or its number. */
const marker = (group: Extract<BlockGroup, { kind: 'list' }>, item: ListItem, index: number) => {
  const own = group.ordered && item.depth === 0;
  const n = group.items.slice(0, index).filter((it) => it.depth === 0).length + group.start;
  return `${'  '.repeat(item.depth)}${own ? `${n}.` : '-'} `;
};

/**
 * Plain text of the groups: blank lines between blocks, one line per list item with its marker, one
 * per table row with its cells a tab apart (table.ts).
 */
export function blocksToText(groups: readonly BlockGroup[]): string {
  return groups
    .map((group) => {
      if (group.kind === 'table') return tableToText(group.rows);
      if (group.kind === 'list')
        return group.items.map((item, i) => marker(group, item, i) + htmlToText(item.html)).join('\n');
      return htmlToText(group.html);
    })
    .join('\n\n');
}

/**
 * HTML of the groups, for the clipboard: the paragraphs' own sanitised HTML inside block tags Verso
 * writes itself (`h1`-`h6`, `p`, `ul`/`ol`, `li`, a table's elements), never anything the service sent.
 */
export function blocksToHtml(groups: readonly BlockGroup[]): string {
  return groups
    .map((group) => {
      if (group.kind === 'table') return tableToHtml(group.rows);
      if (group.kind === 'heading') return `<h${group.level}>${group.html}</h${group.level}>`;
      if (group.kind === 'paragraph') return `<p>${group.html}</p>`;
      const tag = group.ordered ? 'ol' : 'ul';
      const start = group.ordered && group.start !== 1 ? ` start="${escapeText(String(group.start))}"` : '';
      const items = group.items
        .map((item) => `<li${item.depth > 0 ? ` style="margin-left:${item.depth * 1.5}em"` : ''}>${item.html}</li>`)
        .join('');
      return `<${tag}${start}>${items}</${tag}>`;
    })
    .join('');
}
