import { useEffect, useMemo, useState } from 'preact/hooks';
import { importEntries, target } from '../../lib/features/glossaries/editor-model.ts';
import { createEntriesModel } from '../../lib/features/glossaries/entries-model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Status } from '../ui/Status.tsx';
import { FileDrop } from './FileDrop.tsx';
import { ImportProblems } from './ImportProblems.tsx';

/** Imports a file into the open dictionary: checked first, then merged into the list (not yet sent). */
export function EditorImport() {
  const model = useMemo(() => createEntriesModel(), []);
  useEffect(() => () => model.dispose(), [model]);
  const [done, setDone] = useState<string>();
  const open = target.value;
  // CSV lines may name their pair: only this dictionary's lines count.
  useEffect(() => {
    model.pair.value = open ? { source_lang: open.source_lang, target_lang: open.target_lang } : {};
  }, [model, open]);
  const importing = model.importing.value;
  const count = model.result.value.entries.length;

  function accept() {
    if (model.validTsv() === undefined) return;
    const { added, updated } = importEntries(model.result.value.entries);
    setDone(t('glImported', 'Imported: $1 added, $2 updated. Save to send them.', [String(added), String(updated)]));
    model.reset();
  }

  return (
    <div class="editor-import">
      <FileDrop
        onFile={(name, text) => {
          setDone(undefined);
          model.loadFile(name, text);
        }}
      />
      <ImportProblems model={model} />
      {importing && (
        <div class="row">
          <button type="button" class="primary" disabled={model.blocked.value || count === 0} onClick={accept}>
            {t('glAddImported', 'Add $1 entries to the list', count.toLocaleString())}
          </button>
          {model.badLines.value.length === 0 && (
            <button type="button" onClick={() => model.cancel()}>
              {t('glCancelImport', 'Cancel import')}
            </button>
          )}
        </div>
      )}
      {done && <Status kind="ok">{done}</Status>}
    </div>
  );
}
