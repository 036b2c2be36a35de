import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';

const SECTIONS: Array<[id: string, heading: string]> = [
  ['connection', 'Connection'],
  ['defaults', 'Defaults'],
  ['glossaries', 'Glossaries'],
  ['languages', 'Languages'],
  ['site-rules', 'Site rules'],
  ['settings-file', 'Settings file'],
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.beforeEach(async ({ configure, background, svc }) => {
      await configure();
      await background.evaluate((t) => chrome.storage.local.set({ theme: t }), theme);
      await svc.api('POST', '/v3/glossaries', svc.paidKey, {
        name: 'Terms',
        dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'house\tHaus\ntree\tBaum' }],
      });
    });

    test('every options section', async ({ openExtensionPage }) => {
      const page = await openExtensionPage('options.html');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const [id, heading] of SECTIONS) {
        await page.getByRole('navigation').getByRole('link', { name: heading }).click();
        await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        // Let data-driven content (languages, glossaries) arrive before checking.
        await page.waitForLoadState('networkidle');
        if (id === 'languages') await expect(page.getByRole('row', { name: /^German de / })).toBeVisible();
        if (id === 'glossaries') await expect(page.getByRole('button', { name: 'Terms' })).toBeVisible();
        expect(await seriousViolations(page, { morePassesThan: 5 }), `section ${id}`).toEqual([]);
      }
    });

    test('glossary forms, the import problems, the editor and the confirmation dialog', async ({
      openExtensionPage,
    }) => {
      const page = await openExtensionPage('options.html#glossaries');
      await page.getByRole('button', { name: 'New glossary' }).click();
      await page.getByLabel('Import a TSV or CSV file').setInputFiles({
        name: 'bad.tsv',
        mimeType: 'text/tab-separated-values',
        buffer: Buffer.from('a\tb\nno tab\n\tx'),
      });
      await expect(page.getByRole('heading', { name: /lines have problems/ })).toBeVisible();
      expect(await seriousViolations(page, { morePassesThan: 5 }), 'create form with problems').toEqual([]);
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();

      await page.getByRole('button', { name: 'Terms' }).click();
      expect(await seriousViolations(page, { morePassesThan: 5 }), 'glossary').toEqual([]);
      await page.getByRole('button', { name: 'Edit entries of EN → DE' }).click();
      await expect(page.getByRole('cell', { name: 'Haus' })).toBeVisible();
      await page.getByRole('button', { name: 'Edit house' }).click();
      expect(await seriousViolations(page, { morePassesThan: 5 }), 'editor').toEqual([]);
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();

      await page.getByRole('button', { name: 'Delete tree' }).click();
      await page.getByRole('button', { name: '← Back to Terms' }).click();
      const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
      await expect(dialog).toBeVisible();
      // Focus starts on the safe choice.
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      expect(await seriousViolations(page, { morePassesThan: 5 }), 'dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { name: /Terms: EN → DE entries/ })).toBeVisible();
    });

    test('the popup', async ({ openExtensionPage }) => {
      const page = await openExtensionPage('popup.html');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page, { morePassesThan: 5 })).toEqual([]);
    });
  });
}

test('the options page works from the keyboard alone', async ({ openExtensionPage, configure }) => {
  await configure();
  const page = await openExtensionPage('options.html#site-rules');
  await expect(page.getByRole('heading', { name: 'Site rules', level: 2 })).toBeVisible();
  await page.getByLabel('Site', { exact: true }).focus();
  await page.keyboard.type('keyboard.example');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Page translation')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  const row = page.getByRole('row', { name: /keyboard\.example/ });
  await expect(row).toContainText('Never translate');
  // Tab from the last form control reaches the rule's buttons.
  await page.getByRole('button', { name: 'Add rule' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Edit the rule for keyboard.example' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Edit the rule for keyboard.example' })).toBeVisible();
});
