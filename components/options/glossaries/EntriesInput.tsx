import type { EntriesModel } from '../../../lib/features/glossaries/entries-model.ts';
import { textOf } from '../../../lib/features/glossaries/import-session.ts';
import type { EntriesFormat } from '../../../lib/glossary/entries.ts';
import { t } from '../../../lib/ui/i18n.ts';
import { Field } from '../../ui/Field.tsx';
import { FileDrop } from './FileDrop.tsx';
import { ImportProblems } from './ImportProblems.tsx';

/** Entries typed in a text area or imported from a file; both are checked the same way. */
export function EntriesInput({ model, disabled }: { model: EntriesModel; disabled?: boolean }) {
  return (
    <div class="entries-input">
      <Field label={t('glFormat', 'Entry format')}>
        {({ id, describedBy }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            value={model.state.value.format}
            disabled={disabled}
            onChange={(e) => model.setFormat(e.currentTarget.value as EntriesFormat)}
          >
            <option value="tsv">{t('glFormatTsv', 'TSV: source, tab, target')}</option>
            <option value="csv">{t('glFormatCsv', 'CSV: source, comma, target')}</option>
          </select>
        )}
      </Field>
      <Field
        label={t('glEntries', 'Entries')}
        hint={t('glEntriesHint', 'One entry per line. Phrases may not be empty or start or end with a space.')}
      >
        {({ id, describedBy }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            class="mono"
            rows={8}
            spellcheck={false}
            disabled={disabled}
            value={textOf(model.state.value)}
            onInput={(e) => model.setText(e.currentTarget.value)}
          />
        )}
      </Field>
      <FileDrop disabled={disabled} onFile={(name, text) => model.loadFile(name, text)} />
      <ImportProblems model={model} />
    </div>
  );
}
