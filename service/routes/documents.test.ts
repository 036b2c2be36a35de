import { strFromU8 } from 'fflate';
import { describe, expect, it, onTestFinished } from 'vitest';
import { translateTexts } from '../engine/translate.ts';
import { documentCalls, type Handle, type Status } from '../testing/documents.ts';
import { client } from '../testing/http.ts';
import { serviceForTests } from '../testing/vitest.ts';

// Document translation over HTTP: its steps, billing and parameters. The formats are in documents-formats.test.ts.

const svc = serviceForTests({ documentStepMs: 20 });
const call = client(svc).call;
const { upload, status, stepsByHand, waitUntilFinished, download, translateFile } = documentCalls(svc);

describe('lifecycle', () => {
  it('moves queued -> translating -> done, bills exactly, downloads once, then forgets the document', async () => {
    // The test moves the document on, step by step: each state is seen however slow the machine.
    svc.state.options.documentStepMs = 1000;
    const steps = stepsByHand();
    onTestFinished(steps.restore);
    const text = 'The quick brown fox.\nIt jumps over the lazy dog.';
    const up = await upload({ name: 'notes.txt', content: text }, { target_lang: 'DE', source_lang: 'EN' });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({
      document_id: expect.stringMatching(/^[0-9A-F]{32}$/),
      document_key: expect.stringMatching(/^[0-9A-F]{64}$/),
    });

    expect((await status(up.body)).body).toEqual({ document_id: up.body.document_id, status: 'queued' });
    const early = await download(up.body);
    expect(early.status).toBe(503);

    steps.next();
    expect((await status(up.body)).body).toMatchObject({
      status: 'translating',
      seconds_remaining: expect.any(Number),
    });
    expect((await download(up.body)).status).toBe(503);

    steps.next();
    expect(steps.pending()).toBe(0);
    expect((await status(up.body)).body).toEqual({
      document_id: up.body.document_id,
      status: 'done',
      billed_characters: [...text].length,
    });

    const result = await download(up.body);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-disposition')).toBe('attachment; filename="notes.de.txt"');
    expect(result.headers.get('content-type')).toContain('text/plain');
    const [expected] = translateTexts(svc.state, {
      texts: [text],
      targetLang: 'de',
      sourceLang: 'en',
      resource: 'translate_document',
    });
    expect(strFromU8(result.bytes)).toBe(expected?.text);

    expect((await status(up.body)).status).toBe(404);
    expect((await download(up.body)).status).toBe(404);
  });

  it('records document usage against the key, with the reporting tag', async () => {
    const form = new FormData();
    form.append('file', new Blob(['Hello there, friend.']), 'a.txt');
    form.append('target_lang', 'fr');
    const res = await fetch(`${svc.url}/v2/document`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}`, 'X-Service-Reporting-Tag': 'docs-team' },
      body: form,
    });
    await waitUntilFinished((await res.json()) as Handle);
    expect(svc.state.usage.records).toEqual([
      expect.objectContaining({ service: 'document_translation', characters: 20, tag: 'docs-team' }),
    ]);
  });

  it('answers 404 for a wrong document_key (as the reference API), 400 without one, 404 for an unknown or foreign id', async () => {
    const up = await upload({ name: 'a.txt', content: 'Hello' }, { target_lang: 'de' });
    const wrong = await call('POST', `/v2/document/${up.body.document_id}`, { form: { document_key: 'ABC' } });
    expect(wrong.status).toBe(404);
    expect((await call('POST', `/v2/document/${up.body.document_id}`, { json: {} })).status).toBe(400);
    expect((await call('POST', '/v2/document/FFFF', { json: { document_key: up.body.document_key } })).status).toBe(
      404,
    );
    expect((await status(up.body, svc.options.freeKey)).status).toBe(404);
    const wrongResult = await call('POST', `/v2/document/${up.body.document_id}/result`, {
      json: { document_key: 'ABC' },
    });
    expect(wrongResult.status).toBe(404);
    const formStatus = await call<Status>('POST', `/v2/document/${up.body.document_id}`, {
      form: { document_key: up.body.document_key },
    });
    expect(formStatus.status).toBe(200);
  });

  it('ends in error with the quota message when the key limit is reached, and bills nothing', async () => {
    const key = svc.state.accounts.keys.get(svc.options.paidKey)!;
    key.characterLimit = 10;
    const up = await upload(
      { name: 'a.txt', content: 'This text is longer than ten characters.' },
      { target_lang: 'de' },
    );
    const finished = await waitUntilFinished(up.body);
    expect(finished).toMatchObject({ status: 'error', error_message: expect.stringContaining('Quota exceeded') });
    // The reason under both names the reference API uses (schema: error_message; examples: message).
    expect(finished.message).toBe(finished.error_message);
    expect(svc.state.usage.records).toEqual([]);
    // A document in error is "not done": 503, like before it is translated.
    const result = await download(up.body);
    expect(result.status).toBe(503);
  });

  it('ends in error with the message of a documentError fault rule', async () => {
    await svc.control.addFaults([{ documentError: 'Corrupted upload' }]);
    const up = await upload({ name: 'a.txt', content: 'Hello' }, { target_lang: 'de' });
    expect(await waitUntilFinished(up.body)).toMatchObject({ status: 'error', error_message: 'Corrupted upload' });
    const next = await upload({ name: 'b.txt', content: 'Hello' }, { target_lang: 'de' });
    expect((await waitUntilFinished(next.body)).status).toBe('done');
  });

  it('refuses an upload with 429 while 10 translated documents wait for download', async () => {
    svc.state.options.documentStepMs = 0;
    const handles: Handle[] = [];
    for (let i = 0; i < 10; i++) {
      const up = await upload({ name: `${i}.txt`, content: 'Hello' }, { target_lang: 'de' });
      handles.push(up.body);
      await waitUntilFinished(up.body);
    }
    const refused = await upload({ name: 'x.txt', content: 'Hello' }, { target_lang: 'de' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('waiting for download');
    // Another account is not affected, and one download frees a slot.
    expect((await upload({ name: 'x.txt', content: 'Hello' }, { target_lang: 'de' }, svc.options.freeKey)).status).toBe(
      200,
    );
    await download(handles[0]!);
    expect((await upload({ name: 'x.txt', content: 'Hello' }, { target_lang: 'de' })).status).toBe(200);
  });

  it('drops documents and their timers on reset', async () => {
    const steps = stepsByHand();
    onTestFinished(steps.restore);
    const up = await upload({ name: 'a.txt', content: 'Hello' }, { target_lang: 'de' });
    expect(steps.pending()).toBe(1);
    svc.state.reset();
    // The step that would have moved it on is cancelled, not just ignored.
    expect(steps.pending()).toBe(0);
    expect((await status(up.body)).status).toBe(404);
    expect(svc.state.usage.records).toEqual([]);
  });
});

describe('upload parameters', () => {
  it.each([
    [{ name: 'a.pdf', fields: { target_lang: 'de' } }, /not a valid pdf document/],
    [{ name: 'a.pdf', fields: { target_lang: 'de', output_format: 'txt' } }, /pdf or docx only/],
    [{ name: 'a.doc', fields: { target_lang: 'de' } }, /doc/],
    [{ name: 'scan.PNG', fields: { target_lang: 'de' } }, /png.*text recognition/],
    [{ name: 'a.exe', fields: { target_lang: 'de' } }, /'exe'/],
    [{ name: 'noextension', fields: { target_lang: 'de' } }, /no extension/],
    [{ name: 'a.txt', fields: {} }, /target_lang/],
    [{ name: 'a.txt', fields: { target_lang: 'xx' } }, /target_lang/],
    [{ name: 'a.txt', fields: { target_lang: 'de', source_lang: 'xx' } }, /source_lang/],
    [{ name: 'a.txt', fields: { target_lang: 'en-GB', formality: 'more' } }, /formality/],
    [{ name: 'a.txt', fields: { target_lang: 'es-419', formality: 'less' } }, /formality/],
    [{ name: 'a.txt', fields: { target_lang: 'de', formality: 'very' } }, /formality/],
    [{ name: 'a.txt', fields: { target_lang: 'de', output_format: 'docx' } }, /output_format 'docx'/],
    [{ name: 'a.html', fields: { target_lang: 'de', output_format: 'txt' } }, /output_format 'txt'/],
    [{ name: 'a.txt', fields: { target_lang: 'de', glossary_id: 'x' } }, /source_lang/],
  ])('refuses %j with 400', async ({ name, fields }, message) => {
    const res = await upload({ name, content: 'Hello' }, fields);
    expect(res.status).toBe(400);
    expect(`${res.body.message} ${res.body.detail ?? ''}`).toMatch(message);
  });

  it('accepts prefer_ formality on a target without formality', async () => {
    expect(
      (await upload({ name: 'a.txt', content: 'Hello' }, { target_lang: 'en-GB', formality: 'prefer_more' })).status,
    ).toBe(200);
  });

  it('needs a file part', async () => {
    const form = new FormData();
    form.append('target_lang', 'de');
    const res = await fetch(`${svc.url}/v2/document`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('file');
  });

  it('refuses an upload over 30 MiB with 413', async () => {
    const res = await upload(
      { name: 'big.txt', content: new Uint8Array(30 * 1024 * 1024 + 1).fill(97) },
      { target_lang: 'de' },
    );
    expect(res.status).toBe(413);
  });

  it('takes the file name from the filename field', async () => {
    const form = new FormData();
    form.append('file', new Blob(['Hello there']));
    form.append('filename', 'Quarterly report.txt');
    form.append('target_lang', 'pt-BR');
    const res = await fetch(`${svc.url}/v2/document`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}` },
      body: form,
    });
    const handle = (await res.json()) as Handle;
    await waitUntilFinished(handle);
    const result = await download(handle);
    expect(result.headers.get('content-disposition')).toBe('attachment; filename="Quarterly report.pt-br.txt"');
  });

  it('sends a UTF-8 file name beside an ASCII fallback', async () => {
    const { headers } = await translateFile('Übersicht.txt', 'Hello', { target_lang: 'fr' });
    expect(headers.get('content-disposition')).toBe(
      `attachment; filename="_bersicht.fr.txt"; filename*=UTF-8''${encodeURIComponent('Übersicht.fr.txt')}`,
    );
  });

  it('applies a glossary, which needs the source language', async () => {
    const created = await call<{ glossary_id: string }>('POST', '/v3/glossaries', {
      json: { name: 'g', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'fox\tFuchs' }] },
    });
    const { text } = await translateFile('a.txt', 'The brown fox runs.', {
      target_lang: 'de',
      source_lang: 'en',
      glossary_id: created.body.glossary_id,
    });
    expect(text).toContain(' Fuchs ');
    const unknown = await upload(
      { name: 'a.txt', content: 'x' },
      { target_lang: 'de', source_lang: 'en', glossary_id: 'nope' },
    );
    expect(unknown.status).toBe(404);
    const noPair = await upload(
      { name: 'a.txt', content: 'x' },
      { target_lang: 'fr', source_lang: 'en', glossary_id: created.body.glossary_id },
    );
    expect(noPair.status).toBe(400);
  });

  it('detects the source once for the document; same-language documents come back unchanged and billed', async () => {
    const german = 'Das ist ein kurzer Text. Wir danken für die Hilfe und die Geduld.';
    const { text, finished } = await translateFile('de.txt', german, { target_lang: 'de' });
    expect(text).toBe(german);
    expect(finished.billed_characters).toBe([...german].length);
  });

  it('does not bill a beta target', async () => {
    const { finished } = await translateFile('a.txt', 'Hello there', { target_lang: 'de-CH' });
    expect(finished.billed_characters).toBe(0);
  });
});
