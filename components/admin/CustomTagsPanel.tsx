import type { AnalyticsModel } from '../../lib/features/admin/analytics-model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatDate, formatNumber, t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';

const n = formatNumber;
/** A day of the report (the service counts in UTC) in the UI language. */
const day = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * Usage by reporting tag (Verso tags its requests by feature), page by page: per tag, or per tag and day,
 * with the service's breakdown (the service counts text translation and text improvement per tag).
 */
export function CustomTagsPanel({ model }: { model: AnalyticsModel }) {
  const { tagAggregate, tagsError, loadingTags, tagTrail, hasPreviousTags, hasNextTags } = model;
  const page = model.tagPage.value;
  // Per day when the page says so (or its rows carry days), whatever the select shows by now.
  const byDay = page?.aggregate_by === 'day' || (page?.usage.some((u) => u.usage_date !== undefined) ?? false);
  return (
    <section aria-labelledby="admin-tags-title">
      <h4 id="admin-tags-title">{t('adminTagsTitle', 'Usage by custom tag')}</h4>
      <Field label={t('adminTagsAggregate', 'Aggregate')}>
        {({ id }) => (
          <select
            id={id}
            value={tagAggregate.value}
            onChange={(e) => void model.setTagAggregate(e.currentTarget.value === 'day' ? 'day' : 'period')}
          >
            <option value="period">{t('adminTagsPeriod', 'Whole range')}</option>
            <option value="day">{t('adminTagsDay', 'Per day')}</option>
          </select>
        )}
      </Field>
      {tagsError.value && <Status kind="error">{describeError(tagsError.value)}</Status>}
      {page && (
        <table class="usage-table" aria-busy={loadingTags.value}>
          <caption>{t('adminTagsPage', 'Page $1', n(tagTrail.value.length))}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminColTag', 'Tag')}</th>
              {byDay && <th scope="col">{t('adminColDate', 'Date')}</th>}
              <th scope="col">{t('adminColTotal', 'Total')}</th>
              <th scope="col">{t('adminSvcText', 'Text translation')}</th>
              <th scope="col">{t('adminSvcImprovement', 'Text improvement')}</th>
            </tr>
          </thead>
          <tbody>
            {page.usage.length === 0 && (
              <tr>
                <td colSpan={byDay ? 5 : 4}>{t('adminNoTags', 'No tagged usage in this range.')}</td>
              </tr>
            )}
            {page.usage.map((u) => (
              <tr key={`${u.custom_tag}|${u.usage_date ?? ''}`}>
                <td>{u.custom_tag}</td>
                {byDay && <td>{u.usage_date ? day(u.usage_date) : ''}</td>}
                <td>{n(u.breakdown.total_characters)}</td>
                <td>{n(u.breakdown.text_translation_characters)}</td>
                <td>{n(u.breakdown.text_improvement_characters)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page && (
        <div class="row">
          <button
            type="button"
            onClick={() => void model.previousTags()}
            disabled={!hasPreviousTags.value || loadingTags.value}
          >
            {t('adminPrevious', 'Previous')}
          </button>
          <button
            type="button"
            onClick={() => void model.nextTags()}
            disabled={!hasNextTags.value || loadingTags.value}
          >
            {t('adminNext', 'Next')}
          </button>
        </div>
      )}
    </section>
  );
}
