import { useState } from 'preact/hooks';
import type { ReaderPage } from '../../lib/features/pdf/reader.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Status } from '../ui/Status.tsx';

/** Before a document shows: a PDF to drop or choose, the access its site needs, a password, or why it cannot open. */
export function FileScreen({ reader }: { reader: ReaderPage }) {
  const state = reader.file.state.value;
  const [password, setPassword] = useState('');
  const [hover, setHover] = useState(false);
  const openFile = async (file: File | undefined) => {
    if (file) await reader.file.openFile(new Uint8Array(await file.arrayBuffer()), file.name);
  };
  const picker = (
    <label class="button">
      {t('pdfChoose', 'Choose a PDF…')}
      <input
        type="file"
        accept="application/pdf,.pdf"
        class="visually-hidden"
        onChange={(e) => void openFile((e.currentTarget as HTMLInputElement).files?.[0])}
      />
    </label>
  );
  return (
    <section
      class={`file-screen${hover ? ' hover' : ''}`}
      aria-label={t('pdfTitle', 'Verso: PDF reader')}
      onDragOver={(e) => {
        e.preventDefault();
        setHover(true);
      }}
      onDragLeave={() => setHover(false)}
      onDrop={(e) => {
        e.preventDefault();
        setHover(false);
        void openFile(e.dataTransfer?.files[0]);
      }}
    >
      <h1>{t('pdfTitle', 'Verso: PDF reader')}</h1>
      {state.kind === 'empty' && (
        <>
          <p>
            {t(
              'pdfDrop',
              'Drop a PDF here, or choose one. It stays on this computer until you translate what you read.',
            )}
          </p>
          {picker}
        </>
      )}
      {state.kind === 'loading' && <Status kind="info">{t('pdfLoading', 'Opening the PDF…')}</Status>}
      {state.kind === 'permission' && (
        <>
          <p>
            {t(
              'pdfPermission',
              'To open this PDF, Verso needs to read files from $1. The browser asks you to allow it for this site only.',
              state.origin,
            )}
          </p>
          <button type="button" class="primary" onClick={() => void reader.file.allow()}>
            {t('pdfAllow', 'Allow for $1', state.origin)}
          </button>
        </>
      )}
      {state.kind === 'password' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void reader.file.submitPassword(password);
          }}
        >
          <p>{t('pdfPasswordNeeded', 'This PDF is protected with a password.')}</p>
          {state.wrong && (
            <Status kind="error">{t('pdfPasswordWrong', 'That password is not right. Try again.')}</Status>
          )}
          <label>
            {t('pdfPassword', 'Password')}
            <input type="password" value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
          </label>
          <button type="submit" class="primary">
            {t('pdfOpen', 'Open')}
          </button>
        </form>
      )}
      {state.kind === 'error' && (
        <>
          <Status kind="error">
            {state.reason === 'damaged'
              ? t('pdfDamaged', 'This file is damaged or is not a PDF: Verso cannot show it.')
              : state.reason === 'fetch'
                ? state.detail
                  ? t('pdfFetchFailedStatus', 'Verso could not get this PDF from its site (HTTP $1).', state.detail)
                  : t('pdfFetchFailed', 'Verso could not get this PDF from its site.')
                : state.reason === 'file-access'
                  ? t(
                      'pdfFileAccess',
                      'Verso cannot read files on this computer. Allow it in the browser’s extension settings (“Allow access to file URLs”), or choose the file here.',
                    )
                  : t('pdfFailed', 'Verso could not open this PDF: $1', state.detail ?? '')}
          </Status>
          {picker}
          {reader.file.fileUrl && (
            <p>
              <a href={reader.file.fileUrl}>{t('pdfBrowserViewer', 'Open in the browser’s viewer')}</a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
