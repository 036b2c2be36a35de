import type { GlossariesModel } from '../../lib/features/glossaries/model.ts';
import type { GlossaryView } from '../../lib/features/glossaries/types.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { confirmAction } from '../ui/ConfirmDialog.tsx';
import { Status } from '../ui/Status.tsx';
import { pairLabel } from './format.ts';

/** The dictionaries of one glossary, each with its entry count and actions. */
export function DictionaryTable({ model, glossary }: { model: GlossariesModel; glossary: GlossaryView }) {
  const exportError = model.exportError.value;
  const readOnly = model.readOnly.value;
  async function remove(pair: { source_lang: string; target_lang: string }) {
    const label = pairLabel(pair);
    const ok = await confirmAction(
      t('glDeleteDictTitle', 'Delete the $1 dictionary?', label),
      t('glDeleteDictText', 'Its entries are deleted from the service. This cannot be undone.'),
      t('glDeleteDictConfirm', 'Delete dictionary'),
    );
    if (ok)
      await model.deleteDictionary(glossary.glossary_id, pair, t('glDictDeleted', 'Dictionary $1 deleted.', label));
  }
  if (glossary.dictionaries.length === 0) return <p>{t('glNoDictionaries', 'No dictionaries')}</p>;
  return (
    <>
      <table>
        <caption class="visually-hidden">{t('glDictionaries', 'Dictionaries')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('glPair', 'Language pair')}</th>
            <th scope="col" class="num">
              {t('glTotal', 'Entries')}
            </th>
            <th scope="col">{t('glActions', 'Actions')}</th>
          </tr>
        </thead>
        <tbody>
          {glossary.dictionaries.map((d) => {
            const label = pairLabel(d);
            const pair = { source_lang: d.source_lang, target_lang: d.target_lang };
            return (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td class="num">{formatNumber(d.entry_count)}</td>
                <td>
                  <div class="row">
                    <button
                      type="button"
                      aria-label={
                        readOnly
                          ? t('glViewEntriesOf', 'View entries: $1', label)
                          : t('glEditEntriesOf', 'Edit entries of $1', label)
                      }
                      onClick={() =>
                        void model.editor.open({
                          glossaryId: glossary.glossary_id,
                          glossaryName: glossary.name,
                          ...pair,
                        })
                      }
                    >
                      {readOnly ? t('glViewEntries', 'View entries') : t('glEditEntries', 'Edit entries')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('glExportTsvOf', 'Export TSV: $1', label)}
                      onClick={() => void model.exportDictionary(glossary, pair, 'tsv')}
                    >
                      {t('glExportTsv', 'Export TSV')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('glExportCsvOf', 'Export CSV: $1', label)}
                      onClick={() => void model.exportDictionary(glossary, pair, 'csv')}
                    >
                      {t('glExportCsv', 'Export CSV')}
                    </button>
                    <button
                      type="button"
                      class="danger"
                      aria-label={t('glDeleteDictOf', 'Delete dictionary $1', label)}
                      disabled={model.busy.value || readOnly}
                      onClick={() => void remove(pair)}
                    >
                      {t('glDelete', 'Delete')}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p class="hint">
        {t(
          'glExportFormulas',
          "In exported files, phrases that start with = + - or @ get a leading ' so that spreadsheet programs show them as text instead of running them as formulas. Remove it before importing such a file again.",
        )}
      </p>
      {exportError && <Status kind="error">{describeError(exportError)}</Status>}
    </>
  );
}
