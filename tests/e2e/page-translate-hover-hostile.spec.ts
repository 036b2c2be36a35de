import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { HOSTILE_ORIGIN, serveHostile } from './helpers/hostile.ts';
import { offerIn } from './helpers/selection.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

/**
 * A page that retargets the hover key (tests/fixtures/hostile/hover-retarget.html): at every key press
 * and after every real move it sends a synthetic pointermove whose target is an off-screen block of 50
 * paragraphs (100,000 characters). The paragraph translated must be the one under the real pointer.
 */
const URL = `${HOSTILE_ORIGIN}/hover-retarget.html`;
const TARGET = 'Rowing is a calm sport on a quiet morning.';

let stopServing: () => Promise<void>;

test.describe('the hover key on a page that retargets it', () => {
  test.beforeEach(async ({ configure, background, context }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    stopServing = await serveHostile(context);
  });
  test.afterEach(() => stopServing());

  test('Alt translates the paragraph under the real pointer, never the block a synthetic move names', async ({
    page,
    svc,
  }) => {
    await page.goto(URL);
    expect(await page.evaluate(() => (window as unknown as { farChars: number }).farChars)).toBe(100_000);
    // The key takes what is under the pointer when it is pressed: the offer bar pushes the page down first.
    await offerIn(page);
    const target = page.locator('#target');
    await target.hover();
    await page.keyboard.press('Alt');
    // The positive event: the paragraph under the pointer is translated.
    await expect(target).toHaveText(toGerman(TARGET));
    // The page did aim the press (its synthetic moves ran) and nothing of its far block went out.
    expect(await page.evaluate(() => (window as unknown as { aimed: number }).aimed)).toBeGreaterThan(0);
    const sent = (await sentTexts(svc)).map((s) => s.text);
    const far = sent.filter((text) => text.includes('far off the page')).join('').length;
    console.log(`hover retargeted by synthetic pointermove: ${far} characters of the off-screen block billed`);
    expect(sent).toEqual([TARGET]);

    // Again: Alt shows the original, and a third Alt translates the same paragraph (from the cache or
    // the service), still nothing of the far block.
    await page.keyboard.press('Alt');
    await expect(target).toHaveText(TARGET);
    await page.keyboard.press('Alt');
    await expect(target).toHaveText(toGerman(TARGET));
    const after = (await sentTexts(svc)).map((s) => s.text);
    expect(after.every((text) => text === TARGET)).toBe(true);
  });
  test('an invisible layer the page lays over its text is passed by: the paragraph the person sees is translated', async ({
    page,
    svc,
  }) => {
    await page.goto(URL);
    await offerIn(page);
    const target = page.locator('#target');
    const box = (await target.boundingBox())!;
    await page.evaluate(() => (window as unknown as { overlay(): void }).overlay());
    // The topmost element under the pointer is now the page's transparent copy of the far block.
    const top = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('#overlay') !== null, {
      x: box.x + 5,
      y: box.y + box.height / 2,
    });
    expect(top).toBe(true);
    await page.mouse.move(box.x + 5, box.y + box.height / 2);
    await page.keyboard.press('Alt');
    await expect(target).toHaveText(toGerman(TARGET));
    const sent = (await sentTexts(svc)).map((s) => s.text);
    const hidden = sent.filter((text) => text.includes('far off the page')).join('').length;
    console.log(`hover over an invisible layer: ${hidden} characters of the layer billed`);
    expect(sent).toEqual([TARGET]);
  });
});
