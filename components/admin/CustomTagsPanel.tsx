import {
  hasNextTags,
  hasPreviousTags,
  loadingTags,
  loadTags,
  nextTags,
  previousTags,
  tagAggregate,
  tagPage,
  tagsError,
  tagTrail,
} from '../../lib/features/admin/analytics-model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';

const n = formatNumber;

/** Usage by `X-Service-Reporting-Tag` (Verso tags its requests by feature), page by page. */
export function CustomTagsPanel() {
  const page = tagPage.value;
  const byDay = tagAggregate.value === 'day';
  return (
    <section aria-labelledby="admin-tags-title">
      <h4 id="admin-tags-title">{t('adminTagsTitle', 'Usage by custom tag')}</h4>
      <Field label={t('adminTagsAggregate', 'Aggregate')}>
        {({ id }) => (
          <select
            id={id}
            value={tagAggregate.value}
            onChange={(e) => {
              tagAggregate.value = e.currentTarget.value === 'day' ? 'day' : 'period';
              void loadTags(undefined);
            }}
          >
            <option value="period">{t('adminTagsPeriod', 'Whole range')}</option>
            <option value="day">{t('adminTagsDay', 'Per day')}</option>
          </select>
        )}
      </Field>
      {tagsError.value && <Status kind="error">{describeError(tagsError.value)}</Status>}
      {page && (
        <table class="usage-table" aria-busy={loadingTags.value}>
          <caption>{t('adminTagsPage', 'Page $1', String(tagTrail.value.length))}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminColTag', 'Tag')}</th>
              {byDay && <th scope="col">{t('adminColDate', 'Date')}</th>}
              <th scope="col">{t('adminColTotal', 'Total')}</th>
              <th scope="col">{t('adminSvcText', 'Text translation')}</th>
              <th scope="col">{t('adminSvcDocument', 'Document translation')}</th>
              <th scope="col">{t('adminSvcImprovement', 'Text improvement')}</th>
            </tr>
          </thead>
          <tbody>
            {page.custom_tag_usages.length === 0 && (
              <tr>
                <td colSpan={6}>{t('adminNoTags', 'No tagged usage in this range.')}</td>
              </tr>
            )}
            {page.custom_tag_usages.map((u) => (
              <tr key={`${u.custom_tag}|${u.usage_date ?? ''}`}>
                <td>{u.custom_tag}</td>
                {byDay && <td>{u.usage_date?.slice(0, 10)}</td>}
                <td>{n(u.usage.total_characters)}</td>
                <td>{n(u.usage.text_translation_characters)}</td>
                <td>{n(u.usage.document_translation_characters)}</td>
                <td>{n(u.usage.text_improvement_characters)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page && (
        <div class="row">
          <button
            type="button"
            onClick={() => void previousTags()}
            disabled={!hasPreviousTags.value || loadingTags.value}
          >
            {t('adminPrevious', 'Previous')}
          </button>
          <button type="button" onClick={() => void nextTags()} disabled={!hasNextTags.value || loadingTags.value}>
            {t('adminNext', 'Next')}
          </button>
        </div>
      )}
    </section>
  );
}
