import type { ComponentChildren } from 'preact';

interface CheckboxProps {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  /** After the hint, e.g. a "Saved" note. */
  children?: ComponentChildren;
}

/** A labelled checkbox with an optional hint that describes it to screen readers. */
export function Checkbox({ id, label, hint, checked, onChange, children }: CheckboxProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div class="checkbox">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      {hint && (
        <span class="hint" id={hintId}>
          {hint}
        </span>
      )}
      {children}
    </div>
  );
}
