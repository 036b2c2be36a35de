import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

interface FieldProps {
  label: string;
  hint?: string;
  error?: string;
  /** Renders the control; receives the id to put on it and the ids that describe it. */
  children: (ids: { id: string; describedBy: string | undefined }) => ComponentChildren;
}

/** A labelled form control with an optional hint and error, wired for screen readers. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children({ id, describedBy })}
      {hint && (
        <span class="hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && (
        <span class="error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
