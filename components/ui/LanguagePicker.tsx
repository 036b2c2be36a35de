import { useEffect, useState } from 'preact/hooks';
import type { Language } from '../../lib/api/index.ts';
import { send } from '../../lib/messaging/protocol.ts';
import type { ErrorInfo } from '../../lib/messaging/result.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from './Field.tsx';

type Resource = 'translate_text' | 'translate_document' | 'glossary' | 'voice' | 'write' | 'style_rules';

export interface LanguagesState {
  languages: Language[];
  loading: boolean;
  error?: ErrorInfo;
}

/**
 * The languages of a resource, through `languages.get` (cached for an hour in the background). Pickers
 * never hard-code a language list: codes and names come from the service (docs/contract.md §2.4).
 */
export function useLanguages(resource: Resource, { includeBeta = false } = {}): LanguagesState {
  const [state, setState] = useState<LanguagesState>({ languages: [], loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    void send('languages.get', { resource, includeBeta }).then((result) => {
      if (!live) return;
      setState(
        result.ok
          ? { languages: result.value, loading: false }
          : { languages: [], loading: false, error: result.error },
      );
    });
    return () => {
      live = false;
    };
  }, [resource, includeBeta]);
  return state;
}

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

/** A labelled language select, reusable by every feature. */
export function LanguagePicker(props: LanguagePickerProps) {
  const { label, languages, value, onChange, usableAs, allowDetect, placeholder, hint, error, disabled, required } =
    props;
  const usable = languages
    .filter((l) => (usableAs === 'source' ? l.usable_as_source : l.usable_as_target))
    .sort((a, b) => a.name.localeCompare(b.name));
  // A saved code the list does not (yet) hold stays selectable rather than silently changing.
  const known = value === '' || usable.some((l) => l.lang.toLowerCase() === value.toLowerCase());
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          value={usable.find((l) => l.lang.toLowerCase() === value.toLowerCase())?.lang ?? value}
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
