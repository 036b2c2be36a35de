import { describe, expect, it } from 'vitest';
import type { Language } from '../../api/index.ts';
import type { MessageInput } from '../../messaging/protocol.ts';
import { fakeSend, sentTypes } from '../../messaging/testing.ts';
import type { Preferences } from '../../settings/schema.ts';
import { memoryPreferences } from '../../settings/testing.ts';
import { manualClock } from '../../ui/testing.ts';
import { DocumentsModel } from './model.ts';
import type { SaveEnd, Saving } from './save.ts';
import type { DocumentDefaults, DocumentJobView } from './types.ts';

const lang = (code: string, features: string[] = []): Language => ({
  lang: code,
  name: code.toUpperCase(),
  usable_as_source: true,
  usable_as_target: true,
  status: 'stable',
  features: Object.fromEntries(features.map((f) => [f, { status: 'stable' }])),
});

const job = (id: string, state: DocumentJobView['state'] = 'translating'): DocumentJobView => ({
  documentId: id,
  fileName: `${id}.docx`,
  targetLang: 'de',
  state,
  createdAt: 0,
  updatedAt: 0,
});

function setUp({
  saveEnds = { saved: true } as SaveEnd,
  preferences = { targetLang: 'DE' } as Partial<Preferences>,
  defaults = (_: MessageInput<'documents.defaults'>): DocumentDefaults => ({ formality: 'default' }),
} = {}) {
  const list: DocumentJobView[] = [];
  const received: string[] = [];
  const send = fakeSend({
    'languages.get': () => ({
      ok: true,
      value: [lang('en', ['glossary']), lang('de', ['formality', 'glossary']), lang('ja')],
    }),
    'documents.list': () => ({ ok: true, value: [...list] }),
    'documents.server': () => ({ ok: true, value: { loopback: false } }),
    'documents.glossaries': () => ({ ok: true, value: [{ glossaryId: 'g-1', name: 'Legal' }] }),
    'documents.defaults': (data: MessageInput<'documents.defaults'>) => ({ ok: true, value: defaults(data) }),
    'documents.begin': () => ({ ok: true, value: { uploadId: 'u-1', chunkBytes: 4 } }),
    'documents.chunk': (data: MessageInput<'documents.chunk'>) => {
      received.push(data.data);
      return { ok: true, value: { received: Math.min(10, (data.index + 1) * 4) } };
    },
    'documents.commit': () => {
      list.unshift(job('d-1'));
      return { ok: true, value: job('d-1') };
    },
    'documents.download': () => ({
      ok: true,
      value: { transferId: 't-1', fileName: 'report.de.docx', size: 3, chunks: 1 },
    }),
    'documents.resultChunk': () => ({ ok: true, value: { data: btoa('abc') } }),
    'documents.saving': () => ({ ok: true, value: null }),
    'documents.remove': () => ({ ok: true, value: null }),
  });
  const saved: Array<{ names: string[]; size: number }> = [];
  const clock = manualClock();
  const model = new DocumentsModel({
    send,
    preferences: memoryPreferences(preferences),
    clock,
    save: async (blob, names): Promise<Saving> => {
      saved.push({ names, size: blob.size });
      return { downloadId: 7, fileName: names[0] ?? '', ended: Promise.resolve(saveEnds) };
    },
    openPage: () => undefined,
  });
  return { model, send, clock, list, received, saved };
}

const file = (name: string, text = 'Some text.') => new File([text], name);

describe('DocumentsModel', () => {
  it('opens with the document languages and the preferred target', async () => {
    const { model, send } = setUp();
    await model.open();
    expect(sentTypes(send).sort()).toEqual([
      'documents.defaults',
      'documents.list',
      'documents.server',
      'languages.get',
    ]);
    expect(send.sent.find((m) => m.type === 'languages.get')?.data).toEqual({ resource: 'translate_document' });
    expect(model.targetLang.value).toBe('de');
    expect(model.showFormality.value).toBe(true);
  });

  it('offers glossaries only with a chosen source, and formality only where the target has it', async () => {
    const { model, send } = setUp();
    await model.open();
    expect(model.glossaryNeedsSource.value).toBe(true);
    await model.chooseSource('en');
    expect(send.sent.at(-1)).toEqual({ type: 'documents.glossaries', data: { sourceLang: 'en', targetLang: 'de' } });
    expect(model.glossaries.value).toEqual([{ glossaryId: 'g-1', name: 'Legal' }]);
    model.setFormality('more');
    await model.chooseTarget('ja');
    expect(model.formality.value).toBe('default');
    expect(model.glossaries.value).toEqual([]);
  });

  it('preselects the person’s defaults: languages, formality and the pair’s default glossary', async () => {
    const { model, send } = setUp({
      preferences: { targetLang: 'DE', sourceLang: 'en', formality: 'prefer_more' },
      defaults: ({ sourceLang, targetLang }) => ({
        formality: 'prefer_more',
        ...(sourceLang === 'en' && targetLang === 'de' ? { glossaryId: 'g-1' } : {}),
      }),
    });
    await model.open();
    expect([model.sourceLang.value, model.targetLang.value]).toEqual(['en', 'de']);
    expect(send.sent.find((m) => m.type === 'documents.defaults')?.data).toEqual({
      sourceLang: 'en',
      targetLang: 'de',
    });
    // "More formal where possible" is "more formal" for a target that has formality.
    expect(model.formality.value).toBe('more');
    expect(model.glossaryId.value).toBe('g-1');

    // The defaults follow the pair: none for detection or for a target without formality.
    await model.chooseSource('');
    expect(model.glossaryId.value).toBe('');
    await model.chooseTarget('ja');
    expect(model.formality.value).toBe('default');
    await model.chooseTarget('de');
    await model.chooseSource('en');
    expect([model.formality.value, model.glossaryId.value]).toEqual(['more', 'g-1']);
  });

  it('keeps what the person chose over the defaults', async () => {
    const { model } = setUp({
      preferences: { targetLang: 'de', sourceLang: 'en' },
      defaults: () => ({ formality: 'more', glossaryId: 'g-1' }),
    });
    await model.open();
    model.setFormality('less');
    model.chooseGlossary('');
    await model.chooseSource('en');
    expect(model.formality.value).toBe('less');
    // A glossary is chosen per pair: a new pair starts from its default again.
    expect(model.glossaryId.value).toBe('g-1');
    const loading = model.chooseSource('en');
    model.chooseGlossary('');
    await loading;
    expect(model.glossaryId.value).toBe('');
  });

  it('drops the defaults of a pair the person has left meanwhile', async () => {
    const { model, send } = setUp({ preferences: { targetLang: 'de', sourceLang: 'en' } });
    await model.open();
    let answer: (value: { ok: true; value: DocumentDefaults }) => void = () => undefined;
    send.answers['documents.defaults'] = () => new Promise((resolve) => (answer = resolve));
    const first = model.chooseTarget('ja');
    send.answers['documents.defaults'] = () => ({ ok: true, value: { formality: 'less' } });
    await model.chooseTarget('de');
    answer({ ok: true, value: { formality: 'more', glossaryId: 'g-1' } });
    await first;
    expect([model.targetLang.value, model.formality.value, model.glossaryId.value]).toEqual(['de', 'less', '']);
  });

  it('refuses a file it cannot translate, with the reason', async () => {
    const { model } = setUp();
    model.chooseFile(file('photo final.JPG.exe'));
    expect(model.fileProblem.value).toBe(
      '“photo final.JPG.exe” cannot be translated: .exe files are not accepted. Accepted types: docx, doc, pptx, xlsx, pdf, htm, html, txt, xlf, xliff, srt, jpeg, jpg, png.',
    );
    expect(await model.translateFile()).toBe(false);
    model.chooseFile(file('Makefile'));
    expect(model.fileProblem.value).toContain('“Makefile” has no extension');
    model.chooseFile(file('Bericht.final.PDF'));
    expect(model.fileProblem.value).toBeUndefined();
  });

  it('knows whether the server address is on this computer, where the local service runs', async () => {
    const { model, send } = setUp();
    await model.open();
    expect(model.loopbackServer.value).toBe(false);
    send.answers['documents.server'] = () => ({ ok: true, value: { loopback: true } });
    await model.open();
    expect(model.loopbackServer.value).toBe(true);
  });

  it('hands the file over in chunks, uploads it with the options shown, and lists the job', async () => {
    const { model, send, received } = setUp();
    await model.open();
    await model.chooseSource('en');
    model.chooseGlossary('g-1');
    model.chooseFile(file('notes.txt', 'Hello there'));
    const progress: string[] = [];
    const seen = model.upload.subscribe((u) => progress.push(u.phase));
    expect(await model.translateFile()).toBe(true);
    seen();
    expect(send.sent.find((m) => m.type === 'documents.begin')?.data).toEqual({
      fileName: 'notes.txt',
      size: 11,
      targetLang: 'de',
      sourceLang: 'en',
      glossaryId: 'g-1',
    });
    expect(received.map((b64) => atob(b64)).join('')).toBe('Hello there');
    expect(progress).toEqual(expect.arrayContaining(['sending', 'uploading', 'idle']));
    expect(model.jobs.value.map((j) => j.documentId)).toEqual(['d-1']);
    expect(model.notice.value).toMatch(/notes.txt was uploaded/);
  });

  it('follows the job of the file it uploaded, and asks for a PDF to be converted only when chosen', async () => {
    const { model, send } = setUp();
    await model.open();
    model.chooseFile(file('paper.pdf', '%PDF-1.7'));
    expect(model.outputFormats.value).toEqual(['docx']);
    model.chooseOutputFormat('docx');
    expect(model.uploadedJob.value).toBeUndefined();
    expect(await model.translateFile()).toBe(true);
    expect(model.uploadedJob.value).toBe('d-1');
    expect(send.sent.find((m) => m.type === 'documents.begin')?.data).toMatchObject({
      fileName: 'paper.pdf',
      outputFormat: 'docx',
    });
    // A new file starts again from the input's own format.
    model.chooseFile(file('other.pdf', '%PDF-1.7'));
    expect(model.outputFormat.value).toBe('');
  });

  it('reads a result for a page that shows it, without saving it, and says why when it cannot', async () => {
    const { model, send, saved } = setUp();
    const result = await model.readResult('d-1');
    expect(result?.fileName).toBe('report.de.docx');
    expect(await result?.blob.text()).toBe('abc');
    expect(saved).toEqual([]);
    expect(sentTypes(send)).not.toContain('documents.saving');

    send.answers['documents.download'] = () => ({
      ok: false,
      error: { name: 'ServiceError', code: 'not_found', message: 'Document not found' },
    });
    expect(await model.readResult('d-2')).toBeUndefined();
    expect(model.jobMessages.value['d-2']?.kind).toBe('error');
  });

  it('saves a result and says so only once the browser has it on disk', async () => {
    const { model, send, saved } = setUp();
    await model.downloadJob('d-1');
    expect(saved).toEqual([{ names: ['report.de.docx', expect.any(String)], size: 3 }]);
    expect(send.sent.filter((m) => m.type === 'documents.saving')).toHaveLength(2);
    expect(model.jobMessages.value['d-1']).toEqual({ kind: 'ok', text: 'Saved as report.de.docx.' });
    expect(model.busyJob.value).toBeUndefined();
  });

  it('says a save that did not finish was not saved', async () => {
    const { model } = setUp({ saveEnds: { saved: false, reason: 'USER_CANCELED' } });
    await model.downloadJob('d-1');
    expect(model.jobMessages.value['d-1']).toMatchObject({
      kind: 'error',
      text: expect.stringContaining('USER_CANCELED'),
    });
  });

  it('follows the jobs every second while one is active, every 10 s otherwise, until stopped', async () => {
    const { model, send, clock, list } = setUp();
    const lists = () => sentTypes(send).filter((t) => t === 'documents.list').length;
    list.push(job('d-1', 'translating'));
    const stop = model.watch();
    await clock.advance(0);
    expect(lists()).toBe(1);
    await clock.advance(1000);
    expect(lists()).toBe(2);
    list[0] = job('d-1', 'done');
    await clock.advance(1000);
    expect(lists()).toBe(3);
    await clock.advance(9_999);
    expect(lists()).toBe(3);
    await clock.advance(1);
    expect(lists()).toBe(4);
    stop();
    expect(clock.pending()).toBe(0);
  });

  it('removes a job from the list', async () => {
    const { model, list } = setUp();
    list.push(job('d-1', 'done'));
    await model.refreshJobs();
    await model.removeJob('d-1');
    expect(model.jobs.value).toEqual([]);
  });

  it('stops following the jobs when disposed', async () => {
    const { model, clock } = setUp();
    model.watch();
    await clock.advance(0);
    model.dispose();
    expect(clock.pending()).toBe(0);
  });
});
