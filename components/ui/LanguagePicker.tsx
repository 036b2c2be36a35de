import type { Language } from '../../lib/api/index.ts';
import { sameCode, sourceOptions, targetOptions } from '../../lib/languages/index.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from './Field.tsx';

export interface LanguagePickerProps {
  label: string;
  languages: readonly Language[];
  value: string;
  onChange: (code: string) => void;
  /** Lists only languages usable in this role. */
  usableAs: 'source' | 'target';
  /** Adds a first entry with the value '' that lets the service detect the source. */
  allowDetect?: boolean;
  /** Adds a first entry with the value '' and this text (e.g. "Choose…"), when `allowDetect` is not set. */
  placeholder?: string;
  hint?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

/**
 * A labelled language select, reusable by every feature. Its languages come from the service through the
 * feature's model, never from a hard-coded list (docs/contract.md §2.4).
 */
export function LanguagePicker(props: LanguagePickerProps) {
  const { label, languages, value, onChange, usableAs, allowDetect, placeholder, hint, error, disabled, required } =
    props;
  const usable = usableAs === 'source' ? sourceOptions(languages) : targetOptions(languages);
  // A saved code the list does not (yet) hold stays selectable rather than silently changing.
  const known = value === '' || usable.some((l) => sameCode(l.lang, value));
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          value={usable.find((l) => sameCode(l.lang, value))?.lang ?? value}
          disabled={disabled}
          required={required}
          onChange={(e) => onChange(e.currentTarget.value)}
        >
          {allowDetect && <option value="">{t('langDetect', 'Detect language')}</option>}
          {!allowDetect && placeholder !== undefined && <option value="">{placeholder}</option>}
          {!known && <option value={value}>{value}</option>}
          {usable.map((l) => (
            <option key={l.lang} value={l.lang}>
              {l.status !== 'stable' ? t('langWithStatus', '$1 ($2)', [l.name, l.status]) : l.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
