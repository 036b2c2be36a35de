import { useId, useState } from 'preact/hooks';
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_TYPES_TEXT,
  MAX_DOCUMENT_BYTES,
  NOT_TRANSLATED_BY_LOCAL_SERVICE,
} from '../../lib/features/documents/file-types.ts';
import type { DocumentsModel } from '../../lib/features/documents/model.ts';
import { formatFileSize, t } from '../../lib/ui/i18n.ts';

/** A file input (keyboard and screen readers) inside an area that also takes a dropped file. */
export function DropZone({ model }: { model: DocumentsModel }) {
  const id = useId();
  const { file, fileProblem, loopbackServer, uploading } = model;
  // Only how the zone looks while a file is dragged over it.
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (uploading.value) return;
    const dropped = e.dataTransfer?.files?.[0];
    if (dropped) model.chooseFile(dropped);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer convenience; the file input inside is the way for keyboards and screen readers.
    <div
      class={`dropzone${over ? ' over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label for={id}>{t('docsFileLabel', 'File to translate')}</label>
      <input
        id={id}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        aria-describedby={`${id}-hint${loopbackServer.value ? ` ${id}-local` : ''}${fileProblem.value ? ` ${id}-error` : ''}`}
        disabled={uploading.value}
        onChange={(e) => model.chooseFile(e.currentTarget.files?.[0] ?? null)}
      />
      <p class="hint" id={`${id}-hint`}>
        {t('docsFileHint', 'Or drop a file here. Accepted types: $1 (XLIFF in version 2.1), at most $2.', [
          ACCEPTED_TYPES_TEXT,
          formatFileSize(MAX_DOCUMENT_BYTES),
        ])}
      </p>
      {loopbackServer.value && (
        <p class="hint" id={`${id}-local`}>
          {t(
            'docsLocalServiceNote',
            'The server Verso uses now is a test service on this computer: it does not translate $1 files. Your translation service account does.',
            NOT_TRANSLATED_BY_LOCAL_SERVICE.join(', '),
          )}
        </p>
      )}
      {file.value && !fileProblem.value && (
        <p class="chosen">{t('docsChosen', 'Chosen: $1 ($2)', [file.value.name, formatFileSize(file.value.size)])}</p>
      )}
      {fileProblem.value && (
        <p class="error" id={`${id}-error`} role="alert">
          {fileProblem.value}
        </p>
      )}
    </div>
  );
}
