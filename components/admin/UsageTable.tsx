import type { UsageRow } from '../../lib/features/admin/analytics.ts';
import type { Grouping } from '../../lib/features/admin/messages.ts';
import { formatDate, formatNumber, t } from '../../lib/ui/i18n.ts';

const n = formatNumber;

/** The report as a table: one row per key, per key and day, or one total. */
export function UsageTable({ rows, grouping }: { rows: readonly UsageRow[]; grouping: Grouping }) {
  const byKey = grouping !== 'none';
  const byDay = grouping === 'key_and_day';
  return (
    <table class="usage-table">
      <caption>{t('adminTableCaption', 'Characters by service')}</caption>
      <thead>
        <tr>
          {byDay && <th scope="col">{t('adminColDate', 'Date')}</th>}
          {byKey && <th scope="col">{t('adminColKey', 'Key')}</th>}
          <th scope="col">{t('adminColTotal', 'Total')}</th>
          <th scope="col">{t('adminSvcText', 'Text translation')}</th>
          <th scope="col">{t('adminSvcDocument', 'Document translation')}</th>
          <th scope="col">{t('adminSvcImprovement', 'Text improvement')}</th>
          <th scope="col">{t('adminColSpeech', 'Speech (min)')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={7}>{t('adminNoUsage', 'No usage in this range.')}</td>
          </tr>
        )}
        {rows.map((r) => (
          <tr key={`${r.date ?? ''}|${r.apiKey ?? ''}`}>
            {byDay && <td>{r.date ? formatDate(r.date, { dateStyle: 'medium', timeZone: 'UTC' }) : ''}</td>}
            {byKey && (
              <td>
                {r.label} <code>{r.apiKey}</code>
              </td>
            )}
            <td>{n(r.total)}</td>
            <td>{n(r.text)}</td>
            <td>{n(r.document)}</td>
            <td>{n(r.improvement)}</td>
            <td>{n(r.speechMinutes)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
