import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import {
  autoStartSettled,
  indicator,
  ORIGIN,
  pressTranslatePage,
  recordContentMessages,
  servePages,
} from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences, setSiteRules } from './helpers/settings.ts';

test.describe('translate page: pages that change, shadow roots, modes, starts', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page);
  });

  test('a single-page app: content added after translation is translated too, also after pushState', async ({
    page,
    background,
    svc,
  }) => {
    const url = `${ORIGIN}/spa.html`;
    await page.goto(url);
    await pressTranslatePage(background, url);
    await expect(page.locator('#feed li').first()).toHaveText(toGerman('Morning outing on the lake'));

    await page.evaluate(() => (window as unknown as { addPost(t: string): void }).addPost('Evening race on the river'));
    await expect(page.locator('#feed li').nth(1)).toHaveText(toGerman('Evening race on the river'));

    // The app moves to another view without loading a document: the translation goes on.
    await page.evaluate(() =>
      (window as unknown as { goTo(p: string, t: string): void }).goTo('/about.html', 'About the club'),
    );
    await expect(page.locator('#heading')).toHaveText(toGerman('About the club'));
    await expect(page.locator('#note')).toHaveText(toGerman('About our club house'));
    await expect(page.locator('#note b')).toHaveText('clüb');

    // Every text went out once.
    const texts = (await sentTexts(svc)).map((s) => s.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).toContain('Evening race on the river');
  });

  test('text inside an open shadow root is translated, and restored', async ({ page, background }) => {
    const url = `${ORIGIN}/shadow.html`;
    await page.goto(url);
    const inner = page.locator('boat-card #inner');
    await pressTranslatePage(background, url);
    await expect(page.locator('#outside')).toHaveText(toGerman('Outside the card about rowing.'));
    await expect(inner).toHaveText(toGerman('A wooden boat with two oars.'));
    await expect(inner.locator('b')).toHaveText('twö');
    await expect(page.locator('boat-card h2')).toHaveText(toGerman('Our boat'));

    // Content the component adds later, inside its shadow root, is picked up as well.
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.id = 'later';
      p.textContent = 'Added inside the card later.';
      document.getElementById('card')!.shadowRoot!.append(p);
    });
    await expect(page.locator('boat-card #later')).toHaveText(toGerman('Added inside the card later.'));

    await pressTranslatePage(background, url);
    await expect(inner).toHaveText('A wooden boat with two oars.');
  });

  test('bilingual mode shows the translation under each block and leaves the original exactly as it was', async ({
    page,
    background,
  }) => {
    await setPreferences(background, { targetLang: 'de', pageMode: 'bilingual' });
    const url = `${ORIGIN}/article.html`;
    await page.goto(url);
    const before = await page.evaluate(() => document.body.innerHTML);
    await pressTranslatePage(background, url);
    const line = page.locator('#intro .verso-bilingual');
    await expect(line).toHaveText(
      toGerman('Rowing is a good outdoor sport for all ages. Read our guide before you go out.'),
    );
    await expect(line).toHaveAttribute('lang', 'de');
    // The original is untouched above it; the copy of the link has no id of its own.
    await expect(page.locator('#intro > b i')).toHaveText('outdoor');
    await expect(line.locator('a')).toHaveAttribute('href', '#guide-section');
    await expect(line.locator('a')).not.toHaveAttribute('id', /.*/);
    expect(await line.evaluate((el) => getComputedStyle(el).display)).toBe('block');

    await indicator(page).getByRole('button', { name: 'Show original' }).click();
    await expect.poll(() => page.evaluate(() => document.body.innerHTML)).toBe(before);
    await indicator(page).getByRole('button', { name: 'Show translation' }).click();
    await expect(line).toBeVisible();
  });

  test('a site with the rule "always" is translated on its own; "never" is not', async ({ page, background, svc }) => {
    await setSiteRules(background, [{ host: '127.0.0.1', translate: 'always' }]);
    await page.goto(`${ORIGIN}/article.html`);
    await expect(page.locator('#title')).toHaveText(toGerman('Rowing on the river'));
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');

    await setSiteRules(background, [{ host: '127.0.0.1', translate: 'never' }]);
    await svc.clearRequests();
    await recordContentMessages(background);
    await page.goto(`${ORIGIN}/shadow.html`);
    // The page asked and was told not to start: nothing started, nothing was sent.
    expect(await autoStartSettled(background, `${ORIGIN}/shadow.html`)).toBe('idle');
    await expect(page.locator('#outside')).toHaveText('Outside the card about rowing.');
    await expect(indicator(page)).toHaveCount(0);
    expect(await svc.requests('/v2/translate')).toHaveLength(0);
  });

  test('the popup translates the page and shows the original again', async ({ page, openExtensionPage }) => {
    await page.goto(`${ORIGIN}/article.html`);
    const popup = await openExtensionPage('popup.html');
    await popup.getByRole('button', { name: 'Translate page' }).click();
    await expect(page.locator('#title')).toHaveText(toGerman('Rowing on the river'));
    // The whole article is on screen: as you read (the default), it ends translated. A part may wait for
    // its block to be measured first ("as you read" for a moment); the popup follows the page until then.
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
    await expect(popup.getByRole('status').filter({ hasText: /into German/ })).toHaveText('Translated into German');
    await popup.getByRole('button', { name: 'Show original' }).click();
    await expect(page.locator('#title')).toHaveText('Rowing on the river');
    await popup.getByRole('button', { name: 'Show translation' }).click();
    await expect(page.locator('#title')).toHaveText(toGerman('Rowing on the river'));
  });

  test('a second visit is served from the cache: no request at all', async ({ page, background, svc }) => {
    const url = `${ORIGIN}/article.html`;
    await page.goto(url);
    await pressTranslatePage(background, url);
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
    const first = await svc.requests('/v2/translate');
    expect(first.length).toBeGreaterThan(0);

    await svc.clearRequests();
    await page.goto(url);
    await pressTranslatePage(background, url);
    await expect(page.locator('#intro b i')).toHaveText('öütdöör');
    await expect(page.locator('#photo')).toHaveAttribute('alt', toGerman('A boat on calm water'));
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
    expect(await svc.requests('/v2/translate')).toHaveLength(0);
  });
});
