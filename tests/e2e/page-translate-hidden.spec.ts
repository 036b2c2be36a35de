import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { indicatorStatus, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { sentStrings as sent } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

const URL = `${ORIGIN}/hidden.html`;

/** Texts of the page that are hidden until the person (or the page) shows them. */
const HIDDEN = {
  menu: 'Boats for hire',
  dropdown: 'Lockers for rowers',
  faded: 'Your saved boats and lessons',
  hours: 'From six in the morning until late at night.',
  tab: 'Sailing lessons start at dawn.',
  later: 'Shown by the page later on.',
};

test.describe('translate page: hidden content is sent when it shows', () => {
  test.beforeEach(async ({ configure, page }) => {
    await configure();
    await servePages(page);
  });

  test('as you read: closed details, a collapsed menu, a hidden dropdown, a faded one, an inactive tab and a hidden panel wait until shown', async ({
    page,
    background,
    svc,
  }) => {
    await setPreferences(background, { targetLang: 'de' });
    await page.goto(URL);
    await pressTranslatePage(background, URL);
    await expect(page.locator('#intro')).toHaveText(toGerman('The club house is open every day of the week.'));
    await expect(indicatorStatus(page)).toHaveText('Translating into German as you read');
    // Nothing is on its way now: none of the hidden texts went out.
    const first = await sent(svc);
    for (const text of Object.values(HIDDEN)) expect(first).not.toContain(text);
    expect(first).toContain('Rowing lessons start at noon.');

    await page.locator('#summary').click();
    await expect(page.locator('#hours')).toHaveText(toGerman(HIDDEN.hours));
    await page.locator('#menu-toggle').click();
    await expect(page.locator('#menu-item')).toHaveText(toGerman(HIDDEN.menu));
    await page.locator('#dropdown-toggle').click();
    await expect(page.locator('#dropdown')).toHaveText(toGerman(HIDDEN.dropdown));
    await page.locator('#fade-toggle').click();
    await expect(page.locator('#faded')).toHaveText(toGerman(HIDDEN.faded));
    await page.locator('#tab-b').click();
    await expect(page.locator('#panel-b')).toHaveText(toGerman(HIDDEN.tab));
    // Shown by the page's own script, without anything the person did.
    await page.evaluate(() => (window as unknown as { showLater(): void }).showLater());
    await expect(page.locator('#later')).toHaveText(toGerman(HIDDEN.later));
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
    const all = await sent(svc);
    expect(new Set(all).size).toBe(all.length);
  });

  test('whole page: what find-in-page can open (closed details) goes at once, what is hidden waits until it shows', async ({
    page,
    background,
    svc,
  }) => {
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
    await page.goto(URL);
    await pressTranslatePage(background, URL);
    await expect(indicatorStatus(page)).toHaveText('Translated into German, hidden parts as they open');
    const first = await sent(svc);
    expect(first).toContain(HIDDEN.hours);
    for (const text of [HIDDEN.menu, HIDDEN.dropdown, HIDDEN.faded, HIDDEN.tab, HIDDEN.later]) {
      expect(first).not.toContain(text);
    }
    // Already translated when it is opened.
    await page.locator('#summary').click();
    await expect(page.locator('#hours')).toHaveText(toGerman(HIDDEN.hours));

    await page.locator('#tab-b').click();
    await expect(page.locator('#panel-b')).toHaveText(toGerman(HIDDEN.tab));
    await page.locator('#menu-toggle').click();
    await expect(page.locator('#menu-item')).toHaveText(toGerman(HIDDEN.menu));
    await page.locator('#dropdown-toggle').click();
    await expect(page.locator('#dropdown')).toHaveText(toGerman(HIDDEN.dropdown));
    // Faded out with `opacity: 0` until opened: transparent is hidden too.
    await page.locator('#fade-toggle').click();
    await expect(page.locator('#faded')).toHaveText(toGerman(HIDDEN.faded));
    await page.evaluate(() => (window as unknown as { showLater(): void }).showLater());
    await expect(page.locator('#later')).toHaveText(toGerman(HIDDEN.later));
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
  });
});
