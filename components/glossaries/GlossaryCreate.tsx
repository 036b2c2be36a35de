import { useEffect, useRef } from 'preact/hooks';
import type { DictionaryFormModel } from '../../lib/features/glossaries/form-model.ts';
import type { GlossariesModel } from '../../lib/features/glossaries/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { EntriesInput } from './EntriesInput.tsx';
import { PairFields, pairProblemText } from './PairFields.tsx';

/** A new glossary: its name and its first dictionary (a language pair and entries). */
export function GlossaryCreate({ model, form }: { model: GlossariesModel; form: DictionaryFormModel }) {
  const { languages, error: languagesError } = model.languages.value;
  // "New glossary" gives way to this form: the keyboard goes on in its first field, not at the page's top.
  const nameField = useRef<HTMLInputElement>(null);
  useEffect(() => nameField.current?.focus(), []);

  function submit(e: Event) {
    e.preventDefault();
    void model.submitCreating((name) => t('glCreatedNotice', 'Glossary “$1” created.', name));
  }

  return (
    <form class="card" onSubmit={submit} aria-labelledby="create-title" noValidate>
      <h3 id="create-title">{t('glNewTitle', 'New glossary')}</h3>
      <Field
        label={t('glName', 'Name')}
        error={form.nameProblem.value && t('glNameMissing', 'Give the glossary a name.')}
      >
        {({ id, describedBy }) => (
          <input
            ref={nameField}
            id={id}
            type="text"
            aria-describedby={describedBy}
            value={form.name.value}
            maxLength={1024}
            onInput={(e) => form.setName(e.currentTarget.value)}
          />
        )}
      </Field>
      {languagesError && <p class="error">{t('glLanguagesFailed', 'The glossary languages could not be loaded.')}</p>}
      <PairFields
        languages={languages}
        pair={form.entries.pair.value}
        onChange={(pair) => form.setPair(pair)}
        error={pairProblemText(form.pairProblem.value, form.entries.pair.value)}
      />
      <EntriesInput model={form.entries} />
      <div class="row">
        <button
          type="submit"
          class="primary"
          disabled={model.busy.value || model.readOnly.value || form.entries.checking.value !== undefined}
        >
          {t('glCreate', 'Create glossary')}
        </button>
        <button
          type="button"
          onClick={() => {
            model.closeCreating();
            // Back to the button that opened the form, once it is drawn again.
            requestAnimationFrame(() => document.getElementById('glossary-new')?.focus());
          }}
        >
          {t('optCancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}
