import { useRef, useState } from 'preact/hooks';
import { add } from '../../lib/features/glossaries/editor-model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';

/** Adds one entry; focus returns to the source field so entries can be typed one after another. */
export function AddEntryForm() {
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string>();
  const sourceRef = useRef<HTMLInputElement>(null);
  function submit(e: Event) {
    e.preventDefault();
    const reason = add(source, target);
    setError(reason);
    if (reason) return;
    setSource('');
    setTarget('');
    sourceRef.current?.focus();
  }
  return (
    <form class="row align-end add-entry" onSubmit={submit} aria-label={t('glAddEntryForm', 'Add an entry')}>
      <Field label={t('glNewSource', 'New source phrase')}>
        {({ id, describedBy }) => (
          <input
            id={id}
            ref={sourceRef}
            type="text"
            aria-describedby={describedBy}
            value={source}
            onInput={(e) => setSource(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field label={t('glNewTarget', 'New target phrase')} error={error}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="text"
            aria-describedby={describedBy}
            value={target}
            onInput={(e) => setTarget(e.currentTarget.value)}
          />
        )}
      </Field>
      <button type="submit">{t('glAddEntry', 'Add entry')}</button>
    </form>
  );
}
