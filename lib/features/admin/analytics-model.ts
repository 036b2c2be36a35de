import { batch, computed, type Signal, signal } from '@preact/signals';
import type { CustomTagPage, UsageReport } from '../../api/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { Clock } from '../../ui/clock.ts';
import { dailySeries, defaultRange, rangeProblem, reportRows, rowsToCsv } from './analytics.ts';
import type { Grouping } from './messages.ts';

export interface AnalyticsDeps {
  send: Send;
  /** The default range ends today. */
  clock: Clock;
  /** Saves a file the person asked for (the CSV export). */
  save(blob: Blob, fileName: string): Promise<unknown>;
}

/** Usage analytics of the organisation (admin console): range, grouping, report, chart, custom tags. */
export class AnalyticsModel {
  readonly startDate: Signal<string>;
  readonly endDate: Signal<string>;
  readonly grouping = signal<Grouping>('key_and_day');
  /** The grouping of the report shown (the select may have changed since). */
  readonly shownGrouping = signal<Grouping>('key_and_day');
  readonly report = signal<UsageReport | undefined>(undefined);
  /** Per key and day, for the chart over time. */
  readonly dailyReport = signal<UsageReport | undefined>(undefined);
  readonly loadingReport = signal(false);
  readonly reportError = signal<ErrorInfo | undefined>(undefined);
  readonly rangeError = signal<string | undefined>(undefined);

  readonly rows = computed(() => (this.report.value ? reportRows(this.report.value, this.shownGrouping.value) : []));
  readonly series = computed(() => (this.dailyReport.value ? dailySeries(this.dailyReport.value) : undefined));

  // Usage by custom tag: pages through `next_page`.
  readonly tagAggregate = signal<'period' | 'day'>('period');
  readonly tagPage = signal<CustomTagPage | undefined>(undefined);
  /** Page numbers read so far, the current one last; Previous goes back one. */
  readonly tagTrail = signal<Array<number | undefined>>([]);
  readonly loadingTags = signal(false);
  readonly tagsError = signal<ErrorInfo | undefined>(undefined);

  readonly hasNextTags = computed(() => typeof this.tagPage.value?.next_page === 'number');
  readonly hasPreviousTags = computed(() => this.tagTrail.value.length > 1);

  private disposed = false;

  constructor(private readonly deps: AnalyticsDeps) {
    const initial = defaultRange(deps.clock.now());
    this.startDate = signal(initial.start);
    this.endDate = signal(initial.end);
  }

  setRange(range: { start?: string; end?: string }): void {
    batch(() => {
      if (range.start !== undefined) this.startDate.value = range.start;
      if (range.end !== undefined) this.endDate.value = range.end;
    });
  }

  setGrouping(grouping: Grouping): void {
    this.grouping.value = grouping;
  }

  /** Checks the range like the service would, then asks for the report (and its first page of tags). */
  async runReport(): Promise<void> {
    const problem = rangeProblem(this.startDate.value, this.endDate.value);
    this.rangeError.value = problem;
    if (problem) return;
    const range = { startDate: this.startDate.value, endDate: this.endDate.value };
    const wanted = this.grouping.value;
    this.loadingReport.value = true;
    this.reportError.value = undefined;
    // The chart is over time, so it needs days; one request serves both when the table wants days too.
    const [table, daily] = await Promise.all([
      this.deps.send('admin.analytics', { ...range, groupBy: wanted }),
      wanted === 'key_and_day' ? undefined : this.deps.send('admin.analytics', { ...range, groupBy: 'key_and_day' }),
    ]);
    if (this.disposed) return;
    this.loadingReport.value = false;
    if (!table.ok) {
      this.reportError.value = table.error;
      return;
    }
    if (daily && !daily.ok) {
      this.reportError.value = daily.error;
      return;
    }
    batch(() => {
      this.shownGrouping.value = wanted;
      this.report.value = table.value;
      this.dailyReport.value = daily ? daily.value : table.value;
    });
    await this.loadTags(undefined);
  }

  usageCsv(): { fileName: string; text: string } | undefined {
    const r = this.report.value;
    if (!r) return undefined;
    return {
      fileName: `verso-usage-${r.start_date.slice(0, 10)}-to-${r.end_date.slice(0, 10)}.csv`,
      text: rowsToCsv(this.rows.value, this.shownGrouping.value),
    };
  }

  /** Saves the report shown as CSV. */
  async exportCsv(): Promise<void> {
    const csv = this.usageCsv();
    if (csv) await this.deps.save(new Blob([csv.text], { type: 'text/csv' }), csv.fileName);
  }

  private async fetchTags(page: number | undefined): Promise<boolean> {
    this.loadingTags.value = true;
    const result = await this.deps.send('admin.customTags', {
      startDate: this.startDate.value,
      endDate: this.endDate.value,
      aggregateBy: this.tagAggregate.value,
      ...(page !== undefined ? { page } : {}),
    });
    if (this.disposed) return false;
    this.loadingTags.value = false;
    if (!result.ok) {
      this.tagsError.value = result.error;
      return false;
    }
    this.tagsError.value = undefined;
    this.tagPage.value = result.value;
    return true;
  }

  /** Starts over at the first page. */
  async loadTags(page: number | undefined): Promise<void> {
    if (rangeProblem(this.startDate.value, this.endDate.value)) return;
    if (await this.fetchTags(page)) this.tagTrail.value = [page];
  }

  /** Per tag over the whole range, or per tag and day: asked for again from the first page. */
  setTagAggregate(aggregate: 'period' | 'day'): Promise<void> {
    this.tagAggregate.value = aggregate;
    return this.loadTags(undefined);
  }

  async nextTags(): Promise<void> {
    const next = this.tagPage.value?.next_page;
    if (typeof next !== 'number') return;
    if (await this.fetchTags(next)) this.tagTrail.value = [...this.tagTrail.value, next];
  }

  async previousTags(): Promise<void> {
    const trail = this.tagTrail.value;
    if (trail.length < 2) return;
    const back = trail[trail.length - 2];
    if (await this.fetchTags(back)) this.tagTrail.value = trail.slice(0, -1);
  }

  dispose(): void {
    this.disposed = true;
  }
}
