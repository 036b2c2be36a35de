import { writeFileSync } from 'node:fs';
import { windows1252 } from '../fixtures/bad-input/files.ts';
import { expect, test } from './fixtures.ts';

test.describe('glossaries: messages and focus follow the person', () => {
  test.beforeEach(async ({ configure }) => {
    await configure();
  });

  test('Enter on "New glossary" goes on in the form; "created" is said on the new glossary only', async ({
    openExtensionPage,
  }) => {
    const page = await openExtensionPage('options.html#glossaries');
    const create = page.getByRole('button', { name: 'New glossary' });
    await create.focus();
    await page.keyboard.press('Enter');
    // The keyboard stays in the form that took the button's place, not at the top of the page.
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await page.keyboard.type('Harbour');
    await page.getByLabel('Source language').selectOption({ label: 'English' });
    await page.getByLabel('Target language').selectOption({ label: 'German' });
    await page.getByLabel('Entries', { exact: true }).fill('harbour\tHafen');
    await page.getByRole('button', { name: 'Create glossary' }).click();
    const created = page.getByText('Glossary “Harbour” created.');
    await expect(created).toBeVisible();
    await page.getByRole('button', { name: '← All glossaries' }).click();
    await expect(page.getByRole('button', { name: 'New glossary' })).toBeVisible();
    await expect(created).toHaveCount(0);
  });

  test('"read as Windows-1252" goes with the file when the import is cancelled', async ({
    openExtensionPage,
  }, testInfo) => {
    const page = await openExtensionPage('options.html#glossaries');
    await page.getByRole('button', { name: 'New glossary' }).click();
    const path = testInfo.outputPath('legacy.csv');
    writeFileSync(path, windows1252(['café,Café', 'odd\u0081byte,seltsam'].join('\r\n')));
    await page.getByLabel('Import a TSV or CSV file').setInputFiles(path);
    await page.getByRole('button', { name: 'Read as Windows-1252' }).click();
    const said = page.getByText('“legacy.csv” was read as Windows-1252.');
    await expect(said).toBeVisible();
    await page.getByRole('button', { name: 'Cancel import' }).click();
    await expect(page.getByLabel('Entries', { exact: true })).toHaveValue('');
    await expect(said).toHaveCount(0);
  });
});
