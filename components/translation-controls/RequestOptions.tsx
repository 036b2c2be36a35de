import type { TranslationControlsModel } from '../../lib/features/translation-controls/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Checkbox } from '../ui/Checkbox.tsx';

/** Two switches on what every request carries: markup handling v2, and the usage tag. */
export function RequestOptions({ model }: { model: TranslationControlsModel }) {
  return (
    <section class="card" aria-labelledby="adv-req-title">
      <h3 id="adv-req-title">{t('advReqTitle', 'Markup and usage reports')}</h3>
      <Checkbox
        id="adv-tags-v2"
        label={t('advTagsV2', 'Use markup handling v2 for pages and selections')}
        hint={t(
          'advTagsV2Hint',
          'The newer handling of formatted text. It works only with the quality-optimised model, so those requests use it.',
        )}
        checked={model.settings.value.tagHandlingV2}
        onChange={(on) =>
          void model.setTagHandlingV2(
            on,
            on ? t('advTagsV2On', 'Markup handling v2 is on.') : t('advTagsV2Off', 'Markup handling v2 is off.'),
          )
        }
      />
      <Checkbox
        id="adv-usage-tags"
        label={t('advUsageTags', 'Tag requests with the Verso feature')}
        hint={t(
          'advUsageTagsHint',
          'Each request names the feature that sent it (verso-page, verso-selection, verso-popup, verso-writing, verso-document), so the account’s usage report by custom tag shows the characters of each.',
        )}
        checked={model.preferences.value.reportingTags}
        onChange={(on) =>
          void model.setReportingTags(
            on,
            on ? t('advUsageTagsOn', 'Usage tags are on.') : t('advUsageTagsOff', 'Usage tags are off.'),
          )
        }
      />
    </section>
  );
}
