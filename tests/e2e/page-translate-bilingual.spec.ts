import type { Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { indicator, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { offerIn } from './helpers/selection.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

const URL = `${ORIGIN}/bilingual.html`;
const INTRO = 'The new boats arrived on Monday.';
const DARK = 'Night rowing starts at nine.';
const THEMED = 'Our club colours are green and gold.';
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Club news</title>
<style>
  body { font: 16px/1.5 sans-serif; max-width: 40em; margin: 1em auto; color: rgb(20, 20, 20); }
  .dark { background: black; color: rgb(255, 255, 255); padding: 1em; }
  #themed { --verso-bilingual-color: rgb(1, 2, 3); }
</style></head><body>
<h1 id="title">Club news</h1>
<p id="intro">The new boats arrived on <b>Monday</b>.</p>
<section class="dark"><p id="dark">${DARK}</p></section>
<p id="themed">${THEMED}</p>
</body></html>`;

const lines = (page: Page) => page.locator('.verso-bilingual');
const translateRequests = async (svc: { requests(path: string): Promise<unknown[]> }) =>
  (await svc.requests('/v2/translate')).length;
const siteRules = (background: Worker) =>
  background.evaluate(async () => (await chrome.storage.local.get('siteRules')).siteRules ?? []);

test.describe('page translation: bilingual or the translation only, switched on a translated page', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page, { '/bilingual.html': PAGE });
  });

  test('the card and the popup switch the mode at once without a request, remembered for the site; the original comes back exactly', async ({
    page,
    background,
    svc,
    openExtensionPage,
  }) => {
    await page.goto(URL);
    const before = await page.evaluate(() => document.body.innerHTML);
    await pressTranslatePage(background, URL);
    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    await expect(page.locator('#intro')).toHaveText(toGerman(INTRO));
    const billed = await translateRequests(svc);
    const sent = (await sentTexts(svc)).length;

    await card.getByRole('button', { name: 'Show both languages' }).click();
    await expect(lines(page)).toHaveCount(4);
    await expect(page.locator('#intro .verso-bilingual')).toHaveText(toGerman(INTRO));
    await expect(page.locator('#intro > b').first()).toHaveText('Monday');
    await expect(card.getByRole('button', { name: 'Show the translation only' })).toBeVisible();
    await expect
      .poll(() => siteRules(background))
      .toEqual([expect.objectContaining({ host: '127.0.0.1', pageMode: 'bilingual' })]);
    expect(await translateRequests(svc)).toBe(billed);

    // A subtle look of its own, taken from the text's colour, on light and dark alike; the page can theme it.
    const look = await page.evaluate(() => {
      const style = (sel: string) => getComputedStyle(document.querySelector(sel)!);
      const inside = (sel: string) => {
        const line = document.querySelector(`${sel} .verso-bilingual`)!.getBoundingClientRect();
        const block = document.querySelector(sel)!.getBoundingClientRect();
        return line.left >= block.left - 0.5 && line.right <= block.right + 0.5;
      };
      return {
        border: style('#intro .verso-bilingual').borderInlineStartWidth,
        line: style('#intro .verso-bilingual').color,
        text: style('#intro').color,
        dark: style('#dark .verso-bilingual').color,
        themed: style('#themed .verso-bilingual').color,
        inside: inside('#intro') && inside('#dark') && inside('#themed'),
      };
    });
    expect(look.border).toBe('2px');
    expect(look.line).not.toBe(look.text);
    expect(look.line).toMatch(/0\.07|20 20 20|20, 20, 20/);
    expect(look.dark).toMatch(/srgb 1 1 1|255, 255, 255/);
    expect(look.themed).toBe('rgb(1, 2, 3)');
    expect(look.inside).toBe(true);

    // The popup has the same switch.
    await page.bringToFront();
    const popup = await openExtensionPage('popup.html');
    await popup.getByRole('button', { name: 'Show the translation only' }).click();
    await expect(lines(page)).toHaveCount(0);
    await expect(page.locator('#intro')).toHaveText(toGerman(INTRO));
    await expect
      .poll(() => siteRules(background))
      .toEqual([expect.objectContaining({ host: '127.0.0.1', pageMode: 'replace' })]);
    await popup.getByRole('button', { name: 'Show both languages' }).click();
    await expect(lines(page)).toHaveCount(4);
    expect(await translateRequests(svc)).toBe(billed);
    expect((await sentTexts(svc)).length).toBe(sent);

    // The original, exactly, from the bilingual view.
    await card.getByRole('button', { name: 'Show original' }).click();
    await expect(page.locator('#intro')).toHaveText(INTRO);
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
    // Hidden while the original shows, and back in the mode chosen last.
    await expect(card.getByRole('button', { name: 'Show both languages' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Show translation' }).click();
    await expect(lines(page)).toHaveCount(4);

    // The next visit of the site starts in the mode remembered for it.
    await page.reload();
    await pressTranslatePage(background, URL);
    await expect(page.locator('#intro .verso-bilingual')).toHaveText(toGerman(INTRO));
  });

  test('changing the mode in the settings shows a page already translated in it at once, without a request', async ({
    page,
    background,
    svc,
    openExtensionPage,
  }) => {
    await page.goto(URL);
    await pressTranslatePage(background, URL);
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
    const billed = await translateRequests(svc);

    const options = await openExtensionPage('options.html#defaults');
    await options.getByLabel('Show original and translation').check();
    await expect(lines(page)).toHaveCount(4);
    await expect(page.locator('#dark .verso-bilingual')).toHaveText(toGerman(DARK));
    await options.getByLabel('Replace the text').check();
    await expect(lines(page)).toHaveCount(0);
    await expect(page.locator('#dark')).toHaveText(toGerman(DARK));
    expect(await translateRequests(svc)).toBe(billed);
  });

  test('the paragraph under the pointer follows bilingual mode: a line under it, its attributes left alone', async ({
    page,
    background,
    svc,
  }) => {
    await setPreferences(background, { targetLang: 'de', pageMode: 'bilingual' });
    await page.goto(`${ORIGIN}/article.html`);
    await offerIn(page);
    const intro = page.locator('#intro');
    const before = await intro.evaluate((el) => el.innerHTML);
    await intro.hover();
    await page.keyboard.press('Alt');
    await expect(intro.locator('.verso-bilingual')).toHaveText(
      toGerman('Rowing is a good outdoor sport for all ages. Read our guide before you go out.'),
    );
    await expect(intro.locator('b').first()).toHaveText('good outdoor sport');
    await expect(page.locator('#guide')).toHaveAttribute('title', 'Open the guide');
    expect((await sentTexts(svc)).map((s) => s.text)).toEqual([
      'Rowing is a <b id="v1">good <i id="v2">outdoor</i> sport</b> for <em id="v3">all</em> ages. Read <a id="v4">our guide</a> before you go out.',
    ]);
    await page.keyboard.press('Alt');
    await expect(intro.locator('.verso-bilingual')).toHaveCount(0);
    expect(await intro.evaluate((el) => el.innerHTML)).toBe(before);
  });

  test("the page's frames switch with it", async ({ page, background }) => {
    await page.goto(`${ORIGIN}/frames.html`);
    const same = page.frameLocator('#same');
    await expect(same.locator('#inner')).toHaveText('Rowing lessons start at noon.');
    await pressTranslatePage(background, `${ORIGIN}/frames.html`);
    await expect(same.locator('#inner')).toHaveText(toGerman('Rowing lessons start at noon.'));
    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    await card.getByRole('button', { name: 'Show both languages' }).click();
    await expect(same.locator('#inner .verso-bilingual')).toHaveText(toGerman('Rowing lessons start at noon.'));
    await expect(page.locator('#intro .verso-bilingual')).toHaveText(toGerman('The new boats arrived on Monday.'));
    await card.getByRole('button', { name: 'Show the translation only' }).click();
    await expect(same.locator('.verso-bilingual')).toHaveCount(0);
    await expect(same.locator('#inner')).toHaveText(toGerman('Rowing lessons start at noon.'));
  });
});
