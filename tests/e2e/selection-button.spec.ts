import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { bubble, dragOver, ORIGIN, selectionButton, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

const URL = `${ORIGIN}/button.html`;
const PAGE = `<!doctype html><html lang="en"><head><title>Boats</title></head><body>
<p id="first">We rowed across the lake before breakfast.</p>
<p id="second">The harbour was quiet in the evening.</p>
<label>Notes <textarea id="notes">Bring the oars back to the shed.</textarea></label>
<label>Password <input id="pw" type="password" value="hunter two secret"></label>
</body></html>`;

/** Records, in the page, what was focused each time Verso's button appeared. */
async function recordAppearances(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { appeared: string[] };
    w.appeared = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if ((node as Element).localName === 'verso-selection-button')
            w.appeared.push(document.activeElement?.localName ?? '');
    }).observe(document.documentElement, { childList: true });
  });
}
const appearances = (page: Page) => page.evaluate(() => (window as unknown as { appeared: string[] }).appeared);

test.describe('the translate button next to a selection', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await serve(page, { '/button.html': PAGE });
  });

  test('appears once a selection settles and opens the bubble with the translation; keeps the selection', async ({
    page,
    svc,
  }) => {
    await page.goto(URL);
    await recordAppearances(page);
    await dragOver(page, '#first');
    await expect(selectionButton(page)).toBeVisible();
    // The shortcut is named on the button.
    await expect(selectionButton(page)).toHaveAttribute('title', /Alt\+Shift\+U/);
    expect(await svc.requests('/v2/translate')).toHaveLength(0);
    await selectionButton(page).click();
    await expect(bubble(page).locator('.result')).toContainText(toGerman('We rowed across the lake'));
    await expect(selectionButton(page)).toBeHidden();
    expect(await page.evaluate(() => getSelection()?.toString())).toContain('We rowed across the lake');
    // Escape closes the bubble; a new selection offers the button again.
    await page.keyboard.press('Escape');
    await expect(bubble(page)).toBeHidden();
    await dragOver(page, '#second');
    await expect(selectionButton(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(selectionButton(page)).toBeHidden();
    expect(await appearances(page)).toEqual(['body', 'body']);
  });

  test('not in text fields unless enabled, never in a password field', async ({ page, background }) => {
    await page.goto(URL);
    await recordAppearances(page);
    await page.locator('#pw').click();
    await page.keyboard.press('Control+A');
    await page.locator('#notes').click();
    await page.keyboard.press('Control+A');
    await dragOver(page, '#first');
    await expect(selectionButton(page)).toBeVisible();
    // The button came for the paragraph only, never while a field held the selection.
    expect(await appearances(page)).toEqual(['body']);

    await setPreferences(background, { targetLang: 'de', selectionButtonInFields: true });
    await page.reload();
    await recordAppearances(page);
    await page.locator('#notes').click();
    await page.keyboard.press('Control+A');
    await expect(selectionButton(page)).toBeVisible();
    await selectionButton(page).click();
    await expect(bubble(page).locator('.result')).toContainText(toGerman('Bring the oars back'));
    await page.keyboard.press('Escape');
    await expect(bubble(page)).toBeHidden();
    // The text area keeps its selection, so the button may be offered for it again a moment after the
    // bubble closes (or not, if the next click comes first): what counts from here is the password field.
    await page.locator('#pw').click();
    await page.evaluate(() => {
      (window as unknown as { appeared: string[] }).appeared = [];
    });
    await page.keyboard.press('Control+A');
    await dragOver(page, '#second');
    await expect(selectionButton(page)).toBeVisible();
    expect(await appearances(page)).toEqual(['body']);
  });

  test('switched off for the site, the button does not appear; the shortcut still works', async ({
    page,
    background,
  }) => {
    await background.evaluate(() =>
      chrome.storage.local.set({ siteRules: [{ host: '127.0.0.1', disableSelectionButton: true }] }),
    );
    await page.goto(URL);
    await recordAppearances(page);
    await dragOver(page, '#first');
    await background.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      (chrome.commands.onCommand as unknown as { dispatch(...a: unknown[]): void }).dispatch(
        'translate-selection',
        tab,
      );
    }, URL);
    await expect(bubble(page).locator('.result')).toContainText(toGerman('We rowed across the lake'));
    expect(await appearances(page)).toEqual([]);
    // Switched on again (another tab's options page, then back here): the button comes back.
    await background.evaluate(() => chrome.storage.local.set({ siteRules: [] }));
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
    await dragOver(page, '#second');
    await expect(selectionButton(page)).toBeVisible();
  });
});
