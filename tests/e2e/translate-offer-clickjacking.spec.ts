import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { attack, HOSTILE_ORIGIN, serveHostile } from './helpers/hostile.ts';
import { billed } from './helpers/service.ts';
import { setPreferences, stored } from './helpers/settings.ts';

/**
 * A page that declares lang="ja" and lays an opaque, click-through decoy over the offer card's answers
 * (tests/fixtures/hostile/clickjack-offer.html): a click on "Always translate Japanese" there would
 * have every Japanese page translated from then on without a click. The card is fixed in the page, so
 * page content can paint over it (a high z-index, or a popover in the top layer): only
 * IntersectionObserver v2 sees the decoy.
 */
const URL = `${HOSTILE_ORIGIN}/clickjack-offer.html`;
/** The page's texts: its title, heading and paragraphs (and nothing of Verso's bar). */
const TEXTS = [
  'くじ引き',
  'くじ引きに参加する',
  '続けるボタンを押すと、賞品がもらえます。',
  '川の近くの町では、毎朝ボートの練習があります。',
];

const bar = (page: Page) => page.locator('verso-offer').getByRole('region', { name: 'Verso: translate this page?' });

/**
 * Covers a button of the card with a decoy (in the page, or in the top layer), waits until the browser
 * reports it covered (the page watches it), clicks.
 */
async function clickThroughDecoy(page: Page, name: string, layer: 'page' | 'top') {
  await attack(page, 'watch', name);
  const at = await attack<{ x: number; y: number }>(page, 'cover', name, layer);
  await page.waitForFunction(() => (window as unknown as { versoSeen: boolean[] }).versoSeen.at(-1) === false);
  await page.mouse.click(at.x, at.y);
}

let stopServing: () => Promise<void>;

test.describe('the offer bar on a page that clickjacks it', () => {
  test.beforeEach(async ({ configure, background, context }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    stopServing = await serveHostile(context);
  });
  test.afterEach(() => stopServing());

  test('"Always translate Japanese" and "Translate" under a decoy do nothing; the visible click translates', async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(URL);
    await expect(bar(page)).toContainText('This page is in Japanese. Translate it into German?');

    await clickThroughDecoy(page, 'Always translate Japanese', 'page');
    const refusal = bar(page).getByRole('alert');
    await expect(refusal).toContainText("Verso's button was covered or hidden, so nothing was sent");
    expect(await stored(background, 'languageRules')).toBeUndefined();
    const always = await billed(svc);
    console.log(`attack ("Always translate Japanese" under a decoy): ${always.chars} characters billed, no rule saved`);
    expect(always.chars).toBe(0);
    await attack(page, 'uncover');

    await clickThroughDecoy(page, 'Translate', 'top');
    // Each refused button says so beside it: now "Translate" too.
    await expect(bar(page).getByRole('alert')).toHaveCount(2);
    await expect(bar(page)).toBeVisible();
    const translate = await billed(svc);
    console.log(`attack ("Translate" under a decoy): ${translate.chars} characters billed`);
    expect(translate.chars).toBe(0);
    await attack(page, 'uncover');

    // Another page in Japanese is offered again, not translated without a click.
    await page.reload();
    await expect(bar(page)).toContainText('This page is in Japanese.');
    expect((await billed(svc)).chars).toBe(0);

    // The person's own visible click translates the page: exactly its texts.
    await bar(page).getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(page.locator('verso-offer')).toHaveCount(0);
    await expect.poll(async () => (await billed(svc)).texts.sort()).toEqual([...TEXTS].sort());
    const visible = await billed(svc);
    console.log(`the person's visible "Translate": ${visible.chars} characters billed`);
  });
});
