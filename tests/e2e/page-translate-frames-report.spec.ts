import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { indicator, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

const URL = `${ORIGIN}/embeds.html`;
/**
 * A store page: no extension may run in it, whatever its permissions. Not served by the test (Chromium
 * closes a page whose store frame a route answers): offline it shows an error page, still a frame a
 * person sees.
 */
const STORE = 'https://chromewebstore.google.com/detail/some-extension';
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embeds</title>
<style>body { font: 16px/1.5 sans-serif; max-width: 40em; margin: 1em auto; } .store { width: 100%; height: 150px; }</style>
</head><body>
<p id="intro">Our favourite add-on is shown below.</p>
<iframe id="js" src="javascript:false" style="width: 1px; height: 1px; border: 0" title=""></iframe>
<iframe id="pixel" src="data:text/html,<p>x</p>" width="1" height="1" style="border: 0"></iframe>
<iframe id="away" src="data:text/html,<p>tracker</p>" style="position: absolute; left: -9999px; top: 0; width: 300px; height: 200px"></iframe>
<iframe id="gone" src="data:text/html,<p>gone</p>" style="display: none"></iframe>
<iframe class="store" src="${STORE}" title="Extension store"></iframe>
</body></html>`;

const REPORT = 'Some embedded content could not be translated: a frame from chromewebstore.google.com.';

test.describe('page translation: what Verso could not reach, said only where it matters', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page, { '/embeds.html': PAGE });
  });

  test('frames nobody sees are not named; a visible one Verso cannot reach is, in plain words, only while translated', async ({
    page,
    background,
  }) => {
    await page.goto(URL);
    await pressTranslatePage(background, URL);
    const card = indicator(page);
    await expect(page.locator('#intro')).toHaveText(toGerman('Our favourite add-on is shown below.'));
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    await expect(card).toContainText(REPORT);
    // No jargon, and nothing about the frames nobody sees (the javascript: one, the pixel, the one off the page).
    await expect(card).not.toContainText('javascript');
    await expect(card).not.toContainText('made itself');
    await expect(card).not.toContainText('Verso may not reach');

    await card.getByRole('button', { name: 'Show original' }).click();
    await expect(card.getByRole('status')).toHaveText('Showing the original');
    await expect(card).not.toContainText('embedded content');
    await card.getByRole('button', { name: 'Show translation' }).click();
    await expect(card).toContainText(REPORT);
  });
});
