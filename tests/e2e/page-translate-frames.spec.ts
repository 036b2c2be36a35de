import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { indicator, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

const URL = `${ORIGIN}/frames.html`;
/** Another origin (another site to the browser): its frame runs in a process of its own. */
const OTHER = 'http://localhost:5973';

async function serveOtherOrigin(page: Page) {
  await page.route(`${OTHER}/**`, (route) => {
    const late = route.request().url().endsWith('/late-comments.html');
    const text = late ? 'Late news from the boat house.' : 'Great photos of the harbour!';
    return route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><title>Comments</title></head><body><p id="comment">${text}</p></body></html>`,
    });
  });
}

test.describe('translate page: every frame', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page);
    await serveOtherOrigin(page);
  });

  test('same-origin, cross-origin and srcdoc frames are translated with the page, with one progress; frames Verso cannot reach and closed shadow roots are named', async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(URL);
    const same = page.frameLocator('#same');
    const cross = page.frameLocator('#cross');
    const srcdoc = page.frameLocator('#srcdoc');
    await expect(same.locator('#inner')).toHaveText('Rowing lessons start at noon.');
    await expect(cross.locator('#comment')).toHaveText('Great photos of the harbour!');

    await pressTranslatePage(background, URL);
    await expect(page.locator('#intro')).toHaveText(toGerman('The new boats arrived on Monday.'));
    await expect(same.locator('#inner')).toHaveText(toGerman('Rowing lessons start at noon.'));
    await expect(srcdoc.locator('#doc')).toHaveText(toGerman('A note written in the frame itself.'));
    await expect(cross.locator('#comment')).toHaveText(toGerman('Great photos of the harbour!'));
    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    await expect(card).toContainText('Some embedded content could not be translated: a frame the page made itself.');
    await expect(card).toContainText('1 part of the page is closed to extensions and stays in the original.');

    // Every text once, the frames' too.
    const texts = (await sentTexts(svc)).map((s) => s.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).toContain('Great photos of the harbour!');

    // Show original: the frames follow the top page.
    await card.getByRole('button', { name: 'Show original' }).click();
    await expect(same.locator('#inner')).toHaveText('Rowing lessons start at noon.');
    await expect(cross.locator('#comment')).toHaveText('Great photos of the harbour!');
    await card.getByRole('button', { name: 'Show translation' }).click();
    await expect(cross.locator('#comment')).toHaveText(toGerman('Great photos of the harbour!'));
  });

  test('a frame added after the page was translated joins it; the page is not "Translated" until the frame is', async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(URL);
    await pressTranslatePage(background, URL);
    const status = indicator(page).getByRole('status');
    await expect(status).toHaveText('Translated into German');
    // The late frame's request is held in flight.
    await svc.addFaults([{ path: '/v2/translate', hold: true, count: 1 }]);
    await page.evaluate((other) => {
      const frame = document.createElement('iframe');
      frame.id = 'late';
      frame.src = `${other}/late-comments.html`;
      document.body.prepend(frame);
    }, OTHER);
    await expect.poll(() => svc.held()).toBe(1);
    await expect(status).toHaveText(/^Translating into German/);
    await svc.release();
    await expect(page.frameLocator('#late').locator('#comment')).toHaveText(toGerman('Late news from the boat house.'));
    await expect(status).toHaveText('Translated into German');
  });
});
