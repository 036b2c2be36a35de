import { useRef, useState } from 'preact/hooks';
import type { ReaderPage } from '../../lib/features/pdf/reader.ts';
import { t } from '../../lib/ui/i18n.ts';
import { TranslateFilePanel } from '../documents/TranslateFilePanel.tsx';

/**
 * "Translate the whole file": the open PDF through the document API, in a dialog that mounts the
 * documents feature's panel (its form, the person's Translate, progress, download). A translated PDF can
 * be opened here in the reader; the job is also on the documents page, and its file is kept until saved.
 */
export function WholeFile({ reader }: { reader: ReaderPage }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [result, setResult] = useState<{ blob: Blob; name: string } | undefined>(undefined);

  const open = async () => {
    const state = reader.file.state.value;
    const bytes = await reader.view.bytes();
    if (!bytes || state.kind !== 'ready') return;
    setResult(undefined);
    setFile(new File([bytes as BlobPart], state.name, { type: 'application/pdf' }));
    dialog.current?.showModal();
  };

  const openResult = async () => {
    if (!result) return;
    dialog.current?.close();
    // The service's bytes are opened like any PDF: pdf.js without eval (lib/features/pdf/viewer.ts).
    await reader.file.openFile(new Uint8Array(await result.blob.arrayBuffer()), result.name);
  };

  return (
    <>
      <button type="button" onClick={() => void open()}>
        {t('pdfWholeFile', 'Translate the whole file…')}
      </button>
      <dialog
        ref={dialog}
        class="whole-file"
        aria-labelledby="whole-file-title"
        onClose={() => {
          setFile(undefined);
          setResult(undefined);
        }}
      >
        <h2 id="whole-file-title">{t('pdfWholeFileTitle', 'Translate the whole file')}</h2>
        {file && (
          <TranslateFilePanel
            file={file}
            onResult={(blob, name, format) => {
              if (format === 'pdf') setResult({ blob, name });
            }}
          />
        )}
        <div class="whole-file-actions">
          {result && (
            <button type="button" onClick={() => void openResult()}>
              {t('pdfOpenTranslated', 'Open the translation in the reader')}
            </button>
          )}
          <button type="button" onClick={() => dialog.current?.close()}>
            {t('pdfWholeFileClose', 'Close')}
          </button>
        </div>
      </dialog>
    </>
  );
}
