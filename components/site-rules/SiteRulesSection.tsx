import { useEffect, useState } from 'preact/hooks';
import { deleteRule, loadRules, notice, rules, saveRule } from '../../lib/features/site-rules/model.ts';
import { type Formality, type ModelType, SiteRule } from '../../lib/settings/schema.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { formalityOptions, modelOptions } from '../ui/option-labels.ts';
import { Status } from '../ui/Status.tsx';

type Translate = SiteRule['translate'];

function translateLabel(v: Translate) {
  if (v === 'always') return t('siteAlways', 'Always translate');
  if (v === 'never') return t('siteNever', 'Never translate');
  return t('siteAsk', 'Ask (default)');
}

function RuleForm({ editing, onDone }: { editing?: SiteRule; onDone: () => void }) {
  const [host, setHost] = useState(editing?.host ?? '');
  const [translate, setTranslate] = useState<Translate>(editing?.translate ?? 'never');
  const [formality, setFormality] = useState<Formality | ''>(editing?.formality ?? '');
  const [modelType, setModelType] = useState<ModelType | ''>(editing?.modelType ?? '');
  const [error, setError] = useState<string>();

  async function submit(e: Event) {
    e.preventDefault();
    const rule = SiteRule.parse({ ...editing, host, translate, formality, modelType });
    const problem = await saveRule(rule, editing?.host, (h) => t('siteSaved', 'Rule for $1 saved.', h));
    if (problem) {
      setError(
        problem === 'duplicate'
          ? t('siteDuplicate', 'There is already a rule for this site: edit that one.')
          : t('siteInvalidHost', 'Enter a site such as news.example.org (a pasted address works too).'),
      );
      return;
    }
    setError(undefined);
    if (!editing) setHost('');
    onDone();
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
              onInput={(e) => setHost(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={t('siteTranslate', 'Page translation')}>
          {({ id }) => (
            <select id={id} value={translate} onChange={(e) => setTranslate(e.currentTarget.value as Translate)}>
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
            <select id={id} value={formality} onChange={(e) => setFormality(e.currentTarget.value as Formality | '')}>
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
            <select id={id} value={modelType} onChange={(e) => setModelType(e.currentTarget.value as ModelType | '')}>
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
      </div>
      <div class="row">
        <button type="submit" class="primary">
          {editing ? t('siteSave', 'Save rule') : t('siteAdd', 'Add rule')}
        </button>
        {editing && (
          <button type="button" onClick={onDone}>
            {t('optCancel', 'Cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** Per-site rules: never or always translate a site, and its own formality and model. */
export function SiteRulesSection() {
  const [editing, setEditing] = useState<SiteRule>();
  useEffect(() => {
    void loadRules();
  }, []);
  const formalityLabel = (v: string) =>
    formalityOptions().find((o) => o.value === v)?.label ?? t('siteDefault', 'Default');
  const modelLabel = (v: string) =>
    v ? (modelOptions().find((o) => o.value === v)?.label ?? v) : t('siteDefault', 'Default');
  return (
    <section aria-labelledby="site-rules-title">
      <h2 id="site-rules-title">{t('siteTitle', 'Site rules')}</h2>
      <RuleForm key={editing?.host ?? 'new'} editing={editing} onDone={() => setEditing(undefined)} />
      {notice.value && <Status kind="ok">{notice.value}</Status>}
      {rules.value.length === 0 ? (
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
              <th scope="col">{t('siteActions', 'Actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rules.value.map((r) => (
              <tr key={r.host}>
                <th scope="row">{r.host}</th>
                <td>{translateLabel(r.translate)}</td>
                <td>{r.formality ? formalityLabel(r.formality) : t('siteDefault', 'Default')}</td>
                <td>{modelLabel(r.modelType)}</td>
                <td>
                  <div class="row">
                    <button
                      type="button"
                      aria-label={t('siteEditOf', 'Edit the rule for $1', r.host)}
                      onClick={() => setEditing(r)}
                    >
                      {t('siteEdit', 'Edit')}
                    </button>
                    <button
                      type="button"
                      class="danger"
                      aria-label={t('siteRemoveOf', 'Remove the rule for $1', r.host)}
                      onClick={() => void deleteRule(r.host, t('siteRemoved', 'Rule for $1 removed.', r.host))}
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
