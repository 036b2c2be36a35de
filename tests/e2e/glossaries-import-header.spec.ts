import type { Page } from '@playwright/test';
import type { TestService } from './fixtures.ts';
import { expect, test } from './fixtures.ts';

async function entriesOnService(svc: TestService): Promise<string[]> {
  const list = await svc.api('GET', '/v3/glossaries', svc.paidKey);
  const [glossary] = ((await list.json()) as { glossaries: Array<{ glossary_id: string }> }).glossaries;
  const res = await svc.api(
    'GET',
    `/v3/glossaries/${glossary!.glossary_id}/entries?source_lang=en&target_lang=de`,
    svc.paidKey,
  );
  const body = (await res.json()) as { dictionaries: Array<{ entries: string }> };
  return body.dictionaries[0]!.entries.split('\n').sort();
}

/** The new glossary form, filled up to the file: name and pair chosen, then the file picked. */
async function importFile(page: Page, name: string, contents: string) {
  await page.getByRole('button', { name: 'New glossary' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Terms');
  await page.getByLabel('Source language').selectOption({ label: 'English' });
  await page.getByLabel('Target language').selectOption({ label: 'German' });
  await page.getByLabel('Import a TSV or CSV file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(contents),
  });
}

test.describe('glossary import: a header row', () => {
  test('"source,target" is recognised and, skipped, never becomes an entry', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('options.html#glossaries');
    await importFile(page, 'terms.csv', 'source,target\nhouse,Haus\ntree,Baum\n');

    const question = page.getByRole('region', { name: 'Is the first line column names?' });
    await expect(question).toContainText('Line 1, “source,target”, looks like the names of the columns');
    await page.getByRole('button', { name: 'Create glossary' }).click();
    // Nothing is sent while the question is open.
    await expect(question).toBeVisible();
    expect((await svc.requests('/v3/glossaries')).filter((r) => r.method === 'POST')).toEqual([]);

    await question.getByRole('button', { name: 'Skip it' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByText('2 valid entries, ready to send.')).toBeVisible();
    await page.getByRole('button', { name: 'Create glossary' }).click();
    await expect(page.getByText('Glossary “Terms” created.')).toBeVisible();
    expect(await entriesOnService(svc)).toEqual(['house\tHaus', 'tree\tBaum']);
  });

  test('language names as a header are asked about too; kept, the line is an entry', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('options.html#glossaries');
    await importFile(page, 'names.csv', 'English,German\nhouse,Haus\n');
    const question = page.getByRole('region', { name: 'Is the first line column names?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep it as an entry' }).click();
    await expect(page.getByText('2 valid entries, ready to send.')).toBeVisible();
    await page.getByRole('button', { name: 'Create glossary' }).click();
    await expect(page.getByText('Glossary “Terms” created.')).toBeVisible();
    expect(await entriesOnService(svc)).toEqual(['English\tGerman', 'house\tHaus']);
  });
});
