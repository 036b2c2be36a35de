import { expect, test } from './fixtures.ts';
import { bubble, dragOver, ORIGIN, pressTranslateShortcut, selectionButton, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

const URL = `${ORIGIN}/placement.html`;
// German text on a page whose target is German would be "nothing to translate": English, target German.
const PAGE = `<!doctype html><html lang="en"><head><title>Boats</title>
<style>body { margin: 0 } p { margin: 40px 8px } #right { text-align: right; margin-inline-start: 60% }</style></head><body>
<p id="first">We rowed across the lake before breakfast, and the water was calm.</p>
<p id="right">The harbour was quiet in the evening</p>
<div style="height: 3000px"></div>
</body></html>`;

test.describe('selection: where the button and the bubble stand', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await serve(page, { '/placement.html': PAGE });
    await page.setViewportSize({ width: 900, height: 600 });
    await page.goto(URL);
  });

  test('the button at the right edge stays whole inside the page, clear of the scrollbar', async ({ page }) => {
    await dragOver(page, '#right');
    await expect(selectionButton(page)).toBeVisible();
    const box = (await selectionButton(page).boundingBox())!;
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });

  test('the bubble opened by the shortcut takes the button away, and follows its selection as the page scrolls', async ({
    page,
    background,
  }) => {
    await dragOver(page, '#first');
    await expect(selectionButton(page)).toBeVisible();
    await pressTranslateShortcut(background, URL);
    await expect(bubble(page)).toBeVisible();
    await expect(page.locator('verso-selection-button')).toHaveCount(0);

    const before = (await bubble(page).boundingBox())!.y;
    const paragraphBefore = (await page.locator('#first').boundingBox())!.y;
    await page.mouse.wheel(0, 120);
    await expect.poll(async () => (await page.locator('#first').boundingBox())!.y).toBeLessThan(paragraphBefore);
    const moved = paragraphBefore - (await page.locator('#first').boundingBox())!.y;
    await expect.poll(async () => before - (await bubble(page).boundingBox())!.y).toBe(moved);
  });
});
