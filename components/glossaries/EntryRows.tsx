import { useState } from 'preact/hooks';
import type { EntryRow } from '../../lib/features/glossaries/dictionary-edit.ts';
import { remove, update } from '../../lib/features/glossaries/editor-model.ts';
import { t } from '../../lib/ui/i18n.ts';

function EditingRow({ row, onDone }: { row: EntryRow; onDone: () => void }) {
  const [source, setSource] = useState(row.source);
  const [target, setTarget] = useState(row.target);
  const [error, setError] = useState<string>();
  const errorId = `entry-${row.id}-error`;
  function commit() {
    const reason = update(row.id, source, target);
    if (reason) setError(reason);
    else onDone();
  }
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape') onDone();
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
          onInput={(e) => setSource(e.currentTarget.value)}
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
          onInput={(e) => setTarget(e.currentTarget.value)}
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
          <button type="button" class="primary" onClick={commit}>
            {t('glDone', 'Done')}
          </button>
          <button type="button" onClick={onDone}>
            {t('optCancel', 'Cancel')}
          </button>
        </div>
      </td>
    </tr>
  );
}

/** One page of entries; a row turns into inputs while it is edited. */
export function EntryRows({ rows, readOnly }: { rows: readonly EntryRow[]; readOnly: boolean }) {
  const [editing, setEditing] = useState<number>();
  return (
    <tbody>
      {rows.map((row) =>
        row.id === editing ? (
          <EditingRow key={row.id} row={row} onDone={() => setEditing(undefined)} />
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
                    onClick={() => setEditing(row.id)}
                  >
                    {t('glEdit', 'Edit')}
                  </button>
                  <button
                    type="button"
                    class="danger"
                    aria-label={t('glDeleteEntry', 'Delete $1', row.source)}
                    onClick={() => remove(row.id)}
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
