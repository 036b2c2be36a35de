import { useEffect } from 'preact/hooks';
import type { LanguagesModel } from '../../lib/features/languages/model.ts';
import { statusClass, statusLabel } from '../../lib/features/languages/status.ts';
import { LANGUAGE_RESOURCES, type LanguageResourceName } from '../../lib/features/languages/table.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatNumber, t, uiLanguage } from '../../lib/ui/i18n.ts';
import { pluralForm } from '../../lib/ui/plural.ts';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';

const yes = () => t('lngYes', 'Yes');
const no = () => t('lngNo', 'No');

/**
 * The languages of each resource and their features, as the service reports them. Columns come from the
 * data, so a new feature key shows up without a change here.
 */
export function LanguagesSection({ model }: { model: LanguagesModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const list = model.sorted.value;
  const columns = model.columns.value;
  const { resource, includeBeta, loading, error, loadedAt } = model;
  return (
    <section aria-labelledby="languages-title">
      <h2 id="languages-title">{t('lngTitle', 'Languages')}</h2>
      <p class="hint">
        {t('lngHint', 'What the service offers, per resource. A feature is supported where its status is shown.')}
      </p>
      <div class="row align-end">
        <Field label={t('lngResource', 'Resource')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              value={resource.value}
              onChange={(e) => void model.chooseResource(e.currentTarget.value as LanguageResourceName)}
            >
              {LANGUAGE_RESOURCES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button
          type="button"
          role="switch"
          class="switch"
          aria-checked={includeBeta.value}
          onClick={() => void model.toggleBeta()}
        >
          <span class="switch-track" aria-hidden="true" />
          {t('lngBeta', 'Include beta')}
        </button>
        <button type="button" disabled={loading.value} onClick={() => void model.load({ refresh: true })}>
          {t('lngRefresh', 'Refresh')}
        </button>
      </div>
      {loading.value && <Status kind="info">{t('lngLoading', 'Loading languages…')}</Status>}
      {error.value && <Status kind="error">{describeError(error.value)}</Status>}
      {loadedAt.value !== undefined && !loading.value && (
        <p class="hint" role="status">
          {pluralForm(
            t('lngCountForms', 'one=$1 language for $2.|other=$1 languages for $2.', [
              formatNumber(list.length),
              resource.value,
            ]),
            list.length,
            uiLanguage(),
          )}
        </p>
      )}
      <div class="table-scroll">
        <table class="languages-table">
          <caption class="visually-hidden">{t('lngCaption', 'Languages of $1', resource.value)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lngName', 'Language')}</th>
              <th scope="col">{t('lngCode', 'Code')}</th>
              <th scope="col">{t('lngSource', 'Source')}</th>
              <th scope="col">{t('lngTarget', 'Target')}</th>
              <th scope="col">{t('lngStatus', 'Status')}</th>
              {columns.map((c) => (
                <th scope="col" key={c}>
                  {featureLabel(c)}
                  {featureLabel(c) !== c && <code class="feature-key">{c}</code>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.map((l) => (
              <tr key={l.lang}>
                <th scope="row">{l.name}</th>
                <td class="mono">{l.lang}</td>
                <td>{l.usable_as_source ? yes() : no()}</td>
                <td>{l.usable_as_target ? yes() : no()}</td>
                <td class={`status ${statusClass(l.status)}`}>
                  <StatusWords raw={l.status} />
                </td>
                {columns.map((c) => {
                  const feature = l.features[c];
                  return (
                    <td key={c} class={feature ? `feature ${statusClass(feature.status)}` : 'feature none'}>
                      {feature ? (
                        <StatusWords raw={feature.status} />
                      ) : (
                        <>
                          <span aria-hidden="true">–</span>
                          <span class="visually-hidden">{t('lngUnsupported', 'not supported')}</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A status in the UI language ("Stable", "Beta", "Early access"); one the contract does not name is
 * shown as the service gave it, marked as such.
 */
function StatusWords({ raw }: { raw: string }) {
  const label = statusLabel(raw);
  if (label.known) return <>{label.text}</>;
  const note = t('lngStatusUnknown', 'a status Verso does not know, as the service gives it');
  return (
    <span class="status-unknown" title={note}>
      <code>{label.text}</code>
      <span class="visually-hidden"> ({note})</span>
    </span>
  );
}

/**
 * A feature the service reports, in words (the service's key stays below it, as the API names it); a
 * feature Verso does not know yet is shown by its key.
 */
function featureLabel(key: string): string {
  switch (key) {
    case 'auto_detection':
      return t('lngFeatureAutoDetection', 'Language detection');
    case 'formality':
      return t('lngFeatureFormality', 'Formality');
    case 'glossary':
      return t('lngFeatureGlossary', 'Glossaries');
    case 'style_rules':
      return t('lngFeatureStyleRules', 'Style rules');
    case 'tag_handling':
      return t('lngFeatureTagHandling', 'Markup handling');
    case 'writing_style':
      return t('lngFeatureWritingStyle', 'Writing styles');
    case 'tone':
      return t('lngFeatureTone', 'Tones');
    default:
      return key;
  }
}
