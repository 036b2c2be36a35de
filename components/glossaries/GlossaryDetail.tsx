import { useEffect, useState } from 'preact/hooks';
import { busy, deleteGlossary, readOnly, renameGlossary, selectedId } from '../../lib/features/glossaries/model.ts';
import type { GlossaryView } from '../../lib/features/glossaries/types.ts';
import { t } from '../../lib/ui/i18n.ts';
import { confirmAction } from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/Field.tsx';
import { AddDictionary } from './AddDictionary.tsx';
import { DictionaryTable } from './DictionaryTable.tsx';
import { formatDate, totalEntries } from './format.ts';

/** One glossary: rename it, manage its dictionaries, delete it. */
export function GlossaryDetail({ glossary }: { glossary: GlossaryView }) {
  const [name, setName] = useState(glossary.name);
  const [adding, setAdding] = useState(false);
  useEffect(() => setName(glossary.name), [glossary.name]);

  async function rename(e: Event) {
    e.preventDefault();
    const next = name.trim();
    if (!next || next === glossary.name) return;
    await renameGlossary(glossary.glossary_id, next, t('glRenamed', 'Renamed to “$1”.', next));
  }

  async function remove() {
    const ok = await confirmAction(
      t('glDeleteTitle', 'Delete the glossary “$1”?', glossary.name),
      t(
        'glDeleteText',
        'All its dictionaries ($1 entries) are deleted from the service. This cannot be undone.',
        totalEntries(glossary.dictionaries).toLocaleString(),
      ),
      t('glDeleteConfirm', 'Delete glossary'),
    );
    if (ok) await deleteGlossary(glossary.glossary_id, t('glDeleted', 'Glossary “$1” deleted.', glossary.name));
  }

  return (
    <article aria-labelledby="glossary-title" class="glossary-detail">
      <button type="button" class="link back" onClick={() => (selectedId.value = undefined)}>
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
              disabled={readOnly.value}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={busy.value || readOnly.value || !name.trim() || name.trim() === glossary.name}>
          {t('glRename', 'Rename')}
        </button>
      </form>
      <h4>{t('glDictionaries', 'Dictionaries')}</h4>
      <DictionaryTable glossary={glossary} />
      {adding ? (
        <AddDictionary glossary={glossary} onClose={() => setAdding(false)} />
      ) : (
        <div class="row">
          <button type="button" disabled={readOnly.value} onClick={() => setAdding(true)}>
            {t('glAddDictOpen', 'Add a dictionary for another language pair')}
          </button>
          <button type="button" class="danger" disabled={busy.value || readOnly.value} onClick={() => void remove()}>
            {t('glDeleteConfirm', 'Delete glossary')}
          </button>
        </div>
      )}
    </article>
  );
}
