import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { jobItem } from './helpers/documents.ts';

// Whole PDFs through the documents page: real files made by LibreOffice and qpdf
// (tests/fixtures/documents/, scripts/fixtures/document-pdfs.sh), translated by the local service into
// DOCX or PDF, followed with progress, downloaded, and opened again to read the translation.

const FIXTURES = path.join(import.meta.dirname, '../fixtures/documents');
const fixture = (name: string) => path.join(FIXTURES, name);

/** German pseudo-translation of the report's first heading ("Quarterly report"): a a -> ä, o -> ö, u -> ü. */
const TITLE_DE = 'Qüärterly repört';
const LAST_PARAGRAPH = 'Write to the office if you have any question about this report.';

/** Every page's text of a PDF, as pdfjs reads it. */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? `${i.str}${i.hasEOL ? ' ' : ''}` : '')).join(''));
  }
  await doc.destroy();
  return pages;
}

async function translateWithProgress(
  page: Page,
  svc: { addFaults: (rules: object[]) => Promise<unknown>; held(): Promise<number>; release(): Promise<number> },
  file: string,
) {
  // The first status check waits until the test has seen the job in progress.
  await svc.addFaults([{ path: '/v2/document/', method: 'POST', hold: true }]);
  await page.getByRole('button', { name: 'Translate document' }).click();
  const job = jobItem(page, file);
  await expect(job.getByRole('progressbar', { name: `Translation of ${file}` })).toBeVisible();
  await expect(job).toContainText('The service is working on it.');
  expect(await seriousViolations(page)).toEqual([]);
  await expect.poll(() => svc.held()).toBe(1);
  await svc.release();
  await expect(job).toContainText('Done');
  await expect(job.getByRole('progressbar')).toHaveCount(0);
  await expect(job).toContainText('50,000 characters billed: the minimum for a Word, PowerPoint, Excel or PDF file');
  return job;
}

test.describe('PDF documents', () => {
  test('a real PDF comes back as DOCX and as PDF, with progress, and both downloads hold the translation', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    await page.getByLabel('Translate into').selectOption({ label: 'German' });
    await page.getByLabel('Source language').selectOption({ label: 'English' });
    const input = page.getByLabel('File to translate');

    // DOCX: the one conversion the contract names for a PDF.
    await input.setInputFiles(fixture('report.pdf'));
    await expect(page.getByText('Chosen: report.pdf')).toBeVisible();
    await expect(page.getByText('PDF files are billed at least 50,000 characters')).toBeVisible();
    const format = page.getByLabel('Output format');
    await expect(format.getByRole('option')).toHaveText(['Same as the file (pdf)', 'docx']);
    await format.selectOption('docx');
    expect(await seriousViolations(page)).toEqual([]);
    const asDocx = await translateWithProgress(page, svc, 'report.pdf');
    const docxSaving = page.waitForEvent('download');
    await asDocx.getByRole('button', { name: 'Download' }).click();
    const docx = await docxSaving;
    await expect(asDocx.getByRole('status')).toContainText('Saved as report.de.docx');
    const xml = strFromU8(unzipSync(await readFile((await docx.path())!))['word/document.xml'] ?? new Uint8Array());
    const paragraphs = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]);
    expect(paragraphs[0]).toBe(TITLE_DE);
    expect(paragraphs).toHaveLength(7);
    expect(xml.split('<w:br w:type="page"/>')).toHaveLength(3);
    expect(xml).not.toContain('Quarterly report');

    // PDF, the input's own format: the same pages, each with its translated text.
    await input.setInputFiles({
      name: 'report copy.pdf',
      mimeType: 'application/pdf',
      buffer: await readFile(fixture('report.pdf')),
    });
    await expect(format).toHaveValue('');
    const asPdf = await translateWithProgress(page, svc, 'report copy.pdf');
    const pdfSaving = page.waitForEvent('download');
    await asPdf.getByRole('button', { name: 'Download' }).click();
    const pdf = await pdfSaving;
    await expect(asPdf.getByRole('status')).toContainText('Saved as report copy.de.pdf');
    const pages = await pdfPages(new Uint8Array(await readFile((await pdf.path())!)));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain(TITLE_DE);
    expect(pages[2]).toContain('Cöntäct');
    expect(pages.join(' ')).not.toContain(LAST_PARAGRAPH);

    const uploads = (await svc.requests('/v2/document')).filter((r) => r.path === '/v2/document');
    expect(uploads.map((r) => r.status)).toEqual([200, 200]);

    // Both passed the spending guard, at the charge the page stated (a PDF's minimum each).
    const settings = await openExtensionPage('options.html#spending');
    await expect(settings.getByRole('listitem').filter({ hasText: /^Documents:/ })).toHaveText('Documents: 100,000');
  });

  test('an encrypted PDF gets a clear error and loses nothing: the file and the choices stay for the next try', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    await page.getByLabel('Translate into').selectOption({ label: 'French' });
    const input = page.getByLabel('File to translate');
    await input.setInputFiles(fixture('encrypted.pdf'));
    await page.getByLabel('Output format').selectOption('docx');
    await page.getByRole('button', { name: 'Translate document' }).click();

    await expect(page.getByRole('alert')).toContainText('The PDF is encrypted with a password');
    await expect(page.getByText('Chosen: encrypted.pdf')).toBeVisible();
    await expect(page.getByLabel('Translate into')).toHaveValue(/^fr$/i);
    await expect(page.getByLabel('Output format')).toHaveValue('docx');
    await expect(page.getByRole('button', { name: 'Translate document' })).toBeEnabled();
    await expect(jobItem(page, 'encrypted.pdf')).toHaveCount(0);
    const uploads = (await svc.requests('/v2/document')).filter((r) => r.path === '/v2/document');
    expect(uploads.map((r) => r.status)).toEqual([400]);

    // The next file goes through with the same choices.
    await input.setInputFiles(fixture('report.pdf'));
    await page.getByLabel('Output format').selectOption('docx');
    await page.getByRole('button', { name: 'Translate document' }).click();
    await expect(jobItem(page, 'report.pdf')).toContainText('Done');
  });
});
