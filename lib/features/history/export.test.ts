import { describe, expect, it } from 'vitest';
import { historyCsv, historyJson } from './export.ts';
import type { HistoryEntry } from './store.ts';

const entry: HistoryEntry = {
  id: 1,
  text: 'Say "hi", then\nleave',
  translation: '=SUM(A1)',
  sourceLang: 'en',
  targetLang: 'de',
  origin: 'selection',
  site: 'example.org',
  at: Date.UTC(2026, 0, 2, 3, 4, 5),
};

describe('history export', () => {
  it('writes CSV with quoted fields and formulas defused', () => {
    expect(historyCsv([entry])).toBe(
      'at,origin,site,sourceLang,targetLang,text,translation,context\r\n' +
        `2026-01-02T03:04:05.000Z,selection,example.org,en,de,"Say ""hi"", then\nleave",'=SUM(A1),\r\n`,
    );
  });

  it('writes JSON without the row id, with an ISO time', () => {
    const [row] = JSON.parse(historyJson([entry])) as Array<Record<string, unknown>>;
    expect(row).toEqual({
      at: '2026-01-02T03:04:05.000Z',
      text: entry.text,
      translation: entry.translation,
      sourceLang: 'en',
      targetLang: 'de',
      origin: 'selection',
      site: 'example.org',
    });
  });
});
