import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { expect, test } from './fixtures.ts';
import { jobItem } from './helpers/documents.ts';

// Which files the documents page takes: the contract's types (docs/contract.md §4.2: no request lists a
// service's types), named on the page with the size limit; anything else is refused before upload, naming
// the file. Real names (spaces, accents, double and upper-case extensions) go through.

const ACCEPTED = 'docx, doc, pptx, xlsx, pdf, htm, html, txt, xlf, xliff, srt, jpeg, jpg, png';
const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** A two-slide presentation with notes, as PowerPoint stores it (cut to the parts that matter). */
function presentation(): Record<string, Uint8Array> {
  const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
  const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const shapes = (runs: string[]) =>
    `<p:cSld><p:spTree><p:sp><p:txBody><a:bodyPr/>${runs.map((r) => `<a:p><a:r><a:t>${r}</a:t></a:r></a:p>`).join('')}</p:txBody></p:sp></p:spTree></p:cSld>`;
  return {
    '[Content_Types].xml': strToU8(
      `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slides/slide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/><Override PartName="/ppt/slides/slide2.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    ),
    'ppt/presentation.xml': strToU8(
      `${head}<p:presentation xmlns:a="${A}" xmlns:p="${P}" xmlns:r="${R}"><p:sldIdLst><p:sldId id="256" r:id="rId2"/><p:sldId id="257" r:id="rId3"/></p:sldIdLst></p:presentation>`,
    ),
    'ppt/_rels/presentation.xml.rels': strToU8(
      `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="${R}/slide" Target="slides/slide1.xml"/><Relationship Id="rId3" Type="${R}/slide" Target="slides/slide2.xml"/></Relationships>`,
    ),
    'ppt/slides/slide1.xml': strToU8(
      `${head}<p:sld xmlns:a="${A}" xmlns:p="${P}">${shapes(['Quarterly results', 'Sales grew in every region'])}</p:sld>`,
    ),
    'ppt/slides/slide2.xml': strToU8(
      `${head}<p:sld xmlns:a="${A}" xmlns:p="${P}">${shapes(['Our next steps, in a row'])}</p:sld>`,
    ),
    'ppt/notesSlides/notesSlide1.xml': strToU8(
      `${head}<p:notes xmlns:a="${A}" xmlns:p="${P}">${shapes(['Speak slowly'])}</p:notes>`,
    ),
  };
}

const runs = (part: Uint8Array | undefined) =>
  [...strFromU8(part ?? new Uint8Array()).matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]);

const fileInput = (page: Page) => page.getByLabel('File to translate');

test.describe('document types', () => {
  test('the page names the accepted types and the size limit, offers only them to the file picker, and says what the local service does not translate', async ({
    configure,
    openExtensionPage,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    const input = fileInput(page);
    const accept = await input.getAttribute('accept');
    expect(accept?.split(',')).toEqual(ACCEPTED.split(', ').map((e) => `.${e}`));
    const hint = `Or drop a file here. Accepted types: ${ACCEPTED} (XLIFF in version 2.1), at most 30 MB.`;
    await expect(page.getByText(hint)).toBeVisible();
    // The connection goes to the local service on 127.0.0.1: the page says which types it leaves out, in
    // words for the person using it (no commands, no file-format internals).
    const note = page.getByText(
      'The server Verso uses now is a test service on this computer: it does not translate doc, jpeg, jpg, png files.',
    );
    await expect(note).toBeVisible();
    await expect(note).not.toContainText('npm');
    await expect(input).toHaveAccessibleDescription(new RegExp(`^${hint.replace(/[().]/g, '\\$&')} The server Verso`));
  });

  test('the local-service note is not shown for a server elsewhere', async ({ configure, openExtensionPage }) => {
    // A server address that is not on this computer (and not reachable from the test): the page has
    // nothing to say about the local service.
    await configure({ serverUrl: 'https://gateway.invalid' });
    const page = await openExtensionPage('documents.html');
    await expect(page.getByText(/Accepted types: docx/)).toBeVisible();
    // The page has finished opening once the languages have failed: the server's answer is in by then.
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page.getByText(/local service/)).toHaveCount(0);
  });

  test('a file of another type is refused before upload, naming the file and the accepted types, and nothing chosen is lost', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    await page.getByLabel('Translate into').selectOption({ label: 'German' });
    await fileInput(page).setInputFiles({
      name: 'holiday clip.final.MP4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('not a document'),
    });
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(
      `“holiday clip.final.MP4” cannot be translated: .mp4 files are not accepted. Accepted types: ${ACCEPTED}.`,
    );
    await expect(fileInput(page)).toHaveAccessibleDescription(/cannot be translated/);
    await expect(page.getByRole('button', { name: 'Translate document' })).toBeDisabled();

    await fileInput(page).setInputFiles({ name: 'Makefile', mimeType: 'text/plain', buffer: Buffer.from('all:') });
    await expect(alert).toHaveText(`“Makefile” has no extension, so its type is unknown. Accepted types: ${ACCEPTED}.`);
    expect(await svc.requests('/v2/document')).toHaveLength(0);

    // The next file is taken as it is, with the language chosen before.
    await fileInput(page).setInputFiles({
      name: 'Résumé de réunion.final.TXT',
      mimeType: 'text/plain',
      buffer: Buffer.from('Meeting notes.\n'),
    });
    await expect(alert).toHaveCount(0);
    await expect(page.getByText('Chosen: Résumé de réunion.final.TXT')).toBeVisible();
    await expect(page.getByLabel('Translate into')).toHaveValue(/^de$/i);
    await page.getByRole('button', { name: 'Translate document' }).click();
    const job = jobItem(page, 'Résumé de réunion.final.TXT');
    await expect(job).toContainText('Done');
    const uploads = (await svc.requests('/v2/document')).filter((r) => r.path === '/v2/document');
    expect(uploads.map((r) => r.status)).toEqual([200]);
  });

  test('a PowerPoint file with a real name comes back translated, every part kept, and opens again', async ({
    configure,
    openExtensionPage,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    await page.getByLabel('Translate into').selectOption({ label: 'German' });
    const source = presentation();
    const name = 'Quartal Überblick.final.PPTX';
    await fileInput(page).setInputFiles({ name, mimeType: PPTX_TYPE, buffer: Buffer.from(zipSync(source)) });
    await expect(page.getByText(`Chosen: ${name}`)).toBeVisible();
    await page.getByRole('button', { name: 'Translate document' }).click();

    const job = jobItem(page, name);
    await expect(job).toContainText('Done');
    const downloading = page.waitForEvent('download');
    await job.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    await expect(job.getByRole('status')).toContainText('Saved as Quartal Überblick.final.de.pptx');

    const files = unzipSync(await readFile((await download.path())!));
    expect(Object.keys(files).sort()).toEqual(Object.keys(source).sort());
    expect(files['ppt/presentation.xml']).toEqual(source['ppt/presentation.xml']);
    for (const part of ['ppt/slides/slide1.xml', 'ppt/slides/slide2.xml', 'ppt/notesSlides/notesSlide1.xml']) {
      const before = runs(source[part]);
      const after = runs(files[part]);
      expect(after, part).toHaveLength(before.length);
      after.forEach((text, i) => {
        expect(text, part).not.toBe(before[i]);
        // The pseudo-translation into German keeps the letters' order and swaps some for umlauts.
        expect(text?.length, part).toBe(before[i]?.length);
      });
    }
  });

  test('a legacy Word file sent to the local service comes back refused with its reason, shown on the page', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    await page.getByLabel('Translate into').selectOption({ label: 'German' });
    // The contract lists doc: the page takes it, and the local service says why it does not translate it.
    await fileInput(page).setInputFiles({
      name: 'Minutes 2026.final.DOC',
      mimeType: 'application/msword',
      buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    });
    await expect(page.getByText('Chosen: Minutes 2026.final.DOC')).toBeVisible();
    await page.getByRole('button', { name: 'Translate document' }).click();
    await expect(page.getByRole('alert')).toContainText('not supported by the local service');
    await expect(page.getByRole('alert')).toContainText('legacy Word');
    const uploads = (await svc.requests('/v2/document')).filter((r) => r.path === '/v2/document');
    expect(uploads.map((r) => r.status)).toEqual([400]);
  });
});
