import { useId } from 'preact/hooks';

/** A labelled group of radio buttons; arrow keys move between them, as the browser does for radios. */
export function ChoiceGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
  hint,
}: {
  legend: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <fieldset class="choice-group" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <span class="radio" key={o.value}>
          <input
            type="radio"
            id={`${id}-${o.value}`}
            name={id}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <label for={`${id}-${o.value}`}>{o.label}</label>
        </span>
      ))}
      {hint && (
        <span class="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </fieldset>
  );
}
