import type { EntriesFormat } from '../../lib/features/glossaries/entries.ts';
import type { EntriesModel } from '../../lib/features/glossaries/entries-model.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { FileDrop } from './FileDrop.tsx';
import { ImportProblems } from './ImportProblems.tsx';

/** Text longer than this is not put in the text area: laying out megabytes there freezes the page. */
const EDITABLE_CHARS = 100_000;
/** A long text shows its first lines, read-only. */
const PREVIEW_LINES = 200;

/** Entries typed in a text area or imported from a file; both are checked the same way. */
export function EntriesInput({ model, disabled }: { model: EntriesModel; disabled?: boolean }) {
  const text = model.text.value;
  const long = text.length > EDITABLE_CHARS;
  const { lines, fileName } = model.state.value;
  // The list of bad lines below has its own way out.
  const offeredBelow = model.showProblems.value && !model.checking.value && model.badLines.value.length > 0;
  const size = [formatNumber(lines.length), formatNumber(text.length), formatNumber(PREVIEW_LINES)];
  const hint = !long
    ? t('glEntriesHint', 'One entry per line. Phrases may not be empty or start or end with a space.')
    : fileName
      ? t(
          'glEntriesLongHint',
          '“$1”: $2 lines, $3 characters. Too long to edit here: the first $4 lines are shown; problems are listed below.',
          [fileName, ...size],
        )
      : t(
          'glEntriesLongTextHint',
          '$1 lines, $2 characters. Too long to edit here: the first $3 lines are shown; problems are listed below.',
          size,
        );
  return (
    <div class="entries-input">
      {/* A loaded file has its own separator choice (SeparatorSelect, beside the file picker). */}
      {!model.importing.value && (
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
      )}
      <Field label={t('glEntries', 'Entries')} hint={hint}>
        {({ id, describedBy }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            class="mono"
            rows={8}
            spellcheck={false}
            disabled={disabled}
            readOnly={long}
            value={long ? lines.slice(0, PREVIEW_LINES).join('\n') : text}
            onInput={(e) => model.setText(e.currentTarget.value)}
          />
        )}
      </Field>
      {long && !offeredBelow && (
        <button type="button" disabled={disabled} onClick={() => model.cancel()}>
          {model.importing.value ? t('glCancelImport', 'Cancel import') : t('glClearEntries', 'Clear entries')}
        </button>
      )}
      <FileDrop model={model} disabled={disabled} onFile={(file, encoding) => void model.readFile(file, encoding)} />
      <ImportProblems model={model} />
    </div>
  );
}
