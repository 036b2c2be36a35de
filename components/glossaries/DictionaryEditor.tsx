import type { DictionaryEditorModel } from '../../lib/features/glossaries/editor-model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { confirmAction } from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';
import { AddEntryForm } from './AddEntryForm.tsx';
import { EditorImport } from './EditorImport.tsx';
import { EntryRows } from './EntryRows.tsx';
import { pairLabel } from './format.ts';
import { SavePanel } from './SavePanel.tsx';

async function back(model: DictionaryEditorModel) {
  if (
    model.dirty.value &&
    !(await confirmAction(
      t('glDiscardTitle', 'Discard unsaved changes?'),
      t('glDiscardText', 'The changes made in this dictionary have not been sent to the service.'),
      t('glDiscard', 'Discard changes'),
    ))
  )
    return;
  model.close();
}

function Pager({ model }: { model: DictionaryEditorModel }) {
  const v = model.visible.value;
  const total = model.filtered.value.length;
  const all = model.editorState.value.rows.length;
  const from = total === 0 ? 0 : v.start + 1;
  const to = v.start + v.items.length;
  return (
    <nav class="row pager" aria-label={t('glPages', 'Entry pages')}>
      <button type="button" disabled={v.page === 0} onClick={() => model.goToPage(v.page - 1)}>
        {t('glPrev', 'Previous page')}
      </button>
      <span role="status">
        {total === all
          ? t('glShowing', 'Entries $1–$2 of $3', [formatNumber(from), formatNumber(to), formatNumber(all)])
          : t('glShowingFiltered', 'Entries $1–$2 of $3 matching (of $4)', [
              formatNumber(from),
              formatNumber(to),
              formatNumber(total),
              formatNumber(all),
            ])}
      </span>
      <button type="button" disabled={v.page >= v.pages - 1} onClick={() => model.goToPage(v.page + 1)}>
        {t('glNext', 'Next page')}
      </button>
    </nav>
  );
}

/**
 * The entries of one dictionary. Large dictionaries stay smooth because only one page (100 rows) is in
 * the document at a time; search narrows the list before it is paged.
 */
export function DictionaryEditor({ model, listReadOnly }: { model: DictionaryEditorModel; listReadOnly: boolean }) {
  const open = model.target.value;
  if (!open) return null;
  const { loading, loadError, stale } = model;
  const readOnly = listReadOnly || stale.value !== undefined;
  return (
    <article class="dictionary-editor" aria-labelledby="editor-title">
      <button type="button" class="link back" onClick={() => void back(model)}>
        {t('glBackTo', '← Back to $1', open.glossaryName)}
      </button>
      <h3 id="editor-title">{t('glEditorTitle', '$1: $2 entries', [open.glossaryName, pairLabel(open)])}</h3>
      {loading.value && <Status kind="info">{t('glLoadingEntries', 'Loading entries…')}</Status>}
      {loadError.value && <Status kind="error">{describeError(loadError.value)}</Status>}
      {stale.value && (
        <Status kind="warn">
          {t('glStaleEntries', 'Read-only: the service could not be reached, so these are the entries saved earlier.')}{' '}
          {describeError(stale.value)}
        </Status>
      )}
      {!loading.value && !loadError.value && (
        <>
          {!readOnly && <AddEntryForm model={model} />}
          {!readOnly && <EditorImport model={model} />}
          <Field label={t('glSearch', 'Search entries')}>
            {({ id, describedBy }) => (
              <input
                id={id}
                type="search"
                aria-describedby={describedBy}
                value={model.query.value}
                onInput={(e) => model.search(e.currentTarget.value)}
              />
            )}
          </Field>
          <Pager model={model} />
          <table class="entries-table">
            <caption class="visually-hidden">{t('glEntriesCaption', 'Entries of $1', pairLabel(open))}</caption>
            <thead>
              <tr>
                <th scope="col">{t('glSourcePhrase', 'Source phrase')}</th>
                <th scope="col">{t('glTargetPhrase', 'Target phrase')}</th>
                <th scope="col">{t('glActions', 'Actions')}</th>
              </tr>
            </thead>
            <EntryRows model={model} rows={model.visible.value.items} readOnly={readOnly} />
          </table>
          {!readOnly && <SavePanel model={model} />}
        </>
      )}
    </article>
  );
}
