import { useEffect } from 'preact/hooks';
import type { QuickTranslateModel } from '../../lib/features/quick-translate/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { ErrorStatus } from '../ui/ErrorStatus.tsx';
import { Field } from '../ui/Field.tsx';
import { FormalitySelect } from '../ui/FormalitySelect.tsx';
import { LanguagePair } from './LanguagePair.tsx';
import { TranslationResult } from './TranslationResult.tsx';
import './quick-translate.css';

function GlossaryField({ model }: { model: QuickTranslateModel }) {
  const detecting = !model.sourceLang.value;
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
          value={model.glossaryPick.value ?? ''}
          onChange={(e) => model.pickGlossary(e.currentTarget.value)}
        >
          <option value="">{t('quickGlossaryNone', 'None')}</option>
          {model.glossaries.value.map((g) => (
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
export function QuickTranslatePanel({ model }: { model: QuickTranslateModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const { text, busy, error } = model;
  return (
    <section class="quick" aria-labelledby="quick-title">
      <h2 id="quick-title" class="visually-hidden">
        {t('quickTitle', 'Quick translate')}
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void model.translate();
        }}
      >
        <LanguagePair model={model} />
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
              onInput={(e) => model.setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
                  e.preventDefault();
                  void model.translate();
                }
              }}
            />
          )}
        </Field>
        <div class="options-row">
          {model.formalitySupported.value && (
            <Field label={t('selFormality', 'Formality')}>
              {({ id }) => (
                <FormalitySelect
                  id={id}
                  value={model.formality.value}
                  onChange={(value) => model.setFormality(value)}
                />
              )}
            </Field>
          )}
          <GlossaryField model={model} />
        </div>
        <button type="submit" class="primary" disabled={busy.value || !text.value.trim()}>
          {busy.value ? t('quickTranslating', 'Translating…') : t('quickTranslate', 'Translate')}
        </button>
      </form>
      {error.value && <ErrorStatus offerSettings error={error.value} />}
      <TranslationResult model={model} />
    </section>
  );
}
