import { useEffect } from 'preact/hooks';
import {
  busy,
  error,
  formality,
  formalitySupported,
  glossaries,
  glossaryPick,
  load,
  sourceLang,
  text,
  translate,
} from '../../lib/features/quick-translate/model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';
import { FormalitySelect } from '../selection/FormalitySelect.tsx';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';
import { LanguagePair } from './LanguagePair.tsx';
import { TranslationResult } from './TranslationResult.tsx';
import './quick-translate.css';

function GlossaryField() {
  const detecting = !sourceLang.value;
  return (
    <Field
      label={t('quickGlossary', 'Glossary')}
      hint={
        detecting
          ? t('quickGlossaryDetect', 'With a detected source, the default glossary of the pair applies.')
          : undefined
      }
    >
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          disabled={detecting}
          value={glossaryPick.value ?? ''}
          onChange={(e) => {
            glossaryPick.value = e.currentTarget.value;
          }}
        >
          <option value="">{t('quickGlossaryNone', 'None')}</option>
          {glossaries.value.map((g) => (
            <option key={g.id} value={g.id}>
              {g.isDefault ? t('quickGlossaryDefault', '$1 (default)', g.name) : g.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Quick translate: type or paste, pick languages, Translate (or Ctrl/Cmd+Enter). */
export function QuickTranslatePanel() {
  useEffect(() => {
    void load();
  }, []);
  return (
    <section class="quick" aria-labelledby="quick-title">
      <h2 id="quick-title" class="visually-hidden">
        {t('quickTitle', 'Quick translate')}
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void translate();
        }}
      >
        <LanguagePair />
        <Field
          label={t('quickText', 'Text to translate')}
          hint={t('quickTextHint', 'Ctrl+Enter (⌘+Enter) translates.')}
        >
          {({ id, describedBy }) => (
            <textarea
              id={id}
              rows={4}
              aria-describedby={describedBy}
              value={text.value}
              onInput={(e) => {
                text.value = e.currentTarget.value;
              }}
              onKeyDown={(e) => {
                if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
                  e.preventDefault();
                  void translate();
                }
              }}
            />
          )}
        </Field>
        <div class="options-row">
          {formalitySupported.value && (
            <Field label={t('selFormality', 'Formality')}>
              {({ id }) => (
                <FormalitySelect
                  id={id}
                  value={formality.value}
                  onChange={(value) => {
                    formality.value = value;
                  }}
                />
              )}
            </Field>
          )}
          <GlossaryField />
        </div>
        <button type="submit" class="primary" disabled={busy.value || !text.value.trim()}>
          {busy.value ? t('quickTranslating', 'Translating…') : t('quickTranslate', 'Translate')}
        </button>
      </form>
      {error.value && <Status kind="error">{describeError(error.value)}</Status>}
      <TranslationResult />
    </section>
  );
}
