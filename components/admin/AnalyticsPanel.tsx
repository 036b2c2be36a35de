import { MAX_ANALYTICS_RANGE_DAYS } from '../../lib/api/index.ts';
import type { AnalyticsModel } from '../../lib/features/admin/analytics-model.ts';
import { Grouping } from '../../lib/features/admin/messages.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatDate, formatNumber, t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';
import { CustomTagsPanel } from './CustomTagsPanel.tsx';
import { UsageChart } from './UsageChart.tsx';
import { UsageTable } from './UsageTable.tsx';

/** Usage analytics of the organisation: range, grouping, chart, table, CSV, custom tags. */
/** A day of the report (the service counts in UTC) in the UI language. */
const day = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });

export function AnalyticsPanel({ model }: { model: AnalyticsModel }) {
  const { startDate, endDate, grouping, loadingReport, rangeError, report, reportError, rows, series, shownGrouping } =
    model;
  return (
    <section aria-labelledby="admin-analytics-title">
      <h3 id="admin-analytics-title">{t('adminAnalyticsTitle', 'Usage analytics')}</h3>
      <form
        class="analytics-form"
        onSubmit={(e) => {
          e.preventDefault();
          void model.runReport();
        }}
      >
        <div class="form-grid">
          <Field label={t('adminFrom', 'From (UTC)')}>
            {({ id }) => (
              <input
                id={id}
                type="date"
                value={startDate.value}
                onInput={(e) => model.setRange({ start: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label={t('adminTo', 'To (UTC)')}>
            {({ id }) => (
              <input
                id={id}
                type="date"
                value={endDate.value}
                onInput={(e) => model.setRange({ end: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label={t('adminGroupBy', 'Group by')}>
            {({ id }) => (
              <select
                id={id}
                value={grouping.value}
                onChange={(e) => model.setGrouping(Grouping.parse(e.currentTarget.value))}
              >
                <option value="none">{t('adminGroupNone', 'Nothing (one total)')}</option>
                <option value="key">{t('adminGroupKey', 'Key')}</option>
                <option value="key_and_day">{t('adminGroupKeyDay', 'Key and day')}</option>
              </select>
            )}
          </Field>
        </div>
        <p class="hint">
          {t(
            'adminRangeHint',
            'At most $1 days. A date-only end includes that whole day.',
            formatNumber(MAX_ANALYTICS_RANGE_DAYS),
          )}
        </p>
        {rangeError.value && <Status kind="error">{rangeError.value}</Status>}
        <div class="row">
          <button type="submit" class="primary" disabled={loadingReport.value}>
            {t('adminShowUsage', 'Show usage')}
          </button>
          {report.value && (
            <button type="button" onClick={() => void model.exportCsv()}>
              {t('adminExportCsv', 'Export CSV')}
            </button>
          )}
        </div>
      </form>
      {reportError.value && <Status kind="error">{describeError(reportError.value)}</Status>}
      {report.value && (
        <p>
          {countText(
            'adminTotal',
            'one=Total $1 to $2: $3 character.|other=Total $1 to $2: $3 characters.',
            report.value.total_usage.total_characters,
            [
              day(report.value.start_date),
              day(report.value.end_date),
              formatNumber(report.value.total_usage.total_characters),
            ],
          )}
        </p>
      )}
      {series.value && <UsageChart series={series.value} />}
      {report.value && <UsageTable rows={rows.value} grouping={shownGrouping.value} />}
      {report.value && <CustomTagsPanel model={model} />}
    </section>
  );
}
