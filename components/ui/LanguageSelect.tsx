import { displayLanguageName, t } from '../../lib/ui/i18n.ts';

export interface LanguageOption {
  lang: string;
  name: string;
}

interface LanguageSelectProps {
  value: string;
  options: readonly LanguageOption[];
  onChange(code: string): void;
  /** With a visible <label for>, pass its id; otherwise give `label` (used as aria-label). */
  id?: string;
  label?: string;
  describedBy?: string;
  /** Recently used codes, offered first. */
  recent?: readonly string[];
  /** Adds a first option with the empty value (e.g. "Detect language"). */
  emptyOption?: string;
  disabled?: boolean;
  /** In a web page (the bubble): act only on the person's own input, never on events the page made up. */
  trustedOnly?: boolean;
}

/**
 * A language picker. A value the list does not (yet) hold (languages not loaded: no key, offline) is still
 * shown, by its name in the UI language.
 */
export function LanguageSelect(props: LanguageSelectProps) {
  const { value, options, recent = [], emptyOption } = props;
  const byCode = new Map(options.map((o) => [o.lang.toLowerCase(), o]));
  const recentOptions = recent.map((r) => byCode.get(r.toLowerCase())).filter((o): o is LanguageOption => !!o);
  const known = value === '' || byCode.has(value.toLowerCase());
  const option = (o: LanguageOption) => (
    <option key={o.lang} value={o.lang}>
      {o.name}
    </option>
  );
  return (
    <select
      id={props.id}
      aria-label={props.id ? undefined : props.label}
      aria-describedby={props.describedBy}
      value={value}
      disabled={props.disabled}
      onChange={(e) => {
        if (props.trustedOnly && !e.isTrusted) {
          e.currentTarget.value = value;
          return;
        }
        props.onChange(e.currentTarget.value);
      }}
    >
      {emptyOption !== undefined && <option value="">{emptyOption}</option>}
      {!known && <option value={value}>{displayLanguageName(value, value)}</option>}
      {recentOptions.length > 0 ? (
        <>
          <optgroup label={t('selLangRecent', 'Recent')}>{recentOptions.map(option)}</optgroup>
          <optgroup label={t('selLangAll', 'All languages')}>{options.map(option)}</optgroup>
        </>
      ) : (
        options.map(option)
      )}
    </select>
  );
}
