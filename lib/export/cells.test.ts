import { describe, expect, it } from 'vitest';
import { spreadsheetSafe } from './cells.ts';

describe('spreadsheetSafe', () => {
  it('puts a quote before every formula start', () => {
    for (const cell of ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=a\nb'])
      expect(spreadsheetSafe(cell), JSON.stringify(cell)).toBe(`'${cell}`);
  });

  it('leaves other text as it is', () => {
    for (const cell of ['', 'Haus', "'=already", ' =1', 'a=b', 'e-mail', '日本', '＝1'])
      expect(spreadsheetSafe(cell), JSON.stringify(cell)).toBe(cell);
  });
});
