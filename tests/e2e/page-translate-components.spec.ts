import { expect, test } from './fixtures.ts';
import { pageErrors, serveApps } from './helpers/apps.ts';
import { toGerman } from './helpers/german.ts';
import { indicatorStatus, ORIGIN, pressTranslatePage } from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

// Web components made with Lit (from npm): open shadow roots, slots with light-DOM content, nested
// components, a re-render after translation, and a component the page defines only later.

test.describe('page translation of web components', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await serveApps(page);
  });

  test('Lit components are translated in their shadow roots and slots, late ones too, and restored exactly', async ({
    page,
    background,
    svc,
  }) => {
    const errors = pageErrors(page);
    const url = `${ORIGIN}/lit/`;
    await page.goto(url);
    const card = page.locator('#card1');
    await expect(card.locator('.count')).toHaveText('You liked this boat 0 times so far.');
    const light = await page.evaluate(() => document.body.innerHTML);

    await pressTranslatePage(background, url);
    // Playwright's locators go through open shadow roots.
    await expect(card.locator('h2')).toHaveText(toGerman('The blue rowing boat'));
    await expect(card.locator('.lead')).toHaveText(toGerman('This card was drawn inside a shadow root of its own.'));
    // Light-DOM content shown in the card's slots, and the slot's own fallback in the other card.
    await expect(page.locator('#slotted')).toHaveText(toGerman('A note about the oars, kept in the page.'));
    await expect(page.locator('#footer')).toHaveText(toGerman('Ask the harbour master about it.'));
    await expect(page.locator('#card2 slot[name="footer"] p')).toHaveText(toGerman('No notes about this boat yet.'));
    // A component nested in another's shadow root.
    await expect(page.locator('#card2 .count')).toHaveText(toGerman('You liked this boat 0 times so far.'));

    // Lit re-renders the count it holds: translated again.
    await card.getByRole('button').click();
    await expect(card.locator('.count')).toHaveText(toGerman('You liked this boat 1 times so far.'));

    // A component the page defines only now draws its shadow root after the pass: translated too.
    await page.locator('#load-reviews').click();
    await expect(page.locator('#reviews .review')).toHaveText(
      toGerman('A good boat for a quiet morning on the water.'),
    );
    await expect(page.locator('#reviews h2')).toHaveText(toGerman('Reviews'));
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
    const texts = (await sentTexts(svc)).map((sent) => sent.text);
    expect(texts.filter((text, i) => texts.indexOf(text) !== i)).toEqual([]);

    // The original: the light DOM as it was, and each shadow root as a fresh component with its state draws it.
    await pressTranslatePage(background, url);
    await expect(card.locator('h2')).toHaveText('The blue rowing boat');
    await expect.poll(() => page.evaluate(() => document.body.innerHTML)).toBe(light);
    const shadows = await page.evaluate(async () => {
      const fresh = (window as unknown as { freshShadow(el: Element): Promise<string> }).freshShadow;
      const hosts = [
        ...document.querySelectorAll('boat-card, boat-reviews'),
        ...[...document.querySelectorAll('boat-card')].map((el) => el.shadowRoot!.querySelector('like-counter')!),
      ];
      const out: { now: string; fresh: string }[] = [];
      for (const host of hosts) out.push({ now: host.shadowRoot!.innerHTML, fresh: await fresh(host) });
      return out;
    });
    expect(shadows).toHaveLength(5);
    for (const { now, fresh } of shadows) expect(now).toBe(fresh);
    expect(errors).toEqual([]);
  });
});
