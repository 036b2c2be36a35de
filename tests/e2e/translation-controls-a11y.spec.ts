import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { clickTranslateSelection, ORIGIN, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility of the translation controls, ${theme}`, () => {
    test.beforeEach(async ({ configure, background }) => {
      await configure();
      await background.evaluate((t) => chrome.storage.local.set({ theme: t }), theme);
      await setPreferences(background, { targetLang: 'de', modelType: 'latency_optimized' });
    });

    test('the section with its banner, lists, an error and a memory in use', async ({ openExtensionPage }) => {
      const options = await openExtensionPage('options.html#translation-controls');
      await expect(options.locator('html')).toHaveAttribute('data-theme', theme);
      await options.getByLabel('New instruction').fill('Address the reader informally.');
      await options.getByRole('button', { name: 'Add instruction' }).click();
      await expect(options.getByText('These controls need the quality-optimised model.')).toBeVisible();
      await options.getByLabel('New instruction').fill('y'.repeat(301));
      await options.getByRole('button', { name: 'Add instruction' }).click();
      await expect(options.getByRole('alert')).toBeVisible();
      await options.getByLabel('Translate from').selectOption({ label: 'English' });
      await options.getByLabel('Translate into').selectOption({ label: 'German' });
      await options.getByLabel('Translation memory').selectOption({ label: 'Product UI' });
      await options.getByLabel('Match threshold').fill('60');
      await options.getByRole('button', { name: 'Use for this pair' }).click();
      await expect(options.getByText('(below the recommended 75)')).toBeVisible();
      await expect(options.getByRole('table', { name: 'Style rule lists of the account' })).toBeVisible();
      expect(await seriousViolations(options)).toEqual([]);
    });

    test('the model line in the popup and in the bubble', async ({ openExtensionPage, page, background }) => {
      await background.evaluate(() =>
        chrome.storage.local.set({ advancedSettings: { customInstructions: { de: ['Be brief.'] } } }),
      );
      const popup = await openExtensionPage('popup.html');
      await popup.getByLabel('Source language').selectOption({ label: 'English' });
      await popup.getByLabel('Target language').selectOption({ label: 'German' });
      await popup.getByLabel('Text to translate').fill('Hello there.');
      await popup.getByRole('button', { name: 'Translate', exact: true }).click();
      await expect(popup.getByRole('region', { name: 'Translation' })).toContainText('Model: quality optimised');
      expect(await seriousViolations(popup)).toEqual([]);

      await page.emulateMedia({ colorScheme: theme });
      await serve(page, {
        '/model.html': '<!doctype html><html lang="en"><title>t</title><body><p id="p">Read this.</p></body></html>',
      });
      await page.goto(`${ORIGIN}/model.html`);
      await page.locator('#p').click({ clickCount: 3 });
      await clickTranslateSelection(background, `${ORIGIN}/model.html`);
      const dialog = page.getByRole('dialog', { name: 'Translation' });
      await expect(dialog).toContainText('Model: quality optimised');
      await expect(dialog).toContainText('cannot be combined with the latency-optimised model');
      expect(await seriousViolations(page, { include: 'verso-selection' })).toEqual([]);
    });
  });
}
