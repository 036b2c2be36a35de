import { computed, signal } from '@preact/signals';
import type { CustomTagPage, UsageReport } from '../../api/index.ts';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { dailySeries, defaultRange, rangeProblem, reportRows, rowsToCsv } from './analytics.ts';
import type { Grouping } from './messages.ts';

const initial = defaultRange();
export const startDate = signal(initial.start);
export const endDate = signal(initial.end);
export const grouping = signal<Grouping>('key_and_day');
/** The grouping of the report shown (the select may have changed since). */
export const shownGrouping = signal<Grouping>('key_and_day');
export const report = signal<UsageReport | undefined>(undefined);
/** Per key and day, for the chart over time. */
export const dailyReport = signal<UsageReport | undefined>(undefined);
export const loadingReport = signal(false);
export const reportError = signal<ErrorInfo | undefined>(undefined);
export const rangeError = signal<string | undefined>(undefined);

export const rows = computed(() => (report.value ? reportRows(report.value, shownGrouping.value) : []));
export const series = computed(() => (dailyReport.value ? dailySeries(dailyReport.value) : undefined));

/** Checks the range like the service would (366 days at most), then asks for the report. */
export async function runReport(): Promise<void> {
  const problem = rangeProblem(startDate.value, endDate.value);
  rangeError.value = problem;
  if (problem) return;
  const range = { startDate: startDate.value, endDate: endDate.value };
  const wanted = grouping.value;
  loadingReport.value = true;
  reportError.value = undefined;
  // The chart is over time, so it needs days; one request serves both when the table wants days too.
  const [table, daily] = await Promise.all([
    send('admin.analytics', { ...range, groupBy: wanted }),
    wanted === 'key_and_day' ? undefined : send('admin.analytics', { ...range, groupBy: 'key_and_day' }),
  ]);
  loadingReport.value = false;
  if (!table.ok) {
    reportError.value = table.error;
    return;
  }
  if (daily && !daily.ok) {
    reportError.value = daily.error;
    return;
  }
  shownGrouping.value = wanted;
  report.value = table.value;
  dailyReport.value = daily ? daily.value : table.value;
  await loadTags(undefined);
}

export function usageCsv(): { fileName: string; text: string } | undefined {
  if (!report.value) return undefined;
  const r = report.value;
  return {
    fileName: `verso-usage-${r.start_date.slice(0, 10)}-to-${r.end_date.slice(0, 10)}.csv`,
    text: rowsToCsv(rows.value, shownGrouping.value),
  };
}

// --- Usage by custom tag: pages through `next_page` ---

export const tagAggregate = signal<'period' | 'day'>('period');
export const tagPage = signal<CustomTagPage | undefined>(undefined);
/** Page numbers read so far, the current one last; Previous goes back one. */
export const tagTrail = signal<Array<number | undefined>>([]);
export const loadingTags = signal(false);
export const tagsError = signal<ErrorInfo | undefined>(undefined);

export const hasNextTags = computed(() => typeof tagPage.value?.next_page === 'number');
export const hasPreviousTags = computed(() => tagTrail.value.length > 1);

async function fetchTags(page: number | undefined): Promise<boolean> {
  loadingTags.value = true;
  const result = await send('admin.customTags', {
    startDate: startDate.value,
    endDate: endDate.value,
    aggregateBy: tagAggregate.value,
    ...(page !== undefined ? { page } : {}),
  });
  loadingTags.value = false;
  if (!result.ok) {
    tagsError.value = result.error;
    return false;
  }
  tagsError.value = undefined;
  tagPage.value = result.value;
  return true;
}

/** Starts over at the first page. */
export async function loadTags(page: number | undefined): Promise<void> {
  if (rangeProblem(startDate.value, endDate.value)) return;
  if (await fetchTags(page)) tagTrail.value = [page];
}

export async function nextTags(): Promise<void> {
  const next = tagPage.value?.next_page;
  if (typeof next !== 'number') return;
  if (await fetchTags(next)) tagTrail.value = [...tagTrail.value, next];
}

export async function previousTags(): Promise<void> {
  const trail = tagTrail.value;
  if (trail.length < 2) return;
  const back = trail[trail.length - 2];
  if (await fetchTags(back)) tagTrail.value = trail.slice(0, -1);
}
