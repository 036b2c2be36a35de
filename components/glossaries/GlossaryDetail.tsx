import type { GlossariesModel } from '../../lib/features/glossaries/model.ts';
import type { GlossaryView } from '../../lib/features/glossaries/types.ts';
import { t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { confirmAction } from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/Field.tsx';
import { AddDictionary } from './AddDictionary.tsx';
import { DictionaryTable } from './DictionaryTable.tsx';
import { formatDate, totalEntries } from './format.ts';

/** One glossary: rename it, manage its dictionaries, delete it. */
export function GlossaryDetail({ model, glossary }: { model: GlossariesModel; glossary: GlossaryView }) {
  const name = model.renameDraft.value;
  const adding = model.adding.value;
  const busy = model.busy.value;
  const readOnly = model.readOnly.value;

  function rename(e: Event) {
    e.preventDefault();
    void model.rename((next) => t('glRenamed', 'Renamed to “$1”.', next));
  }

  async function remove() {
    const ok = await confirmAction(
      t('glDeleteTitle', 'Delete the glossary “$1”?', glossary.name),
      countText(
        'glDeleteText',
        'one=All its dictionaries ($1 entry) are deleted from the service. This cannot be undone.|other=All its dictionaries ($1 entries) are deleted from the service. This cannot be undone.',
        totalEntries(glossary.dictionaries),
      ),
      t('glDeleteConfirm', 'Delete glossary'),
    );
    if (ok) await model.deleteGlossary(glossary.glossary_id, t('glDeleted', 'Glossary “$1” deleted.', glossary.name));
  }

  return (
    <article aria-labelledby="glossary-title" class="glossary-detail">
      <button type="button" class="link back" onClick={() => model.select(undefined)}>
        {t('glBack', '← All glossaries')}
      </button>
      <h3 id="glossary-title">{glossary.name}</h3>
      <p class="hint">
        {t('glCreatedOn', 'Created $1.', formatDate(glossary.creation_time))}{' '}
        <span class="mono">{glossary.glossary_id}</span>
      </p>
      <form class="row align-end" onSubmit={rename}>
        <Field label={t('glRenameLabel', 'Glossary name')}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="text"
              aria-describedby={describedBy}
              value={name}
              maxLength={1024}
              disabled={readOnly}
              onInput={(e) => model.setRenameDraft(e.currentTarget.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={busy || readOnly || !name.trim() || name.trim() === glossary.name}>
          {t('glRename', 'Rename')}
        </button>
      </form>
      <h4>{t('glDictionaries', 'Dictionaries')}</h4>
      <DictionaryTable model={model} glossary={glossary} />
      {adding ? (
        <AddDictionary model={model} form={adding} />
      ) : (
        <div class="row">
          <button type="button" disabled={readOnly} onClick={() => model.startAdding()}>
            {t('glAddDictOpen', 'Add a dictionary for another language pair')}
          </button>
          <button type="button" class="danger" disabled={busy || readOnly} onClick={() => void remove()}>
            {t('glDeleteConfirm', 'Delete glossary')}
          </button>
        </div>
      )}
    </article>
  );
}
