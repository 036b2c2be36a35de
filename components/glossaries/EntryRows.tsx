import type { EntryRow } from '../../lib/features/glossaries/dictionary-edit.ts';
import type { DictionaryEditorModel, EntryDraft } from '../../lib/features/glossaries/editor-model.ts';
import { t } from '../../lib/ui/i18n.ts';

function EditingRow({ model, row, draft }: { model: DictionaryEditorModel; row: EntryRow; draft: EntryDraft }) {
  const { source, target, problem: error } = draft;
  const errorId = `entry-${row.id}-error`;
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      model.commitEditing();
    } else if (e.key === 'Escape') model.stopEditing();
  };
  return (
    <tr class="editing">
      <td>
        <input
          type="text"
          aria-label={t('glSourcePhraseOf', 'Source phrase (was $1)', row.source)}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          value={source}
          onInput={(e) => model.changeEditing({ source: e.currentTarget.value })}
          onKeyDown={keys}
          // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this entry.
          autoFocus
        />
      </td>
      <td>
        <input
          type="text"
          aria-label={t('glTargetPhraseOf', 'Target phrase of $1', row.source)}
          aria-describedby={error ? errorId : undefined}
          value={target}
          onInput={(e) => model.changeEditing({ target: e.currentTarget.value })}
          onKeyDown={keys}
        />
        {error && (
          <span class="error" id={errorId} role="alert">
            {error}
          </span>
        )}
      </td>
      <td>
        <div class="row">
          <button type="button" class="primary" onClick={() => model.commitEditing()}>
            {t('glDone', 'Done')}
          </button>
          <button type="button" onClick={() => model.stopEditing()}>
            {t('optCancel', 'Cancel')}
          </button>
        </div>
      </td>
    </tr>
  );
}

/** One page of entries; a row turns into inputs while it is edited. */
export function EntryRows({
  model,
  rows,
  readOnly,
}: {
  model: DictionaryEditorModel;
  rows: readonly EntryRow[];
  readOnly: boolean;
}) {
  const editing = model.editing.value;
  return (
    <tbody>
      {rows.map((row) =>
        row.id === editing?.id ? (
          <EditingRow key={row.id} model={model} row={row} draft={editing} />
        ) : (
          <tr key={row.id}>
            <td>{row.source}</td>
            <td>{row.target}</td>
            <td>
              {!readOnly && (
                <div class="row">
                  <button
                    type="button"
                    aria-label={t('glEditEntry', 'Edit $1', row.source)}
                    onClick={() => model.startEditing(row.id)}
                  >
                    {t('glEdit', 'Edit')}
                  </button>
                  <button
                    type="button"
                    class="danger"
                    aria-label={t('glDeleteEntry', 'Delete $1', row.source)}
                    onClick={() => model.remove(row.id)}
                  >
                    {t('glDelete', 'Delete')}
                  </button>
                </div>
              )}
            </td>
          </tr>
        ),
      )}
    </tbody>
  );
}
