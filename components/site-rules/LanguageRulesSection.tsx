import { useEffect } from 'preact/hooks';
import type { LanguageRulesModel } from '../../lib/features/site-rules/language-rules-model.ts';
import type { LanguageRule } from '../../lib/settings/language-rules.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { LanguagePicker } from '../ui/LanguagePicker.tsx';
import { Status } from '../ui/Status.tsx';

function ruleLabel(v: LanguageRule['translate']) {
  return v === 'always' ? t('langRuleAlways', 'Always translate') : t('langRuleNever', 'Never offer');
}

/** Rules by the language a page is in: always translate it, or never offer it. */
export function LanguageRulesSection({ model }: { model: LanguageRulesModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const { lang, translate } = model.draft.value;
  const nameOf = model.nameOf.value;
  return (
    <section aria-labelledby="language-rules-title">
      <h2 id="language-rules-title">{t('langRulesTitle', 'Page languages')}</h2>
      <p class="hint">
        {t(
          'langRulesIntro',
          'A page in another language than your target language is offered for translation, unless its site has a rule. Here you can have pages in a language always translated, or never offered.',
        )}
      </p>
      <form
        class="card"
        aria-labelledby="language-rule-form-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void model.save((name) => t('langRuleSaved', 'Rule for $1 saved.', name));
        }}
      >
        <h3 id="language-rule-form-title">{t('langRuleAddTitle', 'Add a language rule')}</h3>
        <div class="defaults-grid">
          <LanguagePicker
            label={t('langRuleLanguage', 'Page language')}
            languages={model.languages.value}
            usableAs="source"
            placeholder={t('langRuleChoose', 'Choose a language')}
            value={lang}
            onChange={(code) => model.change({ lang: code })}
            {...(model.formError.value
              ? { error: t('langRuleNoLanguage', 'Choose the language the rule is for.') }
              : {})}
          />
          <Field label={t('langRuleTranslate', 'Pages in this language')}>
            {({ id }) => (
              <select
                id={id}
                value={translate}
                onChange={(e) => model.change({ translate: e.currentTarget.value as LanguageRule['translate'] })}
              >
                {(['always', 'never'] as const).map((v) => (
                  <option key={v} value={v}>
                    {ruleLabel(v)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div class="row">
          <button type="submit" class="primary">
            {t('langRuleAdd', 'Add language rule')}
          </button>
        </div>
      </form>
      {model.notice.value && <Status kind="ok">{model.notice.value}</Status>}
      {model.rules.value.length === 0 ? (
        <p class="empty">{t('langRulesEmpty', 'No language rules yet.')}</p>
      ) : (
        <table>
          <caption class="visually-hidden">{t('langRulesCaption', 'Language rules')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('langRuleLanguage', 'Page language')}</th>
              <th scope="col">{t('langRuleTranslate', 'Pages in this language')}</th>
              <th scope="col">{t('siteActions', 'Actions')}</th>
            </tr>
          </thead>
          <tbody>
            {model.rules.value.map((r) => (
              <tr key={r.lang}>
                <th scope="row">{nameOf(r.lang)}</th>
                <td>{ruleLabel(r.translate)}</td>
                <td>
                  <button
                    type="button"
                    onClick={() =>
                      void model.remove(r.lang, (name) => t('langRuleRemoved', 'Rule for $1 removed.', name))
                    }
                  >
                    {t('langRuleRemove', 'Remove the rule for $1', nameOf(r.lang))}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
