import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { ORIGIN, recordContentMessages, servePages } from './helpers/pages.ts';
import { offerIn } from './helpers/selection.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

const URL = `${ORIGIN}/article.html`;
const INTRO = 'Rowing is a good outdoor sport for all ages. Read our guide before you go out.';
/** The intro as sent, with its markup as numbered tags. */
const INTRO_SENT =
  'Rowing is a <b id="v1">good <i id="v2">outdoor</i> sport</b> for <em id="v3">all</em> ages. Read <a id="v4">our guide</a> before you go out.';

test.describe('the paragraph under the pointer', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page);
  });

  test('Alt over a paragraph translates it in place, with its markup; Alt again shows the original exactly', async ({
    page,
    svc,
  }) => {
    await page.goto(URL);
    // The key takes what is under the pointer when it is pressed: the offer bar must have pushed the page
    // down before the pointer is placed.
    await offerIn(page);
    const intro = page.locator('#intro');
    const before = await intro.evaluate((el) => el.innerHTML);
    await intro.hover();
    await page.keyboard.press('Alt');
    await expect(intro).toHaveText(toGerman(INTRO));
    await expect(intro.locator('b i')).toHaveText('öütdöör');
    await expect(page.locator('#guide')).toHaveAttribute('title', toGerman('Open the guide'));
    // Only this paragraph was sent; the rest of the page stays as it was.
    const sent = (await sentTexts(svc)).map((s) => s.text);
    expect(sent).toEqual([
      'Rowing is a <b id="v1">good <i id="v2">outdoor</i> sport</b> for <em id="v3">all</em> ages. Read <a id="v4">our guide</a> before you go out.',
      'Open the guide',
    ]);
    await expect(page.locator('#title')).toHaveText('Rowing on the river');

    await page.keyboard.press('Alt');
    await expect(intro).toHaveText(INTRO);
    expect(await intro.evaluate((el) => el.innerHTML)).toBe(before);
    // The key with another one (a shortcut) translates nothing.
    await page.locator('#list li').first().hover();
    await page.keyboard.press('Alt+KeyX');
    await page.keyboard.press('Alt');
    await expect(page.locator('#list li').first()).toHaveText(toGerman('Bring a warm coat'));
    expect((await sentTexts(svc)).map((s) => s.text)).toHaveLength(3);
  });

  test('the key is the one chosen in the settings', async ({ page, background }) => {
    await setPreferences(background, { targetLang: 'de', hoverModifier: 'Shift' });
    await page.goto(URL);
    await offerIn(page);
    const intro = page.locator('#intro');
    await intro.hover();
    await page.keyboard.press('Alt');
    await page.keyboard.press('Shift');
    await expect(intro).toHaveText(toGerman(INTRO));
  });

  test('the first press on a page where Verso has loaded nothing yet translates the paragraph', async ({
    page,
    background,
    svc,
  }) => {
    // English is never offered: nothing brings Verso's features into this page but the key (lib/bootstrap).
    await background.evaluate(() => chrome.storage.local.set({ languageRules: [{ lang: 'en', translate: 'never' }] }));
    await recordContentMessages(background);
    await page.goto(URL);
    const intro = page.locator('#intro');
    await intro.hover();
    // The bootstrap asked once the page was idle and was told nothing is needed: no features yet.
    await expect
      .poll(() =>
        background.evaluate(() =>
          (self as unknown as { __contentMessages: { type: string }[] }).__contentMessages.map((m) => m.type),
        ),
      )
      .toContain('boot.load');
    expect(await page.locator('verso-offer').count()).toBe(0);
    await page.keyboard.press('Alt');
    await expect(intro).toHaveText(toGerman(INTRO));
    expect((await sentTexts(svc)).map((s) => s.text)).toEqual([INTRO_SENT, 'Open the guide']);
  });
});
