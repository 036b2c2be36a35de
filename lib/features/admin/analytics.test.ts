import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { UsageReport } from '../../api/index.ts';
import { dailySeries, defaultRange, rangeProblem, reportRows, rowsToCsv } from './analytics.ts';

const usage = (text: number, document = 0, improvement = 0) => ({
  total_characters: text + document + improvement,
  text_translation_characters: text,
  document_translation_characters: document,
  text_improvement_characters: improvement,
  speech_to_text_minutes: 0,
});

const report = UsageReport.parse({
  total_usage: usage(30, 50_000, 5),
  group_by: 'key_and_day',
  start_date: '2025-03-01T00:00:00',
  end_date: '2025-03-04T00:00:00',
  key_and_day_usages: [
    { api_key: 'aaaa…0001', api_key_label: 'Web', usage_date: '2025-03-01T00:00:00Z', usage: usage(10) },
    {
      api_key: 'bbbb…0002',
      api_key_label: '=HYPERLINK("x")',
      usage_date: '2025-03-01T00:00:00Z',
      usage: usage(5, 0, 5),
    },
    { api_key: 'aaaa…0001', api_key_label: 'Web', usage_date: '2025-03-03T00:00:00Z', usage: usage(15, 50_000) },
  ],
});

describe('analytics', () => {
  it('checks the range before sending: dates, order, at most 366 days', () => {
    expect(rangeProblem('2025-01-01', '2025-12-31')).toBeUndefined();
    expect(rangeProblem('2024-01-01', '2025-01-01')).toBeUndefined();
    expect(rangeProblem('2024-01-01', '2025-01-02')).toMatch(/366 days/);
    expect(rangeProblem('2025-02-01', '2025-01-01')).toMatch(/not be after/);
    expect(rangeProblem('2025-02-30', '2025-03-01')).toMatch(/YYYY-MM-DD/);
    expect(rangeProblem('', '2025-03-01')).toMatch(/start_date/);
  });

  it('defaults to the last 30 days in UTC', () => {
    expect(defaultRange(Date.parse('2025-03-31T23:30:00Z'))).toEqual({ start: '2025-03-02', end: '2025-03-31' });
  });

  it('makes table rows for each grouping', () => {
    expect(reportRows(report, 'key_and_day')).toEqual([
      {
        date: '2025-03-01',
        apiKey: 'aaaa…0001',
        label: 'Web',
        total: 10,
        text: 10,
        document: 0,
        improvement: 0,
        speechMinutes: 0,
      },
      {
        date: '2025-03-01',
        apiKey: 'bbbb…0002',
        label: '=HYPERLINK("x")',
        total: 10,
        text: 5,
        document: 0,
        improvement: 5,
        speechMinutes: 0,
      },
      {
        date: '2025-03-03',
        apiKey: 'aaaa…0001',
        label: 'Web',
        total: 50_015,
        text: 15,
        document: 50_000,
        improvement: 0,
        speechMinutes: 0,
      },
    ]);
    expect(reportRows(report, 'none')).toEqual([
      { total: 50_035, text: 30, document: 50_000, improvement: 5, speechMinutes: 0 },
    ]);
    expect(reportRows({ ...report, key_usages: [{ api_key: 'k', usage: usage(1) }] }, 'key')).toEqual([
      { apiKey: 'k', label: '', total: 1, text: 1, document: 0, improvement: 0, speechMinutes: 0 },
    ]);
  });

  it('charts every day of the range, keys summed, zeros on quiet days', () => {
    expect(dailySeries(report)).toEqual({
      labels: ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04'],
      data: {
        text_translation: [15, 0, 15, 0],
        document_translation: [0, 0, 50_000, 0],
        text_improvement: [5, 0, 0, 0],
      },
    });
  });

  it("exports CSV with the service's field names, and labels cannot become formulas", () => {
    const csv = rowsToCsv(reportRows(report, 'key_and_day'), 'key_and_day');
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed[0]).toEqual([
      'date',
      'api_key',
      'api_key_label',
      'total_characters',
      'text_translation_characters',
      'document_translation_characters',
      'text_improvement_characters',
      'speech_to_text_minutes',
    ]);
    expect(parsed).toHaveLength(4);
    expect(parsed[2]?.[2]).toBe('\'=HYPERLINK("x")');
    expect(rowsToCsv(reportRows(report, 'none'), 'none').split('\r\n')[0]).toBe(
      'total_characters,text_translation_characters,document_translation_characters,text_improvement_characters,speech_to_text_minutes',
    );
  });
});
