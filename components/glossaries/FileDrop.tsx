import { useId, useState } from 'preact/hooks';
import type { EntriesModel, FileOutcome } from '../../lib/features/glossaries/entries-model.ts';
import { type BinaryKind, type FileRefusal, windows1252Char } from '../../lib/features/glossaries/read-file.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { SeparatorSelect } from './SeparatorSelect.tsx';

function binaryKind(kind: BinaryKind): string {
  switch (kind) {
    case 'png':
      return t('glKindPng', 'a PNG image');
    case 'jpeg':
      return t('glKindJpeg', 'a JPEG image');
    case 'gif':
      return t('glKindGif', 'a GIF image');
    case 'pdf':
      return t('glKindPdf', 'a PDF document');
    case 'zip':
      return t('glKindZip', 'a ZIP archive (an Excel or Word file is one)');
    case 'gzip':
      return t('glKindGzip', 'a gzip archive');
    case 'ole':
      return t('glKindOle', 'an old-style Office file (.xls or .doc)');
    default:
      return t('glKindBinary', 'binary data, not text');
  }
}

/** Why a file was not read, naming the file, the limit, the line: what the person needs to fix it. */
export function describeFileRefusal(name: string, refusal: FileRefusal): string {
  switch (refusal.kind) {
    case 'too-large':
      return t(
        'glFileTooLarge',
        '“$1” is too large: $2 bytes of text, and a dictionary may hold at most 10 MB ($3 bytes as UTF-8). Remove entries, or split them across glossaries.',
        [name, formatNumber(refusal.bytes), formatNumber(refusal.limit)],
      );
    case 'binary':
      return t('glFileBinary', '“$1” is not a text file: it is $2. Choose a dictionary saved as TSV or CSV text.', [
        name,
        binaryKind(refusal.looksLike),
      ]);
    case 'not-utf8':
      return t(
        'glFileNotUtf8',
        '“$1” is not UTF-8 text: line $2, column $3 has the byte 0x$4 (“$5” in Windows-1252). Save the file as UTF-8, or read it as Windows-1252 if it was saved that way.',
        [
          name,
          String(refusal.line),
          String(refusal.column),
          refusal.byte.toString(16).toUpperCase().padStart(2, '0'),
          windows1252Char(refusal.byte),
        ],
      );
    case 'bad-utf16':
      return t(
        'glFileBadUtf16',
        '“$1” is not valid UTF-16: line $2 has a broken character (an unpaired surrogate). Save the file again as UTF-8.',
        [name, String(refusal.line)],
      );
  }
}

/** What became of the last file picked, in words: an error, or a note on how it was read. */
function outcomeText(outcome: FileOutcome | undefined): { error?: string; note?: string } {
  if (!outcome) return {};
  if (outcome.kind === 'unreadable') return { error: t('glReadFailed', 'The file could not be read.') };
  if (outcome.kind === 'refused') return { error: describeFileRefusal(outcome.fileName, outcome.refusal) };
  return {
    note:
      outcome.encoding === 'windows-1252'
        ? t('glReadAs1252Done', '“$1” was read as Windows-1252.', outcome.fileName)
        : t('glReadAsUtf16', '“$1” was read as UTF-16 (by its byte-order mark).', outcome.fileName),
  };
}

/**
 * A file picker that also takes a dropped file. The file is decoded strictly by the entries model
 * (read-file.ts): a file that is too large, not text, or not UTF-8 is refused with the reason shown
 * here, and only text read as the file holds it is loaded. `onFile` hands a picked file on.
 */
export function FileDrop({
  model,
  onFile,
  disabled,
}: {
  model: EntriesModel;
  onFile: (file: Blob & { name: string }, encoding?: 'windows-1252') => void;
  disabled?: boolean;
}) {
  const id = useId();
  // Only how the drop zone looks while a file is dragged over it.
  const [over, setOver] = useState(false);
  const outcome = model.fileOutcome.value;
  const { error, note } = outcomeText(outcome);
  /** A file that is not UTF-8: the person may choose to read it as Windows-1252. */
  const legacy = outcome?.kind === 'refused' ? outcome.legacy : undefined;
  const read = (file: (Blob & { name: string }) | undefined, encoding?: 'windows-1252') => {
    if (file) onFile(file, encoding);
  };

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
        if (!disabled) read(e.dataTransfer?.files[0]);
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
          read(e.currentTarget.files?.[0]);
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
      {legacy && (
        <button type="button" disabled={disabled} onClick={() => read(legacy, 'windows-1252')}>
          {t('glReadAs1252', 'Read as Windows-1252')}
        </button>
      )}
      {note && (
        <span class="hint" role="status">
          {note}
        </span>
      )}
      <SeparatorSelect model={model} disabled={disabled} />
    </div>
  );
}
