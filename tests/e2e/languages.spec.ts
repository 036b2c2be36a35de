import { expect, test } from './fixtures.ts';

test.describe('options: languages', () => {
  test('the table shows each feature the service reports, including one added at run time after Refresh', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('options.html#languages');
    const table = page.getByRole('table', { name: 'Languages of translate_text' });
    const german = table.getByRole('row', { name: /^German de / });
    await expect(german).toBeVisible();
    // Columns come from the data.
    for (const feature of ['auto_detection', 'formality', 'glossary', 'style_rules', 'tag_handling']) {
      await expect(table.getByRole('columnheader', { name: feature })).toBeVisible();
    }
    await expect(table.getByRole('columnheader', { name: 'quantum_tone' })).toHaveCount(0);
    // Known features are named in words, with the service's key below.
    await expect(table.getByRole('columnheader', { name: 'Markup handling tag_handling' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Language detection auto_detection' })).toBeVisible();

    await svc.changeLanguage({ resource: 'translate_text', lang: 'de', feature: 'quantum_tone', status: 'stable' });
    // Reopening uses the one-hour cache: the new feature is not there yet.
    const before = (await svc.requests('/v3/languages')).length;
    await page.reload();
    await expect(german).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'quantum_tone' })).toHaveCount(0);

    // Once "Refresh" has brought the new feature, the service has been asked once since the reload: the
    // reopened page had not asked it on its own (not even later, in the background).
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(table.getByRole('columnheader', { name: 'quantum_tone' })).toBeVisible();
    expect((await svc.requests('/v3/languages')).length).toBe(before + 1);
    const headers = await table.getByRole('columnheader').allTextContents();
    const column = headers.indexOf('quantum_tone');
    // The row header (name) is the first cell; data cells follow.
    const cells = await german.locator('th, td').allTextContents();
    // Statuses are in words; the feature's own key stays in its column header.
    expect(cells[column]).toBe('Stable');
    const statusColumn = headers.indexOf('Status');
    expect(cells[statusColumn]).toBe('Stable');
    const french = table.getByRole('row', { name: /^French fr / });
    expect((await french.locator('th, td').allTextContents())[column]).toContain('not supported');
  });

  test('Include beta adds beta languages, and the resource picker switches lists', async ({
    openExtensionPage,
    configure,
  }) => {
    await configure();
    const page = await openExtensionPage('options.html#languages');
    const table = page.getByRole('table', { name: 'Languages of translate_text' });
    await expect(table.getByRole('row', { name: /^German de / })).toBeVisible();
    await expect(table.getByRole('row', { name: /^Hindi/ })).toHaveCount(0);

    const beta = page.getByRole('switch', { name: 'Include beta' });
    await expect(beta).toHaveAttribute('aria-checked', 'false');
    await beta.click();
    await expect(beta).toHaveAttribute('aria-checked', 'true');
    const hindi = table.getByRole('row', { name: /^Hindi hi / });
    await expect(hindi).toContainText('Beta');
    await expect(hindi).not.toContainText('beta');
    await expect(table.getByRole('row', { name: /^Swiss High German de-CH/ })).toBeVisible();

    await page.getByLabel('Resource').selectOption('write');
    const write = page.getByRole('table', { name: 'Languages of write' });
    await expect(write.getByRole('columnheader', { name: 'writing_style' })).toBeVisible();
    await expect(write.getByRole('columnheader', { name: 'tone' })).toBeVisible();
  });
});
