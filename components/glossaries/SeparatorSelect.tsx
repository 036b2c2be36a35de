import type { EntriesModel, SeparatorChoice } from '../../lib/features/glossaries/entries-model.ts';
import type { Separator } from '../../lib/features/glossaries/import-session.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';

function separatorName(separator: Separator): string {
  switch (separator) {
    case ',':
      return t('glSeparatorComma', 'Comma');
    case ';':
      return t('glSeparatorSemicolon', 'Semicolon');
    default:
      return t('glSeparatorTab', 'Tab');
  }
}

const CHOICES: readonly Separator[] = [',', ';', '\t'];

/**
 * Which separator a loaded file's lines are read with: the one found in the file, or the person's
 * choice, which reads the same lines again (the file is not picked again).
 */
export function SeparatorSelect({ model, disabled }: { model: EntriesModel; disabled?: boolean }) {
  if (!model.importing.value) return null;
  const used = separatorName(model.separator.value);
  return (
    <Field
      label={t('glSeparator', 'Column separator')}
      hint={t('glSeparatorUsed', 'Source and target in “$1” are read as separated by: $2.', [
        model.state.value.fileName ?? '',
        used,
      ])}
    >
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          value={model.separatorChoice.value}
          disabled={disabled}
          onChange={(e) => model.chooseSeparator(e.currentTarget.value as SeparatorChoice)}
        >
          <option value="auto">
            {t('glSeparatorAuto', 'Automatic: $1', separatorName(model.detectedSeparator.value))}
          </option>
          {CHOICES.map((s) => (
            <option key={s} value={s}>
              {separatorName(s)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
