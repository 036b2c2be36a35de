import { extensionIdOf, launchWithExtension } from './browser.ts';
import { expect, test } from './fixtures.ts';
import { connectTo } from './helpers/service.ts';

// The Languages table in the languages whose words are longest or widest: a browser of its own each.
for (const locale of ['de-DE', 'ja-JP']) {
  test(`languages: the table fits a 1280 px window whole in ${locale}`, async ({ svc }) => {
    const context = await launchWithExtension({ locale });
    try {
      await connectTo(context, svc);
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`chrome-extension://${await extensionIdOf(context)}/options.html#languages`);
      const table = page.locator('table.languages-table');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      // No column cut off or hidden behind a sideways scroll: the table is as wide as its box at most,
      // and its last column ends inside the window.
      const fit = await page
        .locator('.table-scroll')
        .evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth }));
      expect(fit.scroll).toBeLessThanOrEqual(fit.client);
      const last = (await table.locator('thead th').last().boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(1280);
    } finally {
      await context.close();
    }
  });
}
