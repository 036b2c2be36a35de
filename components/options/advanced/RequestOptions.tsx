import { preferences, setReportingTags, setTagHandlingV2, settings } from '../../../lib/features/advanced/model.ts';
import { t } from '../../../lib/ui/i18n.ts';

/** Two switches on what every request carries: markup handling v2, and the usage tag. */
export function RequestOptions() {
  return (
    <section class="card" aria-labelledby="adv-req-title">
      <h3 id="adv-req-title">{t('advReqTitle', 'Markup and usage reports')}</h3>
      <div class="checkbox">
        <input
          type="checkbox"
          id="adv-tags-v2"
          checked={settings.value.tagHandlingV2}
          aria-describedby="adv-tags-v2-hint"
          onChange={(e) => {
            const on = e.currentTarget.checked;
            void setTagHandlingV2(
              on,
              on ? t('advTagsV2On', 'Markup handling v2 is on.') : t('advTagsV2Off', 'Markup handling v2 is off.'),
            );
          }}
        />
        <label for="adv-tags-v2">{t('advTagsV2', 'Use markup handling v2 for pages and selections')}</label>
        <span class="hint" id="adv-tags-v2-hint">
          {t(
            'advTagsV2Hint',
            'The newer handling of formatted text. It works only with the quality-optimised model, so those requests use it.',
          )}
        </span>
      </div>
      <div class="checkbox">
        <input
          type="checkbox"
          id="adv-usage-tags"
          checked={preferences.value.reportingTags}
          aria-describedby="adv-usage-tags-hint"
          onChange={(e) => {
            const on = e.currentTarget.checked;
            void setReportingTags(
              on,
              on ? t('advUsageTagsOn', 'Usage tags are on.') : t('advUsageTagsOff', 'Usage tags are off.'),
            );
          }}
        />
        <label for="adv-usage-tags">{t('advUsageTags', 'Tag requests with the Verso feature')}</label>
        <span class="hint" id="adv-usage-tags-hint">
          {t(
            'advUsageTagsHint',
            'Each request names the feature that sent it (verso-page, verso-selection, verso-popup, verso-writing, verso-document), so the account’s usage report by custom tag shows the characters of each.',
          )}
        </span>
      </div>
    </section>
  );
}
