import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { attack, HOSTILE_ORIGIN, serveHostile } from './helpers/hostile.ts';
import { bubble, offerIn } from './helpers/selection.ts';
import { billed } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

/**
 * A page that selects 95,000 characters nobody sees and lays a "Continue" decoy over Verso's buttons
 * (tests/fixtures/hostile/clickjack-selection.html): the person's click on the decoy lands on Verso's
 * button. Nothing may be billed for it; the person's own visible clicks still translate.
 */
const URL = `${HOSTILE_ORIGIN}/clickjack-selection.html`;
const LEAD = 'Press Continue three times to claim the prize.';

const selectionButton = (page: Page) =>
  page.locator('verso-selection-button').getByRole('button', { name: /Translate the selection/ });

let stopServing: () => Promise<void>;

test.describe('the selection button on a page that clickjacks it', () => {
  test.beforeEach(async ({ configure, background, context }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    stopServing = await serveHostile(context);
  });
  test.afterEach(() => stopServing());

  test("a decoy over Verso's button or the bubble's answer bills nothing; the person's visible clicks translate", async ({
    page,
    svc,
  }) => {
    await page.goto(URL);
    // Verso has started on the page (its offer bar is in): the button's settings came with it.
    await offerIn(page);
    const hidden = await attack<number>(page, 'hiddenChars');
    expect(hidden).toBe(95_000);

    // 1. The page's own top-layer decoy (a popover shown after Verso's button) over the button, there
    // long enough for the browser to report the button covered (the page watches it too).
    await attack(page, 'selectHidden');
    await expect(selectionButton(page)).toBeVisible();
    await attack(page, 'watch', 'verso-selection-button', 'Translate');
    const at = await attack<{ x: number; y: number }>(page, 'cover', 'verso-selection-button', 'Translate', 'top');
    await page.waitForFunction(() => (window as unknown as { versoSeen: boolean[] }).versoSeen.at(-1) === false);
    await page.mouse.click(at.x, at.y);
    // The real click reached Verso's button (a positive event: it says so) and was refused.
    const refusal = page.locator('verso-selection-button').getByRole('alert');
    await expect(refusal).toContainText("Verso's button was covered or hidden, so nothing was sent");
    await expect(bubble(page)).toHaveCount(0);
    const first = await billed(svc);
    console.log(`attack 1 (top-layer decoy over the selection button): ${first.chars} characters billed`);
    expect(first.chars).toBe(0);

    // 1b. The same decoy, lifted by the page as the person presses: the button was covered until then.
    await attack(page, 'liftOnPress');
    await page.evaluate(() =>
      document
        .querySelector('verso-selection-button')
        ?.shadowRoot?.querySelector('[role=alert]')
        ?.setAttribute('data-seen', ''),
    );
    await page.mouse.click(at.x, at.y);
    await expect(page.locator('verso-selection-button [role=alert]:not([data-seen])')).toHaveCount(1);
    await expect(page.locator('.decoy')).toHaveCount(0);
    await expect(bubble(page)).toHaveCount(0);
    const lifted = await billed(svc);
    console.log(`attack 1b (decoy lifted at the press): ${lifted.chars} characters billed`);
    expect(lifted.chars).toBe(0);

    // 2. A decoy in the page (highest z-index): Verso's button is in the top layer, above it, so the
    // person sees Verso's button and the click counts; but the bubble asks before sending 95,000 hidden
    // characters.
    await attack(page, 'selectHidden');
    await expect(selectionButton(page)).toBeVisible();
    const at2 = await attack<{ x: number; y: number }>(page, 'cover', 'verso-selection-button', 'Translate', 'page');
    expect(await page.evaluate(() => document.querySelector('verso-selection-button')?.matches(':popover-open'))).toBe(
      true,
    );
    await page.mouse.click(at2.x, at2.y);
    // All of it, the line breaks between the hidden paragraphs included.
    await expect(bubble(page)).toContainText(/Translate 95,\d{3} characters\?/);
    await expect(bubble(page)).toContainText(`${hidden.toLocaleString('en')} of them cannot be seen on the page.`);
    const second = await billed(svc);
    console.log(`attack 2 (page decoy over the button; the bubble asks): ${second.chars} characters billed`);
    expect(second.chars).toBe(0);

    // 3. The page's top-layer decoy over the bubble's "Translate": refused, nothing sent.
    const at3 = await attack<{ x: number; y: number }>(page, 'cover', 'verso-selection', 'Translate', 'top');
    await page.mouse.click(at3.x, at3.y);
    await expect(bubble(page).getByRole('alert')).toContainText("Verso's button was covered or hidden");
    await expect(bubble(page)).toContainText('characters?');
    const third = await billed(svc);
    console.log(`attack 3 (top-layer decoy over the bubble's Translate): ${third.chars} characters billed`);
    expect(third.chars).toBe(0);
    await attack(page, 'uncover');
    await page.keyboard.press('Escape');
    await expect(bubble(page)).toHaveCount(0);

    // The person's own visible click on a short selection translates it at once: exactly its text.
    await attack(page, 'selectLead');
    await expect(selectionButton(page)).toBeVisible();
    await selectionButton(page).click();
    await expect(bubble(page).locator('.result')).toContainText(toGerman(LEAD));
    const lead = await billed(svc);
    console.log(`the person's click on a visible sentence: ${lead.chars} characters billed`);
    expect(lead.texts).toEqual([LEAD]);
    await page.keyboard.press('Escape');
    await expect(bubble(page)).toHaveCount(0);

    // A long visible selection (6,300 characters) is asked about, then sent on the person's visible yes.
    // The person scrolls to its end (where the button shows) and selects it.
    await page
      .locator('#long p')
      .last()
      .evaluate((p) => p.scrollIntoView({ block: 'end' }));
    await attack(page, 'selectLong');
    await expect(selectionButton(page)).toBeVisible();
    await selectionButton(page).click();
    const longTexts = await page.locator('#long p').allTextContents();
    await expect(bubble(page)).toContainText(/Translate 6,\d{3} characters\?/);
    await expect(bubble(page)).not.toContainText('cannot be seen');
    expect((await billed(svc)).texts).toEqual([LEAD]);
    await bubble(page).getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(bubble(page).locator('.result p')).toHaveCount(3);
    const all = await billed(svc);
    console.log(`the person's yes to a long visible selection: ${all.chars - lead.chars} characters billed`);
    expect(all.texts).toEqual([LEAD, ...longTexts]);
  });
});
