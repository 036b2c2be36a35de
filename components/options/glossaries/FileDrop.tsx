import { useId, useState } from 'preact/hooks';
import { t } from '../../../lib/ui/i18n.ts';

/** A file picker that also takes a dropped file. `onFile` gets the name and the text. */
export function FileDrop({ onFile, disabled }: { onFile: (name: string, text: string) => void; disabled?: boolean }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function read(file: File | undefined) {
    if (!file) return;
    setError(undefined);
    try {
      onFile(file.name, await file.text());
    } catch {
      setError(t('glReadFailed', 'The file could not be read.'));
    }
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the file input inside is the keyboard and screen-reader way.
    <div
      class={`file-drop${over ? ' over' : ''}`}
      onDragOver={(e) => {
        if (disabled) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!disabled) void read(e.dataTransfer?.files[0]);
      }}
    >
      <label for={id}>{t('glImportFile', 'Import a TSV or CSV file')}</label>
      <input
        id={id}
        type="file"
        accept=".tsv,.csv,.txt,text/tab-separated-values,text/csv,text/plain"
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          void read(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      <span class="hint" id={`${id}-hint`}>
        {t('glDropHint', 'Or drop the file here. Every line is checked before anything is sent.')}
      </span>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
