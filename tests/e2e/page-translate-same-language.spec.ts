import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { closeWelcome, extensionIdOf, launchWithExtension } from './browser.ts';
import { openVersoRoots } from './closed-roots.ts';
import { expect, test } from './fixtures.ts';
import { ORIGIN, servePages } from './helpers/pages.ts';
import { connectTo } from './helpers/service.ts';

const URL = `${ORIGIN}/article.html`;
const ARTICLE = readFileSync(path.resolve(import.meta.dirname, '../fixtures/pages/article.html'), 'utf8');

const card = (page: Page) => page.locator('verso-page').getByRole('region', { name: 'Verso page translation' });

// A new user's browser speaks American English, so Verso's target is American English: an English page
// is already in it. A browser of its own, so the target is the one a fresh install picks.
test.describe('page translation: a page already in the target language, in a fresh profile', () => {
  test('the popup and the card say so plainly, nothing is sent, and the page stays as it is', async ({ svc }) => {
    const context = await launchWithExtension({ locale: 'en-US' });
    try {
      // Verso's card is in a closed shadow root; the tests' world attaches it open (closed-roots.ts).
      await openVersoRoots(context);
      await closeWelcome(context);
      await connectTo(context, svc);
      const worker = context.serviceWorkers()[0]!;
      const page = await context.newPage();
      await servePages(page, { '/article.html': ARTICLE });
      await page.goto(URL);
      const before = await page.evaluate(() => document.body.innerHTML);

      const popup = await context.newPage();
      await popup.goto(`chrome-extension://${await extensionIdOf(context)}/popup.html`);
      await expect(popup.getByRole('status').filter({ hasText: 'This page is already in English' })).toBeVisible();
      await expect(popup.getByText('There is nothing to translate into a variant of the same language.')).toBeVisible();
      // Not a greyed-out button without a reason: no button that would do nothing.
      await expect(popup.getByRole('button', { name: 'Translate page' })).toHaveCount(0);
      await expect(popup.getByText(/Translated into/)).toHaveCount(0);

      // The shortcut (a person who wants it anyway): the card says the same, and nothing is billed.
      await page.bringToFront();
      await worker.evaluate(async (url) => {
        const [tab] = await chrome.tabs.query({ url });
        (chrome.commands.onCommand as unknown as { dispatch(...a: unknown[]): void }).dispatch('translate-page', tab);
      }, URL);
      await expect(card(page).getByRole('status')).toHaveText('This page is already in English');
      await expect(card(page)).not.toContainText('Translated into');
      await popup.reload();
      await expect(popup.getByRole('status').filter({ hasText: 'This page is already in English' })).toBeVisible();
      expect(await svc.requests('/v2/translate')).toHaveLength(0);
      expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
      await expect(page).toHaveTitle('Rowing on the river');
    } finally {
      await context.close();
    }
  });
});
