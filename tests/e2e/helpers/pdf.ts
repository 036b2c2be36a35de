import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { ORIGIN } from './pages.ts';

// Verso's PDF reader in the tests: the fixture PDFs (tests/fixtures/pdf, made by scripts/fixtures/pdfs.sh)
// served from the loopback origin, and the reader's own page.

const DIR = path.resolve(import.meta.dirname, '../../fixtures/pdf');

export const pdfBytes = (name: string) => readFileSync(path.join(DIR, name));

/**
 * Serves `tests/fixtures/pdf/<name>.pdf` at `${ORIGIN}/pdf/<name>.pdf` and, without ".pdf" in its URL,
 * at `${ORIGIN}/doc/<name>` (only `Content-Type: application/pdf` says what it is), to every page of the
 * context (the reader is an extension page).
 */
export async function servePdfs(context: BrowserContext): Promise<void> {
  await context.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    const m = /^\/(?:pdf\/([a-z0-9-]+)\.pdf|doc\/([a-z0-9-]+))$/.exec(pathname);
    const name = m?.[1] ?? m?.[2];
    if (!name) return route.fallback();
    try {
      return route.fulfill({ status: 200, contentType: 'application/pdf', body: pdfBytes(`${name}.pdf`) });
    } catch {
      return route.fulfill({ status: 404, body: 'not found' });
    }
  });
}

/** The reader's address for a PDF URL. */
export const readerUrl = (extensionId: string, file: string) =>
  `chrome-extension://${extensionId}/pdf-reader.html?file=${encodeURIComponent(file)}`;

/**
 * Opens a served fixture PDF in the reader and waits for its first page's text layer. The reader is
 * Verso's own page, where its content features run in the page's one world: `openRoots` makes them
 * attach their shadow roots open there, as closed-roots.ts does in Verso's world of a web page.
 */
export async function openInReader(
  context: BrowserContext,
  extensionId: string,
  name: string,
  { openRoots = false } = {},
): Promise<Page> {
  const page = await context.newPage();
  if (openRoots) {
    await page.addInitScript(() => {
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        return attach.call(this, { ...init, mode: 'open' });
      };
    });
  }
  await page.goto(readerUrl(extensionId, `${ORIGIN}/pdf/${name}.pdf`));
  await page.locator('.page[data-page-number="1"] .textLayer span').first().waitFor();
  return page;
}

/** The translated paragraphs shown on a page of the reader. */
export const shownTranslations = (page: Page, pageNumber: number) =>
  page.locator(`.page[data-page-number="${pageNumber}"] .verso-pdf-translation`);

/**
 * Starts counting, in Verso's service worker, the questions PDF tabs ask about the offer (the
 * bootstrap's `boot.load` for a PDF, from a tab's top frame), by address, from zero (a worker may serve
 * several tests). Call before the page loads.
 */
export const recordPdfAsks = (background: Worker) =>
  background.evaluate(() => {
    const host = self as unknown as { __pdfAsks?: string[] };
    if (host.__pdfAsks) {
      host.__pdfAsks.length = 0;
      return;
    }
    const asks: string[] = [];
    host.__pdfAsks = asks;
    chrome.runtime.onMessage.addListener((message: { type?: unknown; data?: { reason?: unknown } }, sender) => {
      const url = sender.tab?.url;
      if (message?.type === 'boot.load' && message.data?.reason === 'pdf' && sender.frameId === 0 && url)
        asks.push(url);
    });
  });

/**
 * How many times a tab at `url` asked about the offer since `recordPdfAsks`: a test waits for a visit's
 * question before it reloads, so the reload cannot overtake it.
 */
export const pdfAsks = (background: Worker, url: string) =>
  background.evaluate(
    (url) => (self as unknown as { __pdfAsks: string[] }).__pdfAsks.filter((asked) => asked === url).length,
    url,
  );
