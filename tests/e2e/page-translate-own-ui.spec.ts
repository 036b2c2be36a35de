import { expect, test } from './fixtures.ts';
import { indicator, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';
import { focusField, writingButton } from './helpers/writing.ts';

/**
 * Verso's own in-page UI (the writing button, the selection button, the offer bar, the indicator) is
 * never sent or rewritten by page translation: its hosts are skipped by identity (lib/dom/own-ui.ts).
 */
const URL = `${ORIGIN}/own-ui.html`;
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour news</title></head><body>
<h1 id="title">Harbour news</h1>
<p id="first">The boats came back before the storm.</p>
<label>Your note <textarea id="note">Bring the oars back to the shed.</textarea></label>
<p id="second">The harbour was quiet in the evening.</p>
</body></html>`;

test.describe("page translation and Verso's own UI", () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page, { '/own-ui.html': PAGE });
  });

  test("the writing button's label, the selection button, the offer bar and the indicator are not in any request", async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(URL);
    // Verso's UI on the page: the offer bar, the writing button beside the field, the selection button.
    await expect(page.locator('verso-offer')).toContainText('This page is in English. Translate it into German?');
    await focusField(page, page.locator('#note'));
    const label = await writingButton(page).getAttribute('aria-label');
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('second')!);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    });
    await expect(page.locator('verso-selection-button').getByRole('button')).toBeVisible();

    await pressTranslatePage(background, URL);
    await expect(indicator(page)).toContainText('Translated into German');
    const sent = (await sentTexts(svc)).map((s) => s.text);
    console.log(`page translation sent ${sent.length} texts: ${JSON.stringify(sent)}`);
    // The page's own texts went, exactly (the textarea is a placeholder in its label's sentence); none of Verso's.
    expect(sent).toEqual([
      'Harbour news',
      'The boats came back before the storm.',
      'The harbour was quiet in the evening.',
      '<label id="v1">Your note <img id="v2"></label>',
    ]);
    for (const own of [
      label ?? 'Writing help',
      'Writing help',
      'Translate the selection',
      'Verso',
      'This page is in',
    ]) {
      expect(sent.filter((text) => text.includes(own))).toEqual([]);
    }
    // And the writing button kept its words.
    await expect(writingButton(page)).toHaveAttribute('aria-label', label ?? '');
  });
});
