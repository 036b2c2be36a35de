import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { indicator, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

// A title with white space around it and no `lang` on <html>: both must come back exactly as they were.
const PLAIN = `${ORIGIN}/plain-title.html`;
const PLAIN_PAGE = `<!doctype html><html><head><title>
  Boats on the water </title></head><body><p id="intro">Rowing is good for all ages.</p></body></html>`;

// A single-page app: it declares its language and sets its own title while translated.
const APP = `${ORIGIN}/app-title.html`;
const APP_PAGE = `<!doctype html><html lang="en-GB"><head><title>Club news</title></head><body>
<main id="feed"><p id="first">Our boats go out at noon.</p></main></body></html>`;

// Bilingual: a translation that reads as its original (a name, a number) is shown once.
const MIXED = `${ORIGIN}/mixed.html`;
const MIXED_PAGE = `<!doctype html><html lang="en"><head><title>Results</title></head><body>
<p id="story">Four boats rowed out on the lake.</p>
<p id="name">Mr. Smith sent this.</p>
<p id="score">Item 42, 2024</p></body></html>`;

const langOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.getAttribute('lang'));
const blockLang = (page: import('@playwright/test').Page, selector: string) =>
  page.locator(selector).evaluate((el) => el.getAttribute('lang'));

test.describe('the translated page says so: tab title and language', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
    await servePages(page, { '/plain-title.html': PLAIN_PAGE, '/app-title.html': APP_PAGE, '/mixed.html': MIXED_PAGE });
  });

  test('the title is translated and each translated block says its language; "Show original" restores both exactly', async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(PLAIN);
    await pressTranslatePage(background, PLAIN);
    await expect(page.locator('#intro')).toHaveText(toGerman('Rowing is good for all ages.'));
    await expect(page).toHaveTitle(toGerman('Boats on the water'));
    // The block says it; the root keeps what the page said (nothing), so the whole page is not laid out again.
    expect(await blockLang(page, '#intro')).toBe('de');
    expect(await langOf(page)).toBeNull();

    const card = indicator(page);
    await card.getByRole('button', { name: 'Show original' }).click();
    await expect(page).toHaveTitle('Boats on the water');
    await expect(page.locator('#intro')).toHaveText('Rowing is good for all ages.');
    expect(await page.evaluate(() => document.querySelector('title')?.textContent)).toBe('\n  Boats on the water ');
    expect(await blockLang(page, '#intro')).toBeNull();
    expect(await langOf(page)).toBeNull();

    // Shown again: the title's translation is known, the service is not asked again.
    const asked = (await svc.requests('/v2/translate')).length;
    await card.getByRole('button', { name: 'Show translation' }).click();
    await expect(page).toHaveTitle(toGerman('Boats on the water'));
    await expect.poll(() => blockLang(page, '#intro')).toBe('de');
    expect(await svc.requests('/v2/translate')).toHaveLength(asked);
  });

  test('a page that set its own title keeps it on "Show original"; its lang stays; text it adds is still translated', async ({
    page,
    background,
  }) => {
    await page.goto(APP);
    await pressTranslatePage(background, APP);
    await expect(page).toHaveTitle(toGerman('Club news'));
    expect(await blockLang(page, '#first')).toBe('de');
    expect(await langOf(page)).toBe('en-GB');

    // The app adds a post.
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.id = 'later';
      p.textContent = 'A new boat has arrived.';
      document.getElementById('feed')?.append(p);
    });
    await expect(page.locator('#later')).toHaveText(toGerman('A new boat has arrived.'));

    // The app changes its title (a new message came in).
    await page.evaluate(() => {
      document.title = 'Inbox (2)';
    });
    await indicator(page).getByRole('button', { name: 'Show original' }).click();
    await expect(page.locator('#first')).toHaveText('Our boats go out at noon.');
    expect(await blockLang(page, '#first')).toBeNull();
    expect(await langOf(page)).toBe('en-GB');
    await expect(page).toHaveTitle('Inbox (2)');
  });

  test('bilingual: a translation identical to its original is shown once, the others beside their original', async ({
    page,
    background,
  }) => {
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page', pageMode: 'bilingual' });
    await page.goto(MIXED);
    await pressTranslatePage(background, MIXED);
    await expect(page.locator('#story [data-verso-bilingual]')).toHaveText(
      toGerman('Four boats rowed out on the lake.'),
    );
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
    await expect(page.locator('#name')).toHaveText('Mr. Smith sent this.');
    await expect(page.locator('#name [data-verso-bilingual]')).toHaveCount(0);
    await expect(page.locator('#score')).toHaveText('Item 42, 2024');
    await expect(page.locator('#score [data-verso-bilingual]')).toHaveCount(0);
    // The bilingual view keeps the page's own language (its lines carry theirs).
    expect(await langOf(page)).toBe('en');
  });
});
