import type { BrowserContext, Page } from '@playwright/test';
import { closeWelcome, extensionIdOf, launchWithExtension } from './browser.ts';
import type { TestService } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { connectTo } from './helpers/service.ts';

async function entriesOnService(svc: TestService, id: string, pair: string): Promise<string[]> {
  const [source, target] = pair.split('>');
  const res = await svc.api(
    'GET',
    `/v3/glossaries/${id}/entries?source_lang=${source}&target_lang=${target}`,
    svc.paidKey,
  );
  const body = (await res.json()) as { dictionaries: Array<{ entries: string }> };
  return body.dictionaries[0]!.entries.split('\n').sort();
}

/** A fresh profile with Verso connected to the test's service, its options open at Glossaries. */
async function glossaryOptions(svc: TestService): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launchWithExtension();
  await closeWelcome(context);
  await connectTo(context, svc);
  const page = await context.newPage();
  await page.goto(`chrome-extension://${await extensionIdOf(context)}/options.html#glossaries`);
  return { context, page };
}

/** UTF-16 LE with its byte-order mark, as a spreadsheet's "Unicode text" saves it. */
const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

test.describe('glossary import: the separator a spreadsheet used', () => {
  test('a German Excel CSV with semicolons is read as such, and the person can choose another', async ({ svc }) => {
    const { context, page } = await glossaryOptions(svc);
    try {
      await page.getByRole('button', { name: 'New glossary' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Rechnungswesen');
      await page.getByLabel('Source language').selectOption('de');
      await page.getByLabel('Target language').selectOption('en');
      // Saved by Excel in German: byte-order mark, CRLF, semicolons, commas inside the phrases.
      const lines = ['Haus;house', 'Rechnung;invoice, bill', '"Hof; Garten";yard', 'Auto;car'];
      await page.getByLabel('Import a TSV or CSV file').setInputFiles({
        name: 'Glossar.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`),
      });
      const separator = page.getByRole('combobox', { name: 'Column separator' });
      await expect(separator).toHaveValue('auto');
      await expect(separator.locator('option:checked')).toHaveText('Automatic: Semicolon');
      await expect(
        page.getByText('Source and target in “Glossar.csv” are read as separated by: Semicolon.'),
      ).toBeVisible();
      await expect(page.getByText('4 valid entries, ready to send.')).toBeVisible();

      // Read with commas, every line is wrong; the file is read again, not picked again.
      await separator.selectOption({ label: 'Comma' });
      const problems = page.getByRole('region', { name: /lines have problems/ });
      await expect(problems.getByRole('heading')).toHaveText('4 lines have problems; nothing has been sent');
      await expect(problems).toContainText('Line 1: expected 2 fields');
      await separator.selectOption({ label: 'Semicolon' });
      await expect(page.getByText('4 valid entries, ready to send.')).toBeVisible();

      await page.getByRole('button', { name: 'Create glossary' }).click();
      await expect(page.getByText('Glossary “Rechnungswesen” created.')).toBeVisible();
      const list = await svc.api('GET', '/v3/glossaries', svc.paidKey);
      const [glossary] = ((await list.json()) as { glossaries: Array<{ glossary_id: string }> }).glossaries;
      expect(await entriesOnService(svc, glossary!.glossary_id, 'de>en')).toEqual([
        'Auto\tcar',
        'Haus\thouse',
        'Hof; Garten\tyard',
        'Rechnung\tinvoice, bill',
      ]);
    } finally {
      await context.close();
    }
  });

  test('a tab-separated “.csv” in UTF-16 is imported into an open dictionary', async ({ svc }) => {
    const created = await svc.api('POST', '/v3/glossaries', svc.paidKey, {
      name: 'Garden',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'house\tHaus', entries_format: 'tsv' }],
    });
    const { glossary_id: id } = (await created.json()) as { glossary_id: string };
    const { context, page } = await glossaryOptions(svc);
    try {
      await page.getByRole('button', { name: 'Garden' }).click();
      await page.getByRole('button', { name: 'Edit entries of EN → DE' }).click();
      await page.getByLabel('Import a TSV or CSV file').setInputFiles({
        name: 'Begriffe.csv',
        mimeType: 'text/csv',
        buffer: utf16('tree\tBaum\r\nyard, front\tVorgarten; vorne\r\n'),
      });
      const separator = page.getByRole('combobox', { name: 'Column separator' });
      await expect(separator.locator('option:checked')).toHaveText('Automatic: Tab');
      await expect(page.getByText('2 valid entries, ready to send.')).toBeVisible();
      await page.getByRole('button', { name: 'Add 2 entries to the list' }).click();
      await page.getByRole('button', { name: 'Save (merge)' }).click();
      await expect(page.getByText('Saved. The dictionary now has 3 entries.')).toBeVisible();
      expect(await entriesOnService(svc, id, 'en>de')).toEqual([
        'house\tHaus',
        'tree\tBaum',
        'yard, front\tVorgarten; vorne',
      ]);
    } finally {
      await context.close();
    }
  });
});
