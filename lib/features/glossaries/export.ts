import { spreadsheetSafe } from '../../export/cells.ts';
import { type EntriesFormat, parseEntries, serializeEntries } from './entries.ts';

/**
 * A dictionary as the file a person downloads (its entries as the service lists them, TSV), in TSV or
 * CSV. A phrase a spreadsheet would run as a formula (`=cmd|' /C calc'!A0`, `+`, `-`, `@`) is written
 * with a leading `'`, as the options page says beside the export buttons.
 */
export function dictionaryFile(entriesTsv: string, format: EntriesFormat): { text: string; type: string } {
  const entries = parseEntries(entriesTsv, { format: 'tsv' }).entries.map(({ source, target }) => ({
    source: spreadsheetSafe(source),
    target: spreadsheetSafe(target),
  }));
  return {
    text: `${serializeEntries(entries, format)}\n`,
    type: format === 'csv' ? 'text/csv' : 'text/tab-separated-values',
  };
}
