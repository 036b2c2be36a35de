import { extensionIdOf, launchWithExtension } from './browser.ts';
import { expect, test } from './fixtures.ts';
import { connectTo } from './helpers/service.ts';

test('defaults in a German browser: keys are named as the browser names them in shortcuts', async ({ svc }) => {
  const context = await launchWithExtension({ locale: 'de-DE' });
  try {
    await connectTo(context, svc);
    const page = await context.newPage();
    await page.goto(`chrome-extension://${await extensionIdOf(context)}/options.html#defaults`);
    const hoverKey = page.getByLabel('Taste, die den Absatz unter dem Mauszeiger übersetzt');
    await expect(hoverKey).toBeVisible();
    const labels = await hoverKey.locator('option').allTextContents();
    expect(labels).toContain('Ctrl');
    expect(labels).toContain('Shift');
    expect(labels.join(' ')).not.toMatch(/Strg|Umschalt/);
    // The shortcuts listed on the same page come from the browser, and name the same keys.
    await expect(page.getByText('Alt+Shift+G').first()).toBeVisible();
  } finally {
    await context.close();
  }
});
