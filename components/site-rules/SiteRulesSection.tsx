import { useEffect } from 'preact/hooks';
import type { SiteRulesModel } from '../../lib/features/site-rules/model.ts';
import type { Formality, ModelType, SiteRule } from '../../lib/settings/schema.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Checkbox } from '../ui/Checkbox.tsx';
import { Field } from '../ui/Field.tsx';
import { formalityOptions, modelOptions } from '../ui/option-labels.ts';
import { Status } from '../ui/Status.tsx';

type Translate = SiteRule['translate'];
type Reading = SiteRule['pageReading'];

function readingLabel(v: Reading) {
  if (v === 'as-you-read') return t('readingAsYouRead', 'As you read');
  if (v === 'whole-page') return t('readingWholePage', 'Whole page');
  return t('siteUseDefault', 'Use the default');
}

function translateLabel(v: Translate) {
  if (v === 'always') return t('siteAlways', 'Always translate');
  if (v === 'never') return t('siteNever', 'Never translate');
  return t('siteOffer', 'Offer to translate (default)');
}

function RuleForm({ model }: { model: SiteRulesModel }) {
  const editing = model.editing.value;
  const {
    host,
    translate,
    formality,
    modelType,
    pageReading,
    disableSelectionButton,
    excludeSelectors,
    includeSelectors,
  } = model.draft.value;
  const problem = model.formError.value;
  const bad = model.badSelector.value ?? '';
  const selectorError = (which: 'invalid_exclude' | 'invalid_include') =>
    problem === which
      ? t(
          'siteBadSelector',
          'This is not a CSS selector the browser understands: $1. Nothing was saved; correct it and save again.',
          bad,
        )
      : undefined;
  const error =
    problem === 'duplicate'
      ? t('siteDuplicate', 'There is already a rule for this site: edit that one.')
      : problem === 'invalid_host'
        ? t('siteInvalidHost', 'Enter a site such as news.example.org (a pasted address works too).')
        : undefined;

  function submit(e: Event) {
    e.preventDefault();
    void model.save((h) => t('siteSaved', 'Rule for $1 saved.', h));
  }

  return (
    <form class="card site-rule-form" onSubmit={submit} aria-labelledby="site-form-title" noValidate>
      <h3 id="site-form-title">
        {editing ? t('siteEditTitle', 'Edit the rule for $1', editing.host) : t('siteAddTitle', 'Add a site rule')}
      </h3>
      <div class="defaults-grid">
        <Field label={t('siteHost', 'Site')} error={error}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="text"
              placeholder="news.example.org"
              aria-describedby={describedBy}
              value={host}
              onInput={(e) => model.change({ host: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field label={t('siteTranslate', 'Page translation')}>
          {({ id }) => (
            <select
              id={id}
              value={translate}
              onChange={(e) => model.change({ translate: e.currentTarget.value as Translate })}
            >
              {(['never', 'always', 'ask'] as const).map((v) => (
                <option key={v} value={v}>
                  {translateLabel(v)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('siteFormality', 'Formality on this site')}>
          {({ id }) => (
            <select
              id={id}
              value={formality}
              onChange={(e) => model.change({ formality: e.currentTarget.value as Formality | '' })}
            >
              <option value="">{t('siteUseDefault', 'Use the default')}</option>
              {formalityOptions().map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('siteModel', 'Model on this site')}>
          {({ id }) => (
            <select
              id={id}
              value={modelType}
              onChange={(e) => model.change({ modelType: e.currentTarget.value as ModelType | '' })}
            >
              <option value="">{t('siteUseDefault', 'Use the default')}</option>
              {modelOptions()
                .filter((o) => o.value !== '')
                .map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
            </select>
          )}
        </Field>
        <Field label={t('siteReading', 'Pages on this site are translated')}>
          {({ id }) => (
            <select
              id={id}
              value={pageReading}
              onChange={(e) => model.change({ pageReading: e.currentTarget.value as Reading })}
            >
              {(['', 'as-you-read', 'whole-page'] as const).map((v) => (
                <option key={v} value={v}>
                  {readingLabel(v)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        label={t('siteExclude', 'Never translate these parts (CSS selectors)')}
        hint={t('siteExcludeHint', 'One per line or separated by commas, such as .comments, nav')}
        error={selectorError('invalid_exclude')}
      >
        {({ id, describedBy }) => (
          <textarea
            id={id}
            rows={2}
            spellcheck={false}
            placeholder=".comments, nav"
            aria-describedby={describedBy}
            aria-invalid={problem === 'invalid_exclude'}
            value={excludeSelectors}
            onInput={(e) => model.change({ excludeSelectors: e.currentTarget.value })}
          />
        )}
      </Field>
      <Field
        label={t('siteInclude', 'Translate only these parts (CSS selectors)')}
        hint={t('siteIncludeHint', 'Empty: the whole page. For example main article')}
        error={selectorError('invalid_include')}
      >
        {({ id, describedBy }) => (
          <textarea
            id={id}
            rows={2}
            spellcheck={false}
            placeholder="main article"
            aria-describedby={describedBy}
            aria-invalid={problem === 'invalid_include'}
            value={includeSelectors}
            onInput={(e) => model.change({ includeSelectors: e.currentTarget.value })}
          />
        )}
      </Field>
      <Checkbox
        id="site-no-selection-button"
        label={t('siteNoSelectionButton', 'No translate button next to selections on this site')}
        checked={disableSelectionButton}
        onChange={(on) => model.change({ disableSelectionButton: on })}
      />
      <div class="row">
        <button type="submit" class="primary">
          {editing ? t('siteSave', 'Save rule') : t('siteAdd', 'Add rule')}
        </button>
        {editing && (
          <button type="button" onClick={() => model.stopEditing()}>
            {t('optCancel', 'Cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** A rule's selectors in the table: the only parts translated, the parts left out, or the whole page. */
function PartsCell({ rule }: { rule: SiteRule }) {
  if (!rule.includeSelectors && !rule.excludeSelectors) return <>{t('sitePartsAll', 'The whole page')}</>;
  return (
    <>
      {rule.includeSelectors && <div>{t('sitePartsOnly', 'Only: $1', rule.includeSelectors)}</div>}
      {rule.excludeSelectors && <div>{t('sitePartsLeftOut', 'Leaves out: $1', rule.excludeSelectors)}</div>}
    </>
  );
}

/** Per-site rules: never or always translate a site, and its own formality and model. */
export function SiteRulesSection({ model }: { model: SiteRulesModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const formalityLabel = (v: string) =>
    formalityOptions().find((o) => o.value === v)?.label ?? t('siteDefault', 'Default');
  const modelLabel = (v: string) =>
    v ? (modelOptions().find((o) => o.value === v)?.label ?? v) : t('siteDefault', 'Default');
  return (
    <section aria-labelledby="site-rules-title">
      <h2 id="site-rules-title">{t('siteTitle', 'Site rules')}</h2>
      <RuleForm model={model} />
      {model.notice.value && <Status kind="ok">{model.notice.value}</Status>}
      {model.rules.value.length === 0 ? (
        <p class="empty">{t('siteEmpty', 'No site rules yet.')}</p>
      ) : (
        <table>
          <caption class="visually-hidden">{t('siteCaption', 'Site rules')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('siteHost', 'Site')}</th>
              <th scope="col">{t('siteTranslate', 'Page translation')}</th>
              <th scope="col">{t('siteFormalityCol', 'Formality')}</th>
              <th scope="col">{t('siteModelCol', 'Model')}</th>
              <th scope="col">{t('siteReadingCol', 'Reading')}</th>
              <th scope="col">{t('sitePartsCol', 'Parts translated')}</th>
              <th scope="col">{t('siteActions', 'Actions')}</th>
            </tr>
          </thead>
          <tbody>
            {model.rules.value.map((r) => (
              <tr key={r.host}>
                <th scope="row">{r.host}</th>
                <td>{translateLabel(r.translate)}</td>
                <td>{r.formality ? formalityLabel(r.formality) : t('siteDefault', 'Default')}</td>
                <td>{modelLabel(r.modelType)}</td>
                <td>{r.pageReading ? readingLabel(r.pageReading) : t('siteDefault', 'Default')}</td>
                <td>
                  <PartsCell rule={r} />
                </td>
                <td>
                  <div class="row">
                    <button
                      type="button"
                      aria-label={t('siteEditOf', 'Edit the rule for $1', r.host)}
                      onClick={() => model.edit(r)}
                    >
                      {t('siteEdit', 'Edit')}
                    </button>
                    <button
                      type="button"
                      class="danger"
                      aria-label={t('siteRemoveOf', 'Remove the rule for $1', r.host)}
                      onClick={() => void model.remove(r.host, t('siteRemoved', 'Rule for $1 removed.', r.host))}
                    >
                      {t('siteRemove', 'Remove')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
