import { useEffect } from 'preact/hooks';
import type { SettingsFileModel } from '../../lib/features/settings-file/model.ts';
import { countsOf, nothingSentence, previewSentence } from '../../lib/features/settings-file/summary.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Status } from '../ui/Status.tsx';

/** Settings to and from a JSON file. Keys and the server address stay in this browser. */
export function SettingsFileSection({ model }: { model: SettingsFileModel }) {
  useEffect(() => model.open(), [model]);
  const p = model.pending.value;
  const problem = model.problem.value;
  const nothing = model.nothing.value;
  const applied = model.applied.value;
  return (
    <section aria-labelledby="backup-title">
      <h2 id="backup-title">{t('bkTitle', 'Settings file')}</h2>
      <p class="hint">
        {t(
          'bkHint',
          'Defaults, site rules, default glossaries and the theme. API keys and the server address are never written to the file.',
        )}
      </p>
      <div class="card">
        <h3>{t('bkExportTitle', 'Export')}</h3>
        <button type="button" onClick={() => void model.exportFile()}>
          {t('bkExport', 'Export settings')}
        </button>
      </div>
      <div class="card">
        <h3>{t('bkImportTitle', 'Import')}</h3>
        <div class="field">
          <label for="bk-file">{t('bkImportLabel', 'Settings file to import')}</label>
          <input
            id="bk-file"
            type="file"
            accept=".json,application/json"
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) await model.readChosenFile(file);
            }}
          />
        </div>
        {problem && (
          <Status kind="error">
            {t('bkRefused', '$1 was not imported and nothing was changed: $2', [problem.fileName, problem.message])}
          </Status>
        )}
        {p && (
          <div class="import-preview">
            <p role="status">
              {previewSentence(p.fileName, countsOf(p.file))}
              {p.migratedFrom !== undefined &&
                ` ${t('bkMigrated', 'It was written by an older Verso (settings version $1) and has been converted.', String(p.migratedFrom))}`}
            </p>
            <div class="row">
              <button type="button" class="primary" onClick={() => void model.applyPending()}>
                {t('bkApply', 'Replace my settings with these')}
              </button>
              <button type="button" onClick={() => model.cancelPending()}>
                {t('optCancel', 'Cancel')}
              </button>
            </div>
          </div>
        )}
        {nothing && <Status kind="info">{nothingSentence()}</Status>}
        {applied && <Status kind="ok">{applied}</Status>}
      </div>
    </section>
  );
}
