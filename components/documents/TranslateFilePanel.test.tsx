// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../lib/api/index.ts';
import { DocumentsModel } from '../../lib/features/documents/model.ts';
import type { DocumentJobView } from '../../lib/features/documents/types.ts';
import { fakeSend, sentTypes } from '../../lib/messaging/testing.ts';
import { memoryPreferences } from '../../lib/settings/testing.ts';
import { manualClock } from '../../lib/ui/testing.ts';

// The panel other pages mount (the PDF reader's "Translate the whole file"): the same form and job view
// as the documents page, driven through its model's messages.

const lang = (code: string, name: string, features: string[] = []): Language => ({
  lang: code,
  name,
  usable_as_source: true,
  usable_as_target: true,
  status: 'stable',
  features: Object.fromEntries(features.map((f) => [f, { status: 'stable' }])),
});

const job = (state: DocumentJobView['state']): DocumentJobView => ({
  documentId: 'd-1',
  fileName: 'paper.pdf',
  targetLang: 'de',
  outputFormat: 'docx',
  state,
  createdAt: 0,
  updatedAt: 0,
});

let list: DocumentJobView[] = [];
const clock = manualClock();
const send = fakeSend({
  'languages.get': () => ({ ok: true, value: [lang('en', 'English'), lang('de', 'German', ['formality'])] }),
  'documents.list': () => ({ ok: true, value: [...list] }),
  'documents.server': () => ({ ok: true, value: { loopback: true } }),
  'documents.defaults': () => ({ ok: true, value: { formality: 'default' } }),
  'documents.begin': () => ({ ok: true, value: { uploadId: 'u-1', chunkBytes: 1024 } }),
  'documents.chunk': () => ({ ok: true, value: { received: 8 } }),
  'documents.commit': () => {
    list = [job('queued')];
    return { ok: true, value: job('queued') };
  },
  'documents.download': () => ({
    ok: true,
    value: { transferId: 't-1', fileName: 'paper.de.docx', size: 3, chunks: 1, contentType: 'application/zip' },
  }),
  'documents.resultChunk': () => ({ ok: true, value: { data: btoa('PK!') } }),
});

vi.mock('./models.ts', () => ({
  createDocumentsModel: () =>
    new DocumentsModel({
      send,
      preferences: memoryPreferences({ targetLang: 'DE' }),
      clock,
      save: () => Promise.reject(new Error('not in this test')),
      openPage: () => undefined,
    }),
}));

const { TranslateFilePanel } = await import('./TranslateFilePanel.tsx');

afterEach(cleanup);

describe('TranslateFilePanel', () => {
  it('translates the file it was given on Translate only, shows progress, and hands the result over once', async () => {
    const onResult = vi.fn();
    render(<TranslateFilePanel file={new File(['%PDF-1.7'], 'paper.pdf')} onResult={onResult} />);
    await screen.findByText(/^Chosen: paper.pdf \(/);
    await waitFor(() => expect((screen.getByLabelText('Translate into') as HTMLSelectElement).value).toBe('de'));
    const format = screen.getByLabelText('Output format') as HTMLSelectElement;
    expect([...format.options].map((o) => o.textContent)).toEqual(['Same as the file (pdf)', 'docx']);
    fireEvent.change(format, { target: { value: 'docx' } });
    // Nothing leaves before the person's Translate.
    expect(sentTypes(send)).not.toContain('documents.begin');

    fireEvent.click(screen.getByRole('button', { name: 'Translate document' }));
    const progress = await screen.findByRole('progressbar', { name: 'Translation of paper.pdf' });
    expect(progress).toBeTruthy();
    expect(send.sent.find((m) => m.type === 'documents.begin')?.data).toMatchObject({
      fileName: 'paper.pdf',
      targetLang: 'de',
      outputFormat: 'docx',
    });
    expect(onResult).not.toHaveBeenCalled();

    list = [job('done')];
    await clock.advance(1000);
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
    const [blob, name, ext] = onResult.mock.calls[0] as [Blob, string, string];
    expect([name, ext, await blob.text()]).toEqual(['paper.de.docx', 'docx', 'PK!']);
    // The result stays downloadable from the panel, and is handed over only once.
    expect(screen.getByRole('button', { name: 'Download paper.pdf' })).toBeTruthy();
    await clock.advance(10_000);
    expect(onResult).toHaveBeenCalledTimes(1);
    expect(sentTypes(send).filter((t) => t === 'documents.download')).toHaveLength(1);
  });

  it('names a PDF whose name does not say so, as one served from a URL without .pdf', async () => {
    render(<TranslateFilePanel file={new File(['%PDF-1.7'], 'download', { type: 'application/pdf' })} />);
    await screen.findByText(/^Chosen: download\.pdf \(/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Output format')).toBeTruthy();
  });
});
