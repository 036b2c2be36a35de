import Papa from 'papaparse';
import { checkAnalyticsRange, MAX_ANALYTICS_RANGE_DAYS, type UsageReport, type UsageTotals } from '../../api/index.ts';
import { spreadsheetSafe } from '../../export/cells.ts';
import type { Grouping } from './messages.ts';

const DAY_MS = 86_400_000;

/** The services a usage object reports, in the order the table and the chart show them. */
export const SERVICES = ['text_translation', 'document_translation', 'text_improvement'] as const;
export type Service = (typeof SERVICES)[number];

const charactersOf = (usage: UsageTotals, service: Service) => usage[`${service}_characters`] ?? 0;

export interface UsageRow {
  /** `YYYY-MM-DD`, for grouping by key and day. */
  date?: string;
  apiKey?: string;
  label?: string;
  total: number;
  text: number;
  document: number;
  improvement: number;
  speechMinutes: number;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today and 29 days before, in UTC (the analytics dates are UTC). */
export function defaultRange(now = Date.now()): { start: string; end: string } {
  return { start: isoDay(now - 29 * DAY_MS), end: isoDay(now) };
}

/** Why the range cannot be sent (the contract's checks: dates, order, `MAX_ANALYTICS_RANGE_DAYS`), or undefined. */
export function rangeProblem(start: string, end: string): string | undefined {
  try {
    checkAnalyticsRange({ start_date: start, end_date: end });
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function rowOf(usage: UsageTotals, extra: Partial<UsageRow> = {}): UsageRow {
  return {
    ...extra,
    total: usage.total_characters,
    text: charactersOf(usage, 'text_translation'),
    document: charactersOf(usage, 'document_translation'),
    improvement: charactersOf(usage, 'text_improvement'),
    speechMinutes: usage.speech_to_text_minutes ?? 0,
  };
}

/** The table's rows for the report's grouping. */
export function reportRows(report: UsageReport, grouping: Grouping): UsageRow[] {
  if (grouping === 'key_and_day') {
    return (report.key_and_day_usages ?? []).map((u) =>
      rowOf(u.usage, { date: u.usage_date.slice(0, 10), apiKey: u.api_key, label: u.api_key_label ?? '' }),
    );
  }
  if (grouping === 'key') {
    return (report.key_usages ?? []).map((u) => rowOf(u.usage, { apiKey: u.api_key, label: u.api_key_label ?? '' }));
  }
  return [rowOf(report.total_usage)];
}

export interface ChartSeries {
  labels: string[];
  /** One list per service, aligned with `labels`. */
  data: Record<Service, number[]>;
}

/**
 * Characters per service and day over the report's range (from a `key_and_day` report), all keys
 * summed. Days without usage are zeros, so the time axis is even.
 */
export function dailySeries(report: UsageReport): ChartSeries {
  const first = Date.parse(`${report.start_date.slice(0, 10)}T00:00:00Z`);
  const last = Date.parse(`${report.end_date.slice(0, 10)}T00:00:00Z`);
  const labels: string[] = [];
  for (let day = first; day <= last && labels.length <= MAX_ANALYTICS_RANGE_DAYS; day += DAY_MS)
    labels.push(isoDay(day));
  const index = new Map(labels.map((l, i) => [l, i]));
  const data = Object.fromEntries(SERVICES.map((s) => [s, labels.map(() => 0)])) as Record<Service, number[]>;
  for (const u of report.key_and_day_usages ?? []) {
    const i = index.get(u.usage_date.slice(0, 10));
    if (i === undefined) continue;
    for (const s of SERVICES) data[s][i] = (data[s][i] ?? 0) + charactersOf(u.usage, s);
  }
  return { labels, data };
}

const CSV_COLUMNS: Array<[keyof UsageRow, string]> = [
  ['date', 'date'],
  ['apiKey', 'api_key'],
  ['label', 'api_key_label'],
  ['total', 'total_characters'],
  ['text', 'text_translation_characters'],
  ['document', 'document_translation_characters'],
  ['improvement', 'text_improvement_characters'],
  ['speechMinutes', 'speech_to_text_minutes'],
];

/** The table as CSV, with the service's field names as headers; columns the grouping lacks are left out. */
export function rowsToCsv(rows: readonly UsageRow[], grouping: Grouping): string {
  const columns = CSV_COLUMNS.filter(([field]) => {
    if (field === 'date') return grouping === 'key_and_day';
    if (field === 'apiKey' || field === 'label') return grouping !== 'none';
    return true;
  });
  // Labels are chosen by people: a leading = + - @ must not become a spreadsheet formula.
  const cell = (value: string | number | undefined) =>
    typeof value === 'string' ? spreadsheetSafe(value) : (value ?? '');
  return Papa.unparse({
    fields: columns.map(([, header]) => header),
    data: rows.map((r) => columns.map(([field]) => cell(r[field]))),
  });
}
