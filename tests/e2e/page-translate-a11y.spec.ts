import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { indicator, ORIGIN, pressTranslatePage, servePages, setPreferences } from '../fixtures/pages/helpers.ts';
import { expect, test } from './fixtures.ts';

/** Serious and critical violations inside `include`, each as "rule: target". */
async function seriousViolations(page: Page, include: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    // Label in name (WCAG 2.5.3): axe's rule is experimental, so off unless asked for.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include(include);
  const { violations, passes } = await builder.analyze();
  // axe really looked (an empty result from a failed injection would pass silently).
  expect(passes.length).toBeGreaterThan(3);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

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
    expect(await seriousViolations(page, 'verso-page')).toEqual([]);

    // Keyboard: the switch is reachable and works with Enter.
    await card.getByRole('button', { name: 'Show original' }).focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Show translation' })).toBeVisible();

    // Another page (this one's answers are cached now), and the quota runs out.
    await svc.addFaults([{ path: '/v2/translate', status: 456, count: 10 }]);
    await page.goto(`${ORIGIN}/spa.html`);
    await pressTranslatePage(background, `${ORIGIN}/spa.html`);
    await expect(card.getByRole('alert')).toContainText('The character quota is used up');
    expect(await seriousViolations(page, 'verso-page')).toEqual([]);
  });
}
