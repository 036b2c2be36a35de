import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { chooseWithKeys, clickTranslateSelection, ORIGIN, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility of the bubble and the popup, ${scheme}`, () => {
    test.beforeEach(async ({ configure, background }) => {
      await configure();
      await setPreferences(background, { targetLang: 'de' });
    });

    test('the bubble with a translation and with an error', async ({ page, background, svc }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await serve(page, {
        '/a11y.html':
          '<!doctype html><html lang="en"><title>t</title><body><p id="p">Read <b>this</b>.</p></body></html>',
      });
      await page.goto(`${ORIGIN}/a11y.html`);
      await page.locator('#p').click({ clickCount: 3 });
      await clickTranslateSelection(background, `${ORIGIN}/a11y.html`);
      const dialog = page.getByRole('dialog', { name: 'Translation' });
      await expect(dialog.locator('.result')).toContainText('Reäd');
      // The theme follows the page's colour scheme inside the shadow root.
      const fill = await dialog.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(fill).toBe(scheme === 'dark' ? 'rgb(22, 25, 31)' : 'rgb(255, 255, 255)');
      expect(await seriousViolations(page, { include: 'verso-selection' })).toEqual([]);

      await svc.addFaults([{ path: '/v2/translate', status: 456 }]);
      await chooseWithKeys(dialog.getByRole('combobox', { name: 'Target language' }), 'fr');
      await expect(dialog.getByRole('alert')).toBeVisible();
      expect(await seriousViolations(page, { include: 'verso-selection' })).toEqual([]);
    });

    test('the popup with a result', async ({ openExtensionPage }) => {
      const popup = await openExtensionPage('popup.html');
      await popup.emulateMedia({ colorScheme: scheme });
      await popup.getByLabel('Text to translate').fill('Hello there');
      await popup.getByRole('button', { name: 'Translate', exact: true }).click();
      await expect(popup.getByRole('region', { name: 'Translation' })).toContainText('Hellö there');
      expect(await seriousViolations(popup)).toEqual([]);
    });
  });
}
