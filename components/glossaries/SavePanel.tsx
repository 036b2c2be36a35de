import type { DictionaryEditorModel } from '../../lib/features/glossaries/editor-model.ts';
import type { SaveMode } from '../../lib/features/glossaries/types.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { Status } from '../ui/Status.tsx';

/** How the edits reach the service, said plainly: a merge cannot delete, a replace sends everything. */
export function SavePanel({ model }: { model: DictionaryEditorModel }) {
  const { dirty, payload, saving, saveNotice, saveError } = model;
  const c = model.changes.value;
  const total = model.editorState.value.rows.length;
  const current = model.mode.value;
  const deletionsLost = current === 'merge' && c.deleted.length > 0;
  const options: Array<{ value: SaveMode; label: string; help: string }> = [
    {
      value: 'merge',
      label: t('glMerge', 'Merge'),
      help: countText(
        'glMergeHelp',
        'one=Sends only the $1 new or changed entry; the service adds it and keeps every other entry. Deleted entries are not removed.|other=Sends only the $1 new and changed entries; the service adds them and keeps every other entry. Deleted entries are not removed.',
        c.added.length + c.changed.length,
      ),
    },
    {
      value: 'replace',
      label: t('glReplace', 'Replace'),
      help: countText(
        'glReplaceHelp',
        'one=Sends the whole list of $1 entry; the dictionary on the service becomes exactly this list, so deleted entries are removed.|other=Sends the whole list of $1 entries; the dictionary on the service becomes exactly this list, so deleted entries are removed.',
        total,
      ),
    },
  ];
  return (
    <section class="save-panel card" aria-labelledby="save-title">
      <h4 id="save-title">{t('glSaveTitle', 'Save to the service')}</h4>
      <p role="status">
        {dirty.value
          ? t('glPending', 'Unsaved: $1 added, $2 changed, $3 deleted.', [
              formatNumber(c.added.length),
              formatNumber(c.changed.length),
              formatNumber(c.deleted.length),
            ])
          : t('glNoPending', 'No unsaved changes.')}
      </p>
      <fieldset>
        <legend>{t('glSaveHow', 'How to save')}</legend>
        {options.map((o) => (
          <div class="radio" key={o.value}>
            <input
              type="radio"
              id={`save-${o.value}`}
              name="save-mode"
              value={o.value}
              checked={current === o.value}
              aria-describedby={`save-${o.value}-help`}
              onChange={() => model.setMode(o.value)}
            />
            <label for={`save-${o.value}`}>{o.label}</label>
            <span class="hint" id={`save-${o.value}-help`}>
              {o.help}
            </span>
          </div>
        ))}
      </fieldset>
      {deletionsLost && (
        <Status kind="warn">
          {countText(
            'glMergeKeepsDeleted',
            'one=A merge keeps the $1 deleted entry on the service. Choose Replace to remove it.|other=A merge keeps the $1 deleted entries on the service. Choose Replace to remove them.',
            c.deleted.length,
          )}
        </Status>
      )}
      {current === 'replace' && total === 0 && (
        <Status kind="warn">
          {t('glReplaceEmpty', 'A dictionary cannot be empty: delete the dictionary instead.')}
        </Status>
      )}
      <button
        type="button"
        class="primary"
        disabled={saving.value || payload.value.length === 0 || (current === 'merge' && !dirty.value)}
        onClick={() =>
          void model.save((n) =>
            countText(
              'glSaved',
              'one=Saved. The dictionary now has $1 entry.|other=Saved. The dictionary now has $1 entries.',
              n,
            ),
          )
        }
      >
        {current === 'merge' ? t('glSaveMerge', 'Save (merge)') : t('glSaveReplace', 'Save (replace)')}
      </button>
      {saving.value && <Status kind="info">{t('glSaving', 'Saving…')}</Status>}
      {saveNotice.value && <Status kind="ok">{saveNotice.value}</Status>}
      {saveError.value && <Status kind="error">{describeError(saveError.value)}</Status>}
    </section>
  );
}
