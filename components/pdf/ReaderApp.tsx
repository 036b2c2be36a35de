import { useEffect, useRef, useState } from 'preact/hooks';
import { ReaderPage } from '../../lib/features/pdf/reader.ts';
import { t } from '../../lib/ui/i18n.ts';
import { FileScreen } from './FileScreen.tsx';
import { Toolbar } from './Toolbar.tsx';
import { WholeFile } from './WholeFile.tsx';

/**
 * Verso's PDF reader: the toolbar, pdf.js's viewer (the pages, their text layer) and, before a document is
 * open, what the file needs (access to its site, a password) or why it cannot be shown.
 */
export function ReaderApp({ workerSrc }: { workerSrc: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [reader, setReader] = useState<ReaderPage | undefined>(undefined);
  useEffect(() => {
    if (!container.current) return;
    // The pages scroll with the keyboard (Page Up/Down, arrows, Home/End) once their region has focus: a
    // scrolling region a keyboard reaches, as WCAG asks.
    container.current.tabIndex = 0;
    const page = new ReaderPage(container.current, workerSrc);
    setReader(page);
    page.start();
    return () => page.dispose();
  }, [workerSrc]);
  const state = reader?.file.state.value;
  useEffect(() => {
    document.title =
      state?.kind === 'ready' ? t('pdfTitleFile', 'Verso: $1', state.name) : t('pdfTitle', 'Verso: PDF reader');
  }, [state]);
  const ready = state?.kind === 'ready';
  return (
    <div class="reader" data-ready={ready ? 'true' : 'false'}>
      {reader && ready && <Toolbar reader={reader} wholeFile={<WholeFile reader={reader} />} />}
      <main class="reader-main">
        {reader && !ready && <FileScreen reader={reader} />}
        <section class="viewer-region" hidden={!ready} aria-label={t('pdfPages', 'Pages of the document')}>
          <div ref={container} class="viewer-container">
            <div class="pdfViewer" />
          </div>
        </section>
      </main>
    </div>
  );
}
