import { describe, expect, it } from 'vitest';
import type { ApiClient } from './client.ts';
import type { DocumentHandle, DocumentStatus } from './schemas/documents.ts';
import { testService } from './testing.ts';

const t = testService();

const text = (s: string) => new Blob([s], { type: 'text/plain' });

/** Polls until the document is done or failed; the test's time limit, not a number of tries, bounds it. */
async function untilSettled(client: ApiClient, handle: DocumentHandle): Promise<DocumentStatus> {
  for (;;) {
    const status = await client.getDocumentStatus(handle);
    if (status.status === 'done' || status.status === 'error') return status;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('documents over HTTP', () => {
  it('uploads, polls and downloads once; a second download is 404', async () => {
    const client = t.paid();
    const handle = await client.uploadDocument({
      file: text('Hello world. Good morning.'),
      filename: 'notes.txt',
      source_lang: 'en',
      target_lang: 'de',
    });
    expect(handle.document_id).not.toBe('');
    expect(handle.document_key).not.toBe('');
    const [upload] = await t.control.requests('/v2/document');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    const first = await client.getDocumentStatus(handle);
    expect(['queued', 'translating', 'done']).toContain(first.status);
    const done = await untilSettled(client, handle);
    expect(done).toMatchObject({ status: 'done', document_id: handle.document_id, billed_characters: 26 });

    const doc = await client.downloadDocument(handle);
    expect(doc.filename).toBe('notes.de.txt');
    expect(doc.contentType).toMatch(/^text\/plain/);
    const translated = new TextDecoder().decode(doc.bytes);
    expect(translated).not.toBe('Hello world. Good morning.');
    expect(translated.length).toBe('Hello world. Good morning.'.length);

    await expect(client.downloadDocument(handle)).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(client.getDocumentStatus(handle)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps a non-ASCII file name from Content-Disposition', async () => {
    const client = t.paid();
    const handle = await client.uploadDocument({ file: text('Bonjour'), filename: 'über.txt', target_lang: 'en-GB' });
    await untilSettled(client, handle);
    expect((await client.downloadDocument(handle)).filename).toBe('über.en-gb.txt');
  });

  it('answers 503 before the document is done (no retry when asked)', async () => {
    await t.control.setConfig({ documentStepMs: 10_000 });
    const client = t.paid({ retry: false });
    const handle = await client.uploadDocument({ file: text('Hello'), filename: 'a.txt', target_lang: 'de' });
    await expect(client.downloadDocument(handle)).rejects.toMatchObject({ code: 'server', status: 503 });
  });

  it('answers a wrong document_key like an unknown id: 404', async () => {
    const client = t.paid();
    const handle = await client.uploadDocument({ file: text('Hello'), filename: 'a.txt', target_lang: 'de' });
    await expect(
      client.getDocumentStatus({ document_id: handle.document_id, document_key: 'WRONG' }),
    ).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('reports a document that ends in error', async () => {
    await t.control.addFaults([{ documentError: 'The file is damaged' }]);
    const client = t.paid();
    const handle = await client.uploadDocument({ file: text('Hello'), filename: 'a.txt', target_lang: 'de' });
    expect(await untilSettled(client, handle)).toMatchObject({ status: 'error', error_message: 'The file is damaged' });
  });

  it("refuses an unsupported type with the service's message", async () => {
    const e = await t
      .paid()
      .uploadDocument({ file: new Blob(['%PDF-1.4']), filename: 'a.pdf', target_lang: 'de' })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'bad_request', status: 400 });
    expect((e as Error).message).toMatch(/pdf/i);
  });

  it('maps an upload over the size limit to too_large', async () => {
    const big = new Blob([new Uint8Array(30 * 1024 * 1024 + 1)]);
    await expect(
      t.paid({ retry: false }).uploadDocument({ file: big, filename: 'big.txt', target_lang: 'de' }),
    ).rejects.toMatchObject({ code: 'too_large', status: 413 });
  });

  it('refuses a glossary without source_lang before uploading', async () => {
    await expect(
      t.paid().uploadDocument({ file: text('x'), filename: 'a.txt', target_lang: 'de', glossary_id: 'g' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await t.control.requests('/v2/document')).toEqual([]);
  });
});
