import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { badgeOf, indicator, longPage, ORIGIN, pressTranslatePage, servePages, tally } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

const LONG = `${ORIGIN}/long.html`;
const ARTICLE = `${ORIGIN}/article.html`;
const COUNT = 120;

/** Which quarter of the window the card is in. */
async function cornerOf(page: Page): Promise<string> {
  const box = await indicator(page).boundingBox();
  if (!box) throw new Error('the card is not on the page');
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 720 };
  const vertical = box.y + box.height / 2 < height / 2 ? 'top' : 'bottom';
  const horizontal = box.x + box.width / 2 < width / 2 ? 'left' : 'right';
  return `${vertical}-${horizontal}`;
}

test.describe('the page card keeps out of the way', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
    await servePages(page, { '/long.html': longPage(COUNT) });
  });

  test('minimised with the keyboard, the toolbar badge carries the progress and the card stays away on the site', async ({
    page,
    context,
    background,
    svc,
  }) => {
    // The screen's request is answered, the rest waits: the page is in the middle of its translation.
    await svc.addFaults([
      { path: '/v2/translate', count: 1 },
      { path: '/v2/translate', hold: true, count: 1000 },
    ]);
    await page.goto(LONG);
    await pressTranslatePage(background, LONG);
    const card = indicator(page);
    await expect(card.getByRole('status')).toContainText('Translating into German');
    await expect.poll(() => svc.held()).toBeGreaterThan(0);
    await expect.poll(() => badgeOf(background, LONG)).toMatch(/^\d+%$/);

    await card.getByRole('button', { name: 'Minimise to the toolbar on this site' }).press('Enter');
    await expect(card).toHaveCount(0);
    expect(await badgeOf(background, LONG)).toMatch(/^\d+%$/);

    await svc.clearFaults();
    await svc.release();
    await expect.poll(() => tally(page, COUNT), { timeout: 30_000 }).toEqual({ german: COUNT, english: 0 });
    await expect.poll(() => badgeOf(background, LONG)).toBe('');
    await expect(card).toHaveCount(0);

    // Another page of the same site, in another tab: translated without the card.
    const other = await context.newPage();
    await servePages(other);
    await other.goto(ARTICLE);
    await pressTranslatePage(background, ARTICLE);
    await expect(other.locator('#list li').first()).toHaveText(toGerman('Bring a warm coat'));
    await expect.poll(() => badgeOf(background, ARTICLE)).toBe('');
    await expect(indicator(other)).toHaveCount(0);

    // A problem brings it back: it says what to do.
    await svc.addFaults([{ path: '/v2/translate', status: 456, count: 10 }]);
    await other.goto(`${ORIGIN}/spa.html`);
    await pressTranslatePage(background, `${ORIGIN}/spa.html`);
    await expect(indicator(other).getByRole('alert')).toContainText('The character quota is used up');
  });

  test('moved to another corner with the arrow keys and by dragging; the corner is kept for the next page', async ({
    page,
    background,
  }) => {
    await page.goto(ARTICLE);
    await pressTranslatePage(background, ARTICLE);
    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    expect(await cornerOf(page)).toBe('bottom-right');

    const move = card.getByRole('button', { name: 'Move to another corner' });
    await move.press('ArrowUp');
    await expect.poll(() => cornerOf(page)).toBe('top-right');
    await move.press('ArrowLeft');
    await expect.poll(() => cornerOf(page)).toBe('top-left');
    // Enter moves it on round the page, focus stays on the button.
    await move.press('Enter');
    await expect.poll(() => cornerOf(page)).toBe('top-right');
    await expect(move).toBeFocused();

    // Dragged by its head to the lower left and let go there.
    const head = card.getByText('Verso', { exact: true });
    const box = await head.boundingBox();
    if (!box) throw new Error('no head');
    const { height } = page.viewportSize() ?? { width: 1280, height: 720 };
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(120, height / 2, { steps: 5 });
    await page.mouse.move(60, height - 60, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => cornerOf(page)).toBe('bottom-left');
    // Dragging the card selects nothing on the page and clicks nothing in it.
    expect(await page.evaluate(() => String(getSelection()))).toBe('');

    await page.reload();
    await pressTranslatePage(background, ARTICLE);
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    expect(await cornerOf(page)).toBe('bottom-left');
  });
});
