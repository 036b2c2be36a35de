import { useId, useState } from 'preact/hooks';
import { ACCEPT_ATTRIBUTE } from '../../lib/features/documents/file-types.ts';
import type { DocumentsModel } from '../../lib/features/documents/model.ts';
import { t } from '../../lib/ui/i18n.ts';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A file input (keyboard and screen readers) inside an area that also takes a dropped file. */
export function DropZone({ model }: { model: DocumentsModel }) {
  const id = useId();
  const { file, fileProblem, uploading } = model;
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
        aria-describedby={`${id}-hint${fileProblem.value ? ` ${id}-error` : ''}`}
        disabled={uploading.value}
        onChange={(e) => model.chooseFile(e.currentTarget.files?.[0] ?? null)}
      />
      <p class="hint" id={`${id}-hint`}>
        {t(
          'docsFileHint',
          'Or drop a file here. Word (docx, doc), PowerPoint, Excel, PDF, HTML, text, XLIFF 2.1, subtitles (srt) or images (jpg, png), at most 30 MB.',
        )}
      </p>
      {file.value && !fileProblem.value && (
        <p class="chosen">{t('docsChosen', 'Chosen: $1 ($2)', [file.value.name, size(file.value.size)])}</p>
      )}
      {fileProblem.value && (
        <p class="error" id={`${id}-error`} role="alert">
          {fileProblem.value}
        </p>
      )}
    </div>
  );
}
