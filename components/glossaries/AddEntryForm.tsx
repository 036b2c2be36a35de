import { useRef } from 'preact/hooks';
import type { DictionaryEditorModel } from '../../lib/features/glossaries/editor-model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';

/** Adds one entry; focus returns to the source field so entries can be typed one after another. */
export function AddEntryForm({ model }: { model: DictionaryEditorModel }) {
  const sourceRef = useRef<HTMLInputElement>(null);
  const { source, target, problem } = model.newEntry.value;
  function submit(e: Event) {
    e.preventDefault();
    if (!model.addNewEntry()) sourceRef.current?.focus();
  }
  return (
    <form class="row align-end add-entry" onSubmit={submit} aria-label={t('glAddEntryForm', 'Add an entry')}>
      <Field label={t('glNewSource', 'New source phrase')}>
        {({ id, describedBy }) => (
          <input
            id={id}
            ref={sourceRef}
            type="text"
            aria-describedby={describedBy}
            value={source}
            onInput={(e) => model.setNewEntry({ source: e.currentTarget.value })}
          />
        )}
      </Field>
      <Field label={t('glNewTarget', 'New target phrase')} error={problem}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="text"
            aria-describedby={describedBy}
            value={target}
            onInput={(e) => model.setNewEntry({ target: e.currentTarget.value })}
          />
        )}
      </Field>
      <button type="submit">{t('glAddEntry', 'Add entry')}</button>
    </form>
  );
}
