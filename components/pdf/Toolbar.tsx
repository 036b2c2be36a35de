import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ReaderPage } from '../../lib/features/pdf/reader.ts';
import type { DisplayMode } from '../../lib/features/pdf/reading-model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';

const MODES: Array<[DisplayMode, () => string]> = [
  ['over', () => t('pdfModeOver', 'Over the original')],
  ['side', () => t('pdfModeSide', 'Side by side')],
  ['below', () => t('pdfModeBelow', 'Below each page')],
];

/**
 * The reader's toolbar: page through, zoom, find, translate as you read (and show the original), the
 * display mode, the browser's own viewer and the original file. `wholeFile` is the place for
 * "Translate the whole file" (the documents feature's, through the document API).
 */
export function Toolbar({ reader, wholeFile }: { reader: ReaderPage; wholeFile?: ComponentChildren }) {
  const state = reader.file.state.value;
  const pages = state.kind === 'ready' ? state.pages : 0;
  const page = reader.page.value;
  const reading = reader.reading.value;
  const shown = reading?.shown.value ?? 'original';
  const phase = reading?.phase.value ?? 'idle';
  const error = reading?.error.value;
  const noText = reading?.noText.value;
  const [query, setQuery] = useState('');
  const [pageInput, setPageInput] = useState(String(page));
  const find = useRef<HTMLInputElement>(null);
  useEffect(() => setPageInput(String(page)), [page]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key === 'f') {
        e.preventDefault();
        find.current?.focus();
        find.current?.select();
      } else if (mod && (e.key === '=' || e.key === '+')) {
        e.preventDefault();
        reader.view.zoom('in');
      } else if (mod && e.key === '-') {
        e.preventDefault();
        reader.view.zoom('out');
      } else if (mod && e.key === '0') {
        e.preventDefault();
        reader.view.zoom('fit');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [reader]);

  const save = async () => {
    const bytes = await reader.view.bytes();
    if (!bytes || state.kind !== 'ready') return;
    const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = /\.pdf$/i.test(state.name) ? state.name : `${state.name}.pdf`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  return (
    <header class="toolbar">
      <div class="group">
        <button type="button" onClick={() => reader.view.goTo(page - 1)} disabled={page <= 1}>
          {t('pdfPrevious', 'Previous page')}
        </button>
        <label class="page-number">
          {t('pdfPage', 'Page')}
          <input
            type="number"
            min={1}
            max={pages}
            value={pageInput}
            onInput={(e) => setPageInput(e.currentTarget.value)}
            onChange={(e) => reader.view.goTo(Number(e.currentTarget.value))}
          />
          <span>{t('pdfOfPages', 'of $1', String(pages))}</span>
        </label>
        <button type="button" onClick={() => reader.view.goTo(page + 1)} disabled={page >= pages}>
          {t('pdfNext', 'Next page')}
        </button>
      </div>
      <div class="group">
        <button type="button" onClick={() => reader.view.zoom('out')} aria-label={t('pdfZoomOut', 'Zoom out')}>
          −
        </button>
        <span class="zoom" aria-live="polite">
          {Math.round(reader.scale.value * 100)}%
        </span>
        <button type="button" onClick={() => reader.view.zoom('in')} aria-label={t('pdfZoomIn', 'Zoom in')}>
          +
        </button>
        <button type="button" onClick={() => reader.view.zoom('fit')}>
          {t('pdfFitWidth', 'Fit width')}
        </button>
      </div>
      <form
        class="group"
        onSubmit={(e) => {
          e.preventDefault();
          reader.view.find(query, true);
        }}
      >
        <input
          ref={find}
          type="search"
          value={query}
          aria-label={t('pdfFind', 'Find in the document')}
          placeholder={t('pdfFind', 'Find in the document')}
          onInput={(e) => {
            setQuery(e.currentTarget.value);
            reader.view.find(e.currentTarget.value, false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && e.shiftKey) {
              e.preventDefault();
              reader.view.find(query, true, true);
            }
          }}
        />
      </form>
      <div class="group translate">
        <button
          type="button"
          class="primary"
          aria-pressed={shown === 'translated'}
          onClick={() => void reading?.toggle()}
        >
          {shown === 'translated' ? t('pdfShowOriginal', 'Show original') : t('pdfTranslate', 'Translate as I read')}
        </button>
        <label>
          {t('pdfMode', 'Show translation')}
          <select value={reader.mode.value} onChange={(e) => reader.setMode(e.currentTarget.value as DisplayMode)}>
            {MODES.map(([mode, label]) => (
              <option key={mode} value={mode}>
                {label()}
              </option>
            ))}
          </select>
        </label>
        {wholeFile}
      </div>
      <div class="group">
        {reader.file.fileUrl && (
          <button type="button" onClick={() => void reader.openInBrowser()}>
            {t('pdfBrowserViewer', 'Open in the browser’s viewer')}
          </button>
        )}
        <button type="button" onClick={() => void save()}>
          {t('pdfSave', 'Save the original')}
        </button>
      </div>
      <p class="reader-status" role="status">
        {error
          ? describeError(error)
          : shown === 'translated' && (phase === 'translating' || phase === 'preparing')
            ? t('pdfTranslating', 'Translating the pages you read…')
            : shown === 'translated' && phase === 'done'
              ? t('pdfTranslated', 'Pages you read are translated. Others are translated when you reach them.')
              : noText?.has(page)
                ? t(
                    'pdfNoTextShort',
                    'Page $1 has no text layer (a scanned image?): nothing to translate there.',
                    String(page),
                  )
                : ''}
      </p>
    </header>
  );
}
