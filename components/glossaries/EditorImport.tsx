import type { DictionaryEditorModel } from '../../lib/features/glossaries/editor-model.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { Status } from '../ui/Status.tsx';
import { FileDrop } from './FileDrop.tsx';
import { ImportProblems } from './ImportProblems.tsx';

/** Imports a file into the open dictionary: checked first, then merged into the list (not yet sent). */
export function EditorImport({ model }: { model: DictionaryEditorModel }) {
  const importer = model.importer;
  const importing = importer.importing.value;
  const count = importer.result.value.entries.length;
  const done = model.imported.value;

  return (
    <div class="editor-import">
      <FileDrop model={importer} onFile={(file, encoding) => void model.importFile(file, encoding)} />
      <ImportProblems model={importer} />
      {importing && (
        <div class="row">
          <button
            type="button"
            class="primary"
            disabled={importer.blocked.value || count === 0}
            onClick={() => model.acceptImport()}
          >
            {countText('glAddImported', 'one=Add $1 entry to the list|other=Add $1 entries to the list', count)}
          </button>
          {importer.badLines.value.length === 0 && (
            <button type="button" onClick={() => importer.cancel()}>
              {t('glCancelImport', 'Cancel import')}
            </button>
          )}
        </div>
      )}
      {done && (
        <Status kind="ok">
          {t('glImported', 'Imported: $1 added, $2 updated. Save to send them.', [
            formatNumber(done.added),
            formatNumber(done.updated),
          ])}
        </Status>
      )}
    </div>
  );
}
