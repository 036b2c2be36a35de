import type { DictionaryFormModel } from '../../lib/features/glossaries/form-model.ts';
import type { GlossariesModel } from '../../lib/features/glossaries/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { EntriesInput } from './EntriesInput.tsx';
import { pairLabel } from './format.ts';
import { PairFields, pairProblemText } from './PairFields.tsx';

/** A dictionary for another language pair of an existing glossary. */
export function AddDictionary({ model, form }: { model: GlossariesModel; form: DictionaryFormModel }) {
  function submit(e: Event) {
    e.preventDefault();
    void model.submitAdding((pair) => t('glDictAdded', 'Dictionary $1 added.', pairLabel(pair)));
  }

  return (
    <form class="card" onSubmit={submit} aria-labelledby="add-dict-title" noValidate>
      <h3 id="add-dict-title">{t('glAddDictTitle', 'Add a dictionary')}</h3>
      <PairFields
        languages={model.languages.value.languages}
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
          {t('glAddDict', 'Add dictionary')}
        </button>
        <button type="button" onClick={() => model.closeAdding()}>
          {t('optCancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}
