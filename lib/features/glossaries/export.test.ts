import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { dictionaryFile } from './export.ts';

const HOSTILE = "=cmd|' /C calc'!A0";
const entries = [
  [HOSTILE, 'Rechner'],
  ['+1', '@SUM(A1:A9)'],
  ['-ing', '-end'],
  ['house', 'Haus'],
  ['e-mail', "'=quoted"],
]
  .map((pair) => pair.join('\t'))
  .join('\n');

describe('dictionary export', () => {
  it('writes CSV whose cells no spreadsheet runs as formulas', () => {
    const file = dictionaryFile(entries, 'csv');
    expect(file.type).toBe('text/csv');
    expect(Papa.parse<string[]>(file.text.trim()).data).toEqual([
      [`'${HOSTILE}`, 'Rechner'],
      ["'+1", "'@SUM(A1:A9)"],
      ["'-ing", "'-end"],
      ['house', 'Haus'],
      ['e-mail', "'=quoted"],
    ]);
  });

  it('writes TSV the same way', () => {
    const file = dictionaryFile(entries, 'tsv');
    expect(file.type).toBe('text/tab-separated-values');
    expect(file.text.split('\n')).toEqual([
      `'${HOSTILE}\tRechner`,
      "'+1\t'@SUM(A1:A9)",
      "'-ing\t'-end",
      'house\tHaus',
      "e-mail\t'=quoted",
      '',
    ]);
  });
});
