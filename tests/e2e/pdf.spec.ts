import type { Page } from '@playwright/test';
import { openRootsBeforeFeatures } from './closed-roots.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { toGerman } from './helpers/german.ts';
import { ORIGIN } from './helpers/pages.ts';
import { openInReader, pdfAsks, recordPdfAsks, servePdfs, shownTranslations } from './helpers/pdf.ts';
import { billed } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

// Verso's PDF reader with real PDFs (tests/fixtures/pdf, made by Ghostscript, LibreOffice and Chromium):
// opening, translate as you read (what is on screen only), display modes, the original, the way back.

test.beforeEach(async ({ context, configure, background }) => {
  await configure();
  await setPreferences(background, { targetLang: 'de' });
  await servePdfs(context);
});

const LEFT =
  'Scholarly articles are often set in two columns, which readers follow without effort but which naive text extraction reads straight across the page, mixing the two columns into nonsense.';

async function translate(page: Page) {
  await page.getByRole('button', { name: 'Translate as I read' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pages you read are translated' })).toBeVisible();
}

test('a two-column paper is sent by paragraph, in reading order, its header once and its page numbers never', async ({
  context,
  extensionId,
  svc,
}) => {
  const page = await openInReader(context, extensionId, 'paper');
  await expect(page.getByText('Reading Order in Two-Column Documents')).toBeVisible();
  await translate(page);
  const { texts } = await billed(svc);
  // The left column first, its lines joined and "mix-/ing", "col-/umns" joined back.
  expect(texts.indexOf(LEFT)).toBeGreaterThanOrEqual(0);
  const describes =
    'This paper describes a simple method that finds the gutter between the columns and reads the left column before the right one, band by band.';
  const hyphenation =
    'Hyphenation at the end of a line is another obstacle: a word broken across two lines must be joined again before it is translated, or the translation service sees two unrelated fragments.';
  expect(texts.indexOf(describes)).toBeGreaterThan(texts.indexOf(LEFT));
  expect(texts.indexOf(hyphenation)).toBeGreaterThan(texts.indexOf(describes));
  expect(texts).toContain('Proceedings of the Workshop on Reading Machines, 2026');
  expect(texts).not.toContain('1');
  await expect(shownTranslations(page, 1).filter({ hasText: toGerman(LEFT) })).toHaveCount(1);

  // Page 2, read next: its own paragraphs only; the running header is not sent again.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(shownTranslations(page, 2).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Pages you read are translated' })).toBeVisible();
  const after = (await billed(svc)).texts;
  expect(after.filter((t) => t === 'Proceedings of the Workshop on Reading Machines, 2026')).toHaveLength(1);
  expect(after).not.toContain('2');
  // The running header on page 2 shows the translation sent with page 1.
  await expect(
    shownTranslations(page, 2).filter({ hasText: toGerman('Proceedings of the Workshop on Reading Machines, 2026') }),
  ).toHaveCount(1);
});

test('a 300-page report: only the pages read are sent and billed', async ({ context, extensionId, svc }) => {
  const page = await openInReader(context, extensionId, 'report');
  await translate(page);
  const first = (await billed(svc)).texts;
  expect(first.some((t) => t.startsWith('Section 1 reports'))).toBe(true);
  expect(first.some((t) => t.startsWith('Section 10 reports'))).toBe(false);
  // Jump to page 150: it is sent when it shows; the pages in between never are.
  const input = page.getByRole('spinbutton', { name: 'Page' });
  await input.fill('150');
  await input.press('Enter');
  await expect(shownTranslations(page, 150).first()).toBeVisible();
  // The running header shows at once (its translation came with page 1): wait for the page's own text.
  await expect.poll(async () => (await billed(svc)).texts.some((t) => t.startsWith('Section 150 reports'))).toBe(true);
  const later = (await billed(svc)).texts;
  expect(later.some((t) => t.startsWith('Section 100 reports'))).toBe(false);
  const pagesSent = new Set(later.flatMap((t) => /^Section (\d+) reports/.exec(t)?.[1] ?? []));
  expect(pagesSent.size).toBeLessThanOrEqual(6);
  // The footer "Page N" is a page number: never sent.
  expect(later.some((t) => /^Page \d+$/.test(t))).toBe(false);
});

test('display modes, and the original again in one action', async ({ context, extensionId }) => {
  const page = await openInReader(context, extensionId, 'paper');
  await translate(page);
  const german = toGerman(LEFT);
  await expect(page.locator('.page[data-page-number="1"] .verso-pdf-over').getByText(german)).toBeVisible();
  await page.getByRole('combobox', { name: 'Show translation' }).selectOption('side');
  await expect(page.locator('.page[data-page-number="1"] .verso-pdf-side').getByText(german)).toBeVisible();
  await page.getByRole('combobox', { name: 'Show translation' }).selectOption('below');
  const below = page.locator('.verso-pdf-below').first();
  await expect(below.getByText(german)).toBeVisible();
  await expect(below.getByText(LEFT)).toBeVisible();
  await page.getByRole('button', { name: 'Show original' }).click();
  await expect(page.locator('.verso-pdf-below, .verso-pdf-layer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Translate as I read' })).toBeVisible();
  expect(await seriousViolations(page, { include: '.toolbar' })).toEqual([]);
});

test('a PDF served without ".pdf" in its address: the offer, the reader, and the way back', async ({
  context,
  background,
  svc,
}) => {
  await recordPdfAsks(background);
  const page = await context.newPage();
  // The offer mounts as the PDF loads: its root is opened before Verso's features run.
  await openRootsBeforeFeatures(page);
  const url = `${ORIGIN}/doc/letter`;
  await page.goto(url);
  const offer = page.getByRole('region', { name: 'Verso: read this PDF in Verso’s reader?' });
  await offer.getByRole('button', { name: 'Open in Verso’s reader' }).click();
  await page.waitForURL(/pdf-reader\.html/);
  await expect(page.getByText('A letter about the new library')).toBeVisible();
  // Nothing is sent before the person asks.
  expect((await billed(svc)).texts).toEqual([]);
  await page.getByRole('button', { name: 'Open in the browser’s viewer' }).click();
  await page.waitForURL(url);
  // This visit asked (the first visit asked too): its answer used the pass.
  await expect.poll(() => pdfAsks(background, url)).toBe(2);
  // The pass back was for once: the next visit offers the reader again.
  await page.reload();
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
});

test('"Always on this site": the site’s PDFs open in the reader, and the way back does not bounce', async ({
  context,
  background,
}) => {
  await recordPdfAsks(background);
  const page = await context.newPage();
  await openRootsBeforeFeatures(page);
  await page.goto(`${ORIGIN}/doc/letter`);
  await page
    .getByRole('region', { name: 'Verso: read this PDF in Verso’s reader?' })
    .getByRole('button', { name: 'Always on this site' })
    .click();
  await page.waitForURL(/pdf-reader\.html/);
  // Another PDF of the site opens in the reader straight away.
  const other = await context.newPage();
  await other.goto(`${ORIGIN}/pdf/paper.pdf`);
  await other.waitForURL(/pdf-reader\.html/);
  await expect(other.getByText('Reading Order in Two-Column Documents')).toBeVisible();
  await other.getByRole('button', { name: 'Open in the browser’s viewer' }).click();
  await other.waitForURL(`${ORIGIN}/pdf/paper.pdf`);
  // This visit asked (the first, sent to the reader, asked too): its answer used the pass.
  await expect.poll(() => pdfAsks(background, `${ORIGIN}/pdf/paper.pdf`)).toBe(2);
  // Reloaded, the site's choice applies again: the reader. The visit before stayed in the viewer.
  await other.reload();
  await other.waitForURL(/pdf-reader\.html/);
});

test('the whole file through the document API, from the reader: nothing before Translate, the result opened in the reader', async ({
  context,
  extensionId,
  svc,
}) => {
  const page = await openInReader(context, extensionId, 'letter');
  await page.getByRole('button', { name: 'Translate the whole file…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Translate the whole file' });
  await expect(dialog.getByText(/Chosen: letter\.pdf/)).toBeVisible();
  await dialog.getByLabel('Translate into').selectOption({ label: 'German' });
  expect(await svc.requests('/v2/document')).toEqual([]);
  await dialog.getByRole('button', { name: 'Translate document' }).click();
  await dialog.getByRole('button', { name: 'Open the translation in the reader' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(toGerman('A letter about the new library'))).toBeVisible();
  // One upload: the file went once (then its status and its result were asked for).
  const uploads = (await svc.requests('/v2/document')).filter((r) => r.method === 'POST' && r.path === '/v2/document');
  expect(uploads).toHaveLength(1);
});
