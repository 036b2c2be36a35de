import { styleListFits } from '../../lib/features/translation-controls/matching.ts';
import type { TranslationControlsModel } from '../../lib/features/translation-controls/model.ts';
import { entryFor, languageName } from '../../lib/languages/index.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';

/** The style rule list of one target: only lists whose language fits the target are offered. */
export function StyleListPicker({
  model,
  code,
  language,
}: {
  model: TranslationControlsModel;
  code: string;
  language: string;
}) {
  const { items, loading, error } = model.styleLists.value;
  const chosen = entryFor(model.settings.value.styleRules, code);
  const fitting = items.filter((l) => styleListFits(l.language, code));
  const missing = chosen && !loading && !error && !items.some((l) => l.style_id === chosen.styleId);
  return (
    <div class="adv-block">
      <h3>{t('advStyleTitle', 'Style rule list for $1', language)}</h3>
      <Field
        label={t('advStyleLabel', 'Style rule list')}
        hint={
          fitting.length === 0 && !loading && !error
            ? t('advStyleNoneFit', 'None of your style rule lists is for $1.', language)
            : t('advStyleHint', 'Only lists for $1 are offered.', language)
        }
      >
        {({ id, describedBy }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            disabled={loading}
            value={chosen?.styleId ?? ''}
            onChange={(e) => {
              const list = items.find((l) => l.style_id === e.currentTarget.value);
              const message = list
                ? t('advStyleChosen', '“$1” is used for $2.', [list.name, language])
                : t('advStyleCleared', 'No style rule list is used for $1.', language);
              void model.chooseStyleList(code, list, message);
            }}
          >
            <option value="">{t('advNone', 'None')}</option>
            {missing && (
              <option value={chosen.styleId}>
                {t('advStyleGone', '$1 (no longer on the service)', chosen.name || chosen.styleId)}
              </option>
            )}
            {fitting.map((l) => (
              <option key={l.style_id} value={l.style_id}>
                {l.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {error && (
        <Status kind="error">
          {t('advStyleError', 'The style rule lists could not be loaded.')} {describeError(error)}{' '}
          <button type="button" onClick={() => void model.loadStyleLists()}>
            {t('advRetry', 'Try again')}
          </button>
        </Status>
      )}
    </div>
  );
}

/** Every style rule list of the account, with its language, so a person sees why one is not offered. */
export function StyleListCatalogue({ model }: { model: TranslationControlsModel }) {
  const languages = model.languages.value.items;
  const { items, loading } = model.styleLists.value;
  if (loading) return <p class="hint">{t('advStyleLoading', 'Loading style rule lists…')}</p>;
  if (items.length === 0) return <p class="empty">{t('advStyleEmpty', 'The account has no style rule lists.')}</p>;
  return (
    <table class="adv-table">
      <caption>{t('advStyleCaption', 'Style rule lists of the account')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('advColName', 'Name')}</th>
          <th scope="col">{t('advColLanguage', 'Language')}</th>
          <th scope="col" class="num">
            {t('advColInstructions', 'Instructions')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((l) => (
          <tr key={l.style_id}>
            <th scope="row">{l.name}</th>
            <td>{languageName(l.language, languages)}</td>
            <td class="num">{l.custom_instructions?.length ?? 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
