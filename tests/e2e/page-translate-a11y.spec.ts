import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { indicator, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

for (const scheme of ['light', 'dark'] as const) {
  test(`the page translation indicator is accessible, with progress and with a problem (${scheme})`, async ({
    page,
    background,
    configure,
    svc,
  }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page);
    await page.emulateMedia({ colorScheme: scheme });
    const url = `${ORIGIN}/article.html`;
    await page.goto(url);
    await pressTranslatePage(background, url);
    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    const fill = await card.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(fill).toBe(scheme === 'dark' ? 'rgb(22, 25, 31)' : 'rgb(255, 255, 255)');
    expect(await seriousViolations(page, { include: 'verso-page' })).toEqual([]);

    // Keyboard: the switch is reachable and works with Enter.
    await card.getByRole('button', { name: 'Show original' }).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Show translation' })).toBeVisible();

    // Another page (this one's answers are cached now), and the quota runs out.
    await svc.addFaults([{ path: '/v2/translate', status: 456, count: 10 }]);
    await page.goto(`${ORIGIN}/spa.html`);
    await pressTranslatePage(background, `${ORIGIN}/spa.html`);
    await expect(card.getByRole('alert')).toContainText('The character quota is used up');
    expect(await seriousViolations(page, { include: 'verso-page' })).toEqual([]);
  });
}
