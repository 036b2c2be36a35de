import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { expect, test } from './fixtures.ts';
import { WORKER_CLOCK_FACTOR } from './helpers/clock.ts';
import { jobItem } from './helpers/documents.ts';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The smallest Word file a word processor opens: content types, the package relation, one paragraph. */
function minimalDocx(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
      ),
    }),
  );
}

const runTexts = (xml: string) => [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]);

/** Chooses the file through the page's file input and the target language, as a person would. */
async function chooseAndTranslate(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  target = 'German',
) {
  await page.getByLabel('Translate into').selectOption({ label: target });
  await page.getByLabel('File to translate').setInputFiles(file);
  await expect(page.getByText(`Chosen: ${file.name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Translate document' }).click();
}

/** Document ids seen in status requests, oldest first. */
async function documentIds(svc: { requests(path: string): Promise<Array<{ path: string }>> }) {
  const ids = (await svc.requests('/v2/document/')).map((r) => r.path.split('/')[3] ?? '');
  return [...new Set(ids.filter(Boolean))];
}

test.describe('document translation', () => {
  test('a .docx is translated: upload, done, one download named report.de.docx, the second one explained', async ({
    background,
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    const original = ['Quarterly report', 'Sales grew in every region.'];
    await chooseAndTranslate(page, { name: 'report.docx', mimeType: DOCX_TYPE, buffer: minimalDocx(original) });

    const job = jobItem(page, 'report.docx');
    await expect(job).toContainText('Done');
    // The person is told even when the page is not in front.
    const notifications = await background.evaluate(() => chrome.notifications.getAll());
    const [id] = await documentIds(svc);
    expect(Object.keys(notifications)).toContain(`verso-document:${id}`);
    await expect(job).toContainText('50,000 characters billed');

    const downloading = page.waitForEvent('download');
    await job.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    // Playwright renames downloads it captures, so the name given to browser.downloads is read from the page.
    await expect(job.getByRole('status')).toContainText('Saved as report.de.docx');
    const files = unzipSync(await readFile((await download.path())!));
    const translated = runTexts(strFromU8(files['word/document.xml']!));
    expect(translated).toHaveLength(2);
    expect(translated).not.toEqual(original);
    // Structure kept: the package parts come back.
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels']));
    await expect(job).toContainText('Downloaded');

    // The service deleted the document on download: asking again is its 404, explained, and no file.
    let second = false;
    page.on('download', () => {
      second = true;
    });
    await job.getByRole('button', { name: 'Download' }).click();
    await expect(job.getByRole('alert')).toContainText('upload the file again');
    const results = (await svc.requests('/v2/document/')).filter((r) => r.path.endsWith('/result'));
    expect(results.map((r) => r.status)).toEqual([200, 404]);
    expect(second).toBe(false);
  });

  test('a 1 KB Word file: its 50,000-character minimum is said before upload, in the list and under Usage', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    const docx = minimalDocx(['Quarterly report', 'Sales grew in every region.']);
    expect(docx.length).toBeLessThan(1024);
    await page.getByLabel('Translate into').selectOption({ label: 'German' });
    await page.getByLabel('File to translate').setInputFiles({ name: 'memo.docx', mimeType: DOCX_TYPE, buffer: docx });
    // Before anything is sent: the minimum, the file's own count and the estimated charge.
    const warning = page.getByRole('status').filter({ hasText: 'billed at least 50,000 characters' });
    await expect(warning).toContainText('This file has about 43 characters of text');
    await expect(warning).toContainText('translating it counts 50,000 characters against your limit');
    expect(await svc.requests('/v2/document')).toHaveLength(0);

    // A text file is billed for its text: no minimum to warn of.
    await page.getByLabel('File to translate').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Meeting notes.\nBring the slides.\n'),
    });
    await expect(page.getByText('Estimated charge: about 33 characters.')).toBeVisible();
    await expect(warning).toBeHidden();

    await page.getByLabel('File to translate').setInputFiles({ name: 'memo.docx', mimeType: DOCX_TYPE, buffer: docx });
    await expect(warning).toBeVisible();
    await page.getByRole('button', { name: 'Translate document' }).click();
    const job = jobItem(page, 'memo.docx');
    await expect(job).toContainText('Done');
    await expect(job).toContainText('50,000 characters billed: the minimum for a Word, PowerPoint, Excel or PDF file');

    const usage = await openExtensionPage('options.html#usage');
    await expect(usage.getByRole('listitem').filter({ hasText: 'counts at least 50,000 characters' })).toContainText(
      'A Word, PowerPoint, Excel or PDF document',
    );
  });

  test('a .txt shows its upload state, and the job list survives a reload', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    // The service holds the upload until the test has seen it shown.
    await svc.addFaults([{ path: '/v2/document', method: 'POST', hold: true }]);
    const page = await openExtensionPage('documents.html');
    await page.getByLabel('Source language').selectOption({ label: 'English' });
    await chooseAndTranslate(page, {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Meeting notes.\nBring the slides.\n'),
    });
    await expect(page.getByRole('status').filter({ hasText: 'Uploading to the translation service' })).toBeVisible();
    await expect.poll(() => svc.held()).toBe(1);
    await svc.release();
    await expect(page.getByRole('status').filter({ hasText: 'notes.txt was uploaded' })).toBeVisible();

    const job = jobItem(page, 'notes.txt');
    await expect(job).toContainText('EN → DE');
    await expect(job).toContainText('Done');
    await expect(job).toContainText('33 characters billed');
    await page.reload();
    await expect(jobItem(page, 'notes.txt')).toContainText('Done');

    const downloading = page.waitForEvent('download');
    // The button names the file it downloads, its visible label first.
    await jobItem(page, 'notes.txt').getByRole('button', { name: 'Download notes.txt', exact: true }).click();
    const download = await downloading;
    await expect(jobItem(page, 'notes.txt').getByRole('status')).toContainText('Saved as notes.de.txt');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.split('\n')).toHaveLength(3);
    expect(text).not.toBe('Meeting notes.\nBring the slides.\n');

    // The upload carried the chosen options.
    const uploads = await svc.requests('/v2/document');
    expect(uploads.filter((r) => r.path === '/v2/document').map((r) => r.status)).toEqual([200]);
  });

  test('a failed document shows the service message', async ({ configure, openExtensionPage, svc }) => {
    await configure();
    await svc.addFaults([{ documentError: 'The document could not be read: page 3 is damaged' }]);
    const page = await openExtensionPage('documents.html');
    await chooseAndTranslate(page, { name: 'broken.txt', mimeType: 'text/plain', buffer: Buffer.from('Text.') });
    const job = jobItem(page, 'broken.txt');
    await expect(job).toContainText('Error');
    await expect(job).toContainText('The document could not be read: page 3 is damaged');
    await expect(job.getByRole('button', { name: 'Download' })).toHaveCount(0);
    await job.getByRole('button', { name: 'Remove from list' }).click();
    await expect(job).toHaveCount(0);
  });

  test('a refused upload shows the service message, and a file that is too large is never sent', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    await chooseAndTranslate(page, {
      name: 'slides.pptx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('x'),
    });
    await expect(page.getByRole('alert')).toContainText('pptx');

    await page.getByLabel('File to translate').setInputFiles({
      name: 'huge.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(30 * 1024 * 1024 + 1, 97),
    });
    await expect(page.getByRole('alert')).toContainText('too large');
    await expect(page.getByRole('button', { name: 'Translate document' })).toBeDisabled();
    expect((await svc.requests('/v2/document')).map((r) => r.status)).toEqual([400]);
  });

  test('formality is offered only for targets that support it for documents', async ({
    configure,
    openExtensionPage,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    await page.getByLabel('Translate into').selectOption({ label: 'German' });
    await expect(page.getByLabel('Formality')).toBeVisible();
    await page.getByLabel('Translate into').selectOption({ label: 'Korean' });
    await expect(page.getByLabel('Formality')).toHaveCount(0);
  });

  test('the popup and the options open the document page', async ({ configure, openExtensionPage, context }) => {
    await configure();
    for (const [file, from] of [
      ['popup.html', 'popup'],
      ['options.html#documents', 'options'],
    ]) {
      const start = await openExtensionPage(file ?? '');
      const opened = context.waitForEvent('page');
      await start.getByRole('button', { name: 'Translate a document' }).click();
      const page = await opened;
      await expect(page.getByRole('heading', { name: 'Translate a document' }), from).toBeVisible();
      expect(page.url()).toMatch(/\/documents\.html$/);
    }
  });

  test('a file of several chunks arrives whole, with progress, and the options list the job', async ({
    configure,
    openExtensionPage,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    // Three chunks of at most 1 MiB on the way to the background.
    const line = 'The quick brown fox jumps over the lazy dog.\n';
    const text = line.repeat(Math.ceil((2.5 * 1024 * 1024) / line.length));
    const progress: number[] = [];
    await page.exposeFunction('recordProgress', (value: number) => progress.push(value));
    await page.evaluate(() => {
      new MutationObserver(() => {
        const bar = document.querySelector('progress[value]');
        if (bar)
          (window as unknown as { recordProgress(v: number): void }).recordProgress(Number(bar.getAttribute('value')));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await chooseAndTranslate(page, { name: 'long.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await expect(jobItem(page, 'long.txt')).toContainText('Done', { timeout: 30_000 });
    // Progress moved chunk by chunk (the last one gives way to the upload state at once).
    expect(progress).toEqual(expect.arrayContaining([1024 * 1024, 2 * 1024 * 1024]));

    const options = await openExtensionPage('options.html#documents');
    const listed = jobItem(options, 'long.txt');
    await expect(listed).toContainText('Done');
    const downloading = options.waitForEvent('download');
    await listed.getByRole('button', { name: 'Download' }).click();
    const translated = await readFile((await (await downloading).path())!, 'utf8');
    expect(translated.split('\n')).toHaveLength(text.split('\n').length);
    await expect(listed).toContainText('Downloaded');
  });

  // Last in the file: it stops the service worker.
  test.describe(() => {
    test.use({ workerClockFactor: WORKER_CLOCK_FACTOR });
    // The worker's timers run faster (helpers/clock.ts) and its alarm, due in 30 s on the real clock, is
    // set due as soon on the fast one. Its successor, woken by that alarm, runs on real time.
    test('a job survives a stopped service worker and completes after the restart', async ({
      configure,
      openExtensionPage,
      context,
      svc,
      workerClock,
    }) => {
      test.setTimeout(120_000);
      await configure();
      // The worker is stopped before it learns how the document is doing: its status polls are held at the
      // service until then (the upload itself goes through).
      await svc.addFaults([{ path: '/v2/document/', hold: true, count: 1000 }]);
      const page = await openExtensionPage('documents.html');
      await chooseAndTranslate(page, { name: 'minutes.txt', mimeType: 'text/plain', buffer: Buffer.from('Minutes.') });
      await expect(jobItem(page, 'minutes.txt')).toContainText(/Queued|Translating/);
      // The id appears in the first status poll, a second after the upload.
      await expect.poll(async () => (await documentIds(svc)).length).toBe(1);
      await expect.poll(() => svc.held()).toBe(1);
      const [id] = await documentIds(svc);
      // Nothing may wake the worker but the alarm: no extension page stays open.
      await page.close();
      expect(await workerClock.alarmsSooner()).toEqual(['verso-documents-poll']);

      const blank = await context.newPage();
      const cdp = await context.newCDPSession(blank);
      const statuses: string[] = [];
      cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
        for (const v of e.versions) if (v.scriptURL.endsWith('/background.js')) statuses.push(v.runningStatus);
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await expect.poll(() => statuses.at(-1)).toBe('stopped');
      // From now on the service answers (the held poll's client is gone with the worker).
      const [heldPoll] = await svc.requests(`/v2/document/${id}`);
      await svc.clearFaults();
      await svc.release();

      // The alarm wakes the worker, which polls the job from Dexie to the end.
      await expect
        .poll(async () => (await svc.requests(`/v2/document/${id}`)).filter((r) => r.id > heldPoll!.id).length, {
          timeout: 70_000,
          intervals: [1000],
        })
        .toBeGreaterThan(0);
      expect(statuses).toContain('running');

      const again = await openExtensionPage('documents.html');
      await expect(jobItem(again, 'minutes.txt')).toContainText('Done', { timeout: 20_000 });
      const downloading = again.waitForEvent('download');
      await jobItem(again, 'minutes.txt').getByRole('button', { name: 'Download' }).click();
      await downloading;
      await expect(jobItem(again, 'minutes.txt').getByRole('status')).toContainText('Saved as minutes.de.txt');
    });
  });
});
