import { useEffect } from 'preact/hooks';
import type { SpendingFeature } from '../../lib/features/spending/guard.ts';
import type { LimitKey, SpendingModel } from '../../lib/features/spending/model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';
import { HeldNotice, siteName } from './SpendingBanner.tsx';

const LIMIT_LABELS: Record<LimitKey, () => string> = {
  burst: () => t('spendingBurst', 'Characters one site or tab may send at once'),
  perMinute: () => t('spendingPerMinute', 'Then, characters per minute for one site or tab'),
  globalPerMinute: () => t('spendingGlobalMinute', 'All sites together, characters per minute'),
  globalPerDay: () => t('spendingGlobalDay', 'All sites together, characters per day'),
};

const FEATURE_LABELS: Record<SpendingFeature, () => string> = {
  page: () => t('spendingFeaturePage', 'Page translation'),
  hover: () => t('spendingFeatureHover', 'Paragraph under the pointer'),
  selection: () => t('spendingFeatureSelection', 'Selections'),
  writing: () => t('spendingFeatureWriting', 'Writing help'),
  popup: () => t('spendingFeaturePopup', 'Quick translate'),
  documents: () => t('spendingFeatureDocuments', 'Documents'),
  video: () => t('spendingFeatureVideo', 'Translated subtitles'),
};

/** Options, "Spending": what Verso held back, what it spent today by site, and the limits. */
export function SpendingSection({ model }: { model: SpendingModel }) {
  useEffect(() => void model.load(), [model]);
  const status = model.status.value;
  const error = model.error.value;
  const drafts = model.drafts.value;
  const invalid = model.invalid.value;
  return (
    <section aria-labelledby="spending-section-title">
      <h2 id="spending-section-title">{t('spendingTitle', 'Spending')}</h2>
      <p>
        {t(
          'spendingIntro',
          'Every character Verso sends passes one check in its background first. A site or tab that keeps asking for more than a reader uses (text it adds by itself, frames that reload, a site that reloads under an "always translate" rule) is held back until you continue. Your own commands (Translate page, Try again) let a site send again.',
        )}
      </p>
      {error && <Status kind="error">{describeError(error)}</Status>}
      {model.held.value.map((held) => (
        <HeldNotice key={held.site} held={held} model={model} />
      ))}
      <h3>{t('spendingTodayTitle', 'Today')}</h3>
      {status && (
        <>
          <p>{t('spendingTodayTotal', '$1 characters sent today.', formatNumber(status.today.total))}</p>
          {model.sites.value.length > 0 && (
            <table class="spending-sites">
              <thead>
                <tr>
                  <th scope="col">{t('spendingSite', 'Site')}</th>
                  <th scope="col">{t('spendingChars', 'Characters')}</th>
                </tr>
              </thead>
              <tbody>
                {model.sites.value.map(({ site, chars }) => (
                  <tr key={site}>
                    <td>{siteName(site)}</td>
                    <td>{formatNumber(chars)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <ul>
            {(Object.entries(status.today.features) as [SpendingFeature, number][]).map(([feature, chars]) => (
              <li key={feature}>
                {FEATURE_LABELS[feature]?.() ?? feature}: {formatNumber(chars)}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{t('spendingLimitsTitle', 'Limits')}</h3>
      {status && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void model.saveDrafts();
          }}
        >
          {(Object.keys(LIMIT_LABELS) as LimitKey[]).map((key) => (
            <Field
              key={key}
              label={LIMIT_LABELS[key]()}
              hint={t('spendingDefault', 'Default: $1', formatNumber(status.defaults[key]))}
              {...(invalid.includes(key) ? { error: t('spendingInvalid', 'Enter a whole number.') } : {})}
            >
              {({ id, describedBy }) => (
                <input
                  id={id}
                  inputMode="numeric"
                  aria-describedby={describedBy}
                  aria-invalid={invalid.includes(key)}
                  value={drafts[key] ?? String(status.limits[key])}
                  onInput={(e) => model.edit(key, e.currentTarget.value)}
                />
              )}
            </Field>
          ))}
          <button type="submit">{t('spendingSave', 'Save limits')}</button>{' '}
          <button type="button" onClick={() => void model.saveLimits('defaults')}>
            {t('spendingDefaults', 'Back to the defaults')}
          </button>
          {model.saved.value && <Status kind="ok">{t('spendingSaved', 'Limits saved.')}</Status>}
        </form>
      )}
    </section>
  );
}
