import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, test } from './fixtures.ts';
import { serviceEntries, serviceGlossaries } from './helpers/glossaries.ts';

const TERMS = [
  'house\tHaus',
  'tree\tBaum',
  '\tleer',
  'car Auto',
  'house\tGebäude',
  'road\tStraße',
  'window\tFenster',
].join('\n');

async function openGlossaries(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Glossaries' }).click();
  await expect(page.getByRole('heading', { name: 'Glossaries', level: 2 })).toBeVisible();
}

test.describe('options: glossaries', () => {
  test('create from a file with bad lines, edit, merge versus replace, delete', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('options.html');
    await openGlossaries(page);
    await expect(page.getByText('No glossaries yet.')).toBeVisible();

    await page.getByRole('button', { name: 'New glossary' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Product terms');
    // The pairs come from /v3/languages?resource=glossary.
    await page.getByLabel('Source language').selectOption({ label: 'English' });
    await page.getByLabel('Target language').selectOption({ label: 'German' });
    await page.getByLabel('Import a TSV or CSV file').setInputFiles({
      name: 'terms.tsv',
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from(TERMS),
    });

    const problems = page.getByRole('region', { name: /lines have problems/ });
    await expect(problems.getByRole('heading')).toHaveText('3 lines have problems; nothing has been sent');
    await expect(problems).toContainText('Line 3: source phrase is empty');
    await expect(problems).toContainText('Line 4: expected a source and a target phrase separated by one tab');
    await expect(problems).toContainText('Line 5: duplicate source phrase "house" (first on line 1)');
    // Checked in the page: nothing reached the service.
    expect((await svc.requests('/v3/glossaries')).filter((r) => r.method !== 'GET')).toEqual([]);

    // Fix line 4 in place, skip the others.
    await page.getByLabel('Corrected text of line 4').fill('car\tAuto');
    await page.getByRole('button', { name: 'Apply fix: line 4' }).click();
    await expect(problems.getByRole('heading')).toHaveText('2 lines have problems; nothing has been sent');
    await page.getByRole('button', { name: 'Skip 2 bad lines' }).click();
    await expect(page.getByText('5 valid entries, ready to send.')).toBeVisible();

    await page.getByRole('button', { name: 'Create glossary' }).click();
    await expect(page.getByText('Glossary “Product terms” created.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Product terms', level: 3 })).toBeVisible();
    let [created] = await serviceGlossaries(svc);
    expect(created).toMatchObject({
      name: 'Product terms',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 5 }],
    });
    const id = created!.glossary_id;
    expect((await serviceEntries(svc, id)).sort()).toEqual([
      'car\tAuto',
      'house\tHaus',
      'road\tStraße',
      'tree\tBaum',
      'window\tFenster',
    ]);

    // Edit: delete one, add one, change one.
    await page.getByRole('button', { name: 'Edit entries of EN → DE' }).click();
    await expect(page.getByText('Entries 1–5 of 5')).toBeVisible();
    await page.getByRole('button', { name: 'Delete tree' }).click();
    await page.getByLabel('New source phrase').fill('door');
    await page.getByLabel('New target phrase').fill('Tür');
    await page.getByRole('button', { name: 'Add entry' }).click();
    await page.getByRole('button', { name: 'Edit road' }).click();
    await page.getByLabel('Target phrase of road').fill('Weg');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('Unsaved: 1 added, 1 changed, 1 deleted.')).toBeVisible();

    // Merge (the default) sends only the new and changed entries; the deleted one stays on the service.
    await expect(page.getByLabel('Merge', { exact: true })).toBeChecked();
    await expect(page.getByText('A merge keeps the 1 deleted entry on the service.')).toBeVisible();
    await svc.clearRequests();
    await page.getByRole('button', { name: 'Save (merge)' }).click();
    await expect(page.getByText('Saved. The dictionary now has 6 entries.')).toBeVisible();
    const patch = (await svc.requests(`/v3/glossaries/${id}`)).find((r) => r.method === 'PATCH');
    const sent = (patch!.body as { dictionaries: Array<{ entries: string }> }).dictionaries[0]!.entries;
    expect(sent.split('\n').sort()).toEqual(['door\tTür', 'road\tWeg']);
    [created] = await serviceGlossaries(svc);
    expect(created!.dictionaries[0]!.entry_count).toBe(6);
    expect((await serviceEntries(svc, id)).sort()).toContain('tree\tBaum');

    // Replace makes the dictionary exactly the list: the deletion takes effect.
    await expect(page.getByText('Entries 1–6 of 6')).toBeVisible();
    await page.getByRole('button', { name: 'Delete tree' }).click();
    await page.getByLabel('Replace', { exact: true }).check();
    await page.getByRole('button', { name: 'Save (replace)' }).click();
    await expect(page.getByText('Saved. The dictionary now has 5 entries.')).toBeVisible();
    expect((await svc.requests(`/v3/glossaries/${id}/dictionaries`)).map((r) => r.method)).toContain('PUT');
    [created] = await serviceGlossaries(svc);
    expect(created!.dictionaries[0]!.entry_count).toBe(5);
    expect((await serviceEntries(svc, id)).sort()).toEqual([
      'car\tAuto',
      'door\tTür',
      'house\tHaus',
      'road\tWeg',
      'window\tFenster',
    ]);

    // Delete the whole glossary, after confirming.
    await page.getByRole('button', { name: '← Back to Product terms' }).click();
    await page.getByRole('button', { name: 'Delete glossary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the glossary “Product terms”?' });
    await expect(dialog).toContainText('5 entries');
    await dialog.getByRole('button', { name: 'Delete glossary' }).click();
    await expect(page.getByText('Glossary “Product terms” deleted.')).toBeVisible();
    await expect(page.getByText('No glossaries yet.')).toBeVisible();
    expect(await serviceGlossaries(svc)).toEqual([]);
  });

  test('exported TSV and CSV cells cannot run as spreadsheet formulas, and the page says so', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    await configure();
    const hostile = [
      ["=cmd|' /C calc'!A0", 'Rechner'],
      ['+1', '@SUM(A1:A9)'],
      ['-ing', '-end'],
      ['house', 'Haus'],
    ];
    await svc.api('POST', '/v3/glossaries', svc.paidKey, {
      name: 'Imported',
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entries: hostile.map((pair) => pair.join('\t')).join('\n') },
      ],
    });
    const page = await openExtensionPage('options.html#glossaries');
    await page.getByRole('button', { name: 'Imported' }).click();
    const exported: Record<string, string> = {};
    for (const format of ['TSV', 'CSV']) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: `Export ${format}: EN → DE` }).click();
      exported[format] = await readFile((await (await download).path())!, 'utf8');
    }
    expect(exported.TSV!.trim().split('\n').sort()).toEqual(
      ["'+1\t'@SUM(A1:A9)", "'-ing\t'-end", "'=cmd|' /C calc'!A0\tRechner", 'house\tHaus'].sort(),
    );
    expect(Papa.parse<string[]>(exported.CSV!.trim()).data.sort()).toEqual(
      [
        ["'+1", "'@SUM(A1:A9)"],
        ["'-ing", "'-end"],
        ["'=cmd|' /C calc'!A0", 'Rechner'],
        ['house', 'Haus'],
      ].sort(),
    );
    // Beside the export buttons, the person is told why, and what to remove before importing again.
    await expect(page.getByText(/start with = \+ - or @ get a leading '/)).toBeVisible();
  });

  test('a second dictionary, a rename, the default per pair, and export', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    await configure();
    const res = await svc.api('POST', '/v3/glossaries', svc.paidKey, {
      name: 'Support',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'ticket\tTicket\n"quoted"\tzitiert' }],
    });
    const { glossary_id: id } = (await res.json()) as { glossary_id: string };
    const page = await openExtensionPage('options.html#glossaries');
    await page.getByRole('button', { name: 'Support' }).click();

    await page.getByRole('button', { name: 'Add a dictionary for another language pair' }).click();
    await page.getByLabel('Source language').selectOption('de');
    await page.getByLabel('Target language').selectOption('en');
    await page.getByLabel('Entry format').selectOption('csv');
    await page.getByLabel('Entries', { exact: true }).fill('Ticket,ticket\n"Anfrage, dringend",urgent request');
    await page.getByRole('button', { name: 'Add dictionary' }).click();
    await expect(page.getByText('Dictionary DE → EN added.')).toBeVisible();
    await expect(page.getByRole('row', { name: /DE → EN/ })).toContainText('2');

    await page.getByLabel('Glossary name').fill('Support desk');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByText('Renamed to “Support desk”.')).toBeVisible();
    const [g] = (await (await svc.api('GET', '/v3/glossaries', svc.paidKey)).json()).glossaries as Array<{
      name: string;
    }>;
    expect(g!.name).toBe('Support desk');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV: DE → EN' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Support-desk.de-en.csv');
    const text = await new Promise<string>((resolve, reject) => {
      void file.createReadStream().then((stream) => {
        let out = '';
        stream.on('data', (c) => (out += c));
        stream.on('end', () => resolve(out));
        stream.on('error', reject);
      });
    });
    expect(text.trim().split('\n').sort()).toEqual(['"Anfrage, dringend",urgent request', 'Ticket,ticket']);

    // Defaults per pair are stored for translations to use.
    await page.getByRole('button', { name: '← All glossaries' }).click();
    await page.getByLabel('EN → DE').selectOption({ label: 'Support desk' });
    const worker = page.context().serviceWorkers()[0]!;
    await expect
      .poll(() => worker.evaluate(async () => (await chrome.storage.local.get('glossaryDefaults')).glossaryDefaults))
      .toEqual({ 'en>de': id });

    // Deleting the dictionary takes its default with it.
    await page.getByRole('button', { name: 'Support desk' }).click();
    await page.getByRole('button', { name: 'Delete dictionary EN → DE' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete dictionary' }).click();
    await expect(page.getByText('Dictionary EN → DE deleted.')).toBeVisible();
    await expect
      .poll(() => worker.evaluate(async () => (await chrome.storage.local.get('glossaryDefaults')).glossaryDefaults))
      .toEqual({});
  });

  test('a dictionary of 12,000 entries: paged, searchable, and a dropped CSV merged into it', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    await configure();
    const entries = Array.from({ length: 12_000 }, (_, i) => `term ${i}\tBegriff ${i}`).join('\n');
    const res = await svc.api('POST', '/v3/glossaries', svc.paidKey, {
      name: 'Big',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries }],
    });
    const { glossary_id: id } = (await res.json()) as { glossary_id: string };
    const page = await openExtensionPage('options.html#glossaries');
    await expect(page.getByRole('row', { name: /Big/ })).toContainText('12,000');
    await page.getByRole('button', { name: 'Big' }).click();
    await page.getByRole('button', { name: 'Edit entries of EN → DE' }).click();
    await expect(page.getByText('Entries 1–100 of 12,000')).toBeVisible();
    // Only one page of rows is in the document.
    await expect(page.locator('.entries-table tbody tr')).toHaveCount(100);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Entries 101–200 of 12,000')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'term 150', exact: true })).toBeVisible();

    await page.getByLabel('Search entries').fill('Begriff 1199');
    await expect(page.getByText('Entries 1–11 of 11 matching (of 12,000)')).toBeVisible();
    await page.getByLabel('Search entries').fill('');

    const csv = ['"term 5",Begriff fünf', '"new, with comma",neu', 'other,pair,en,fr'].join('\n');
    const dataTransfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'more.csv', { type: 'text/csv' }));
      return dt;
    }, csv);
    await page.locator('.file-drop').dispatchEvent('drop', { dataTransfer });
    await expect(page.getByText('2 valid entries, ready to send.')).toBeVisible();
    await expect(page.getByText('1 line names another language pair and is ignored.')).toBeVisible();
    await page.getByRole('button', { name: 'Add 2 entries to the list' }).click();
    await expect(page.getByText('Imported: 1 added, 1 updated. Save to send them.')).toBeVisible();
    await expect(page.getByText('Unsaved: 1 added, 1 changed, 0 deleted.')).toBeVisible();
    await page.getByRole('button', { name: 'Save (merge)' }).click();
    await expect(page.getByText('Saved. The dictionary now has 12,001 entries.')).toBeVisible({ timeout: 20_000 });
    const after = await svc.api('GET', `/v3/glossaries/${id}/entries?source_lang=en&target_lang=de`, svc.paidKey);
    const text = ((await after.json()) as { dictionaries: Array<{ entries: string }> }).dictionaries[0]!.entries;
    expect(text).toContain('term 5\tBegriff fünf');
    expect(text).toContain('new, with comma\tneu');
  });

  test('refresh tells what changed on the service', async ({ openExtensionPage, configure, svc }) => {
    await configure();
    const page = await openExtensionPage('options.html#glossaries');
    await expect(page.getByText('No glossaries yet.')).toBeVisible();
    // Let the refresh that opening the section starts finish first.
    await expect.poll(async () => (await svc.requests('/v3/glossaries')).length).toBe(1);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await svc.api('POST', '/v3/glossaries', svc.paidKey, {
      name: 'Made elsewhere',
      dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: 'a\tb' }],
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Refreshed: 1 added, 0 removed, 0 changed.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Made elsewhere/ })).toContainText('EN → FR (1)');
  });

  test('reopened while the service fails: the cached list and entries, read-only', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    test.setTimeout(90_000);
    await configure();
    await svc.api('POST', '/v3/glossaries', svc.paidKey, {
      name: 'Offline terms',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'house\tHaus\ntree\tBaum' }],
    });
    let page = await openExtensionPage('options.html#glossaries');
    await page.getByRole('button', { name: 'Offline terms' }).click();
    await page.getByRole('button', { name: 'Edit entries of EN → DE' }).click();
    await expect(page.getByText('Entries 1–2 of 2')).toBeVisible();
    await page.close();

    // The first request is held until the list has shown, then it and every later one fail.
    await svc.clearRequests();
    await svc.addFaults([
      { path: '/v3/glossaries', hold: true, status: 503, count: 1 },
      { path: '/v3/glossaries', status: 503, count: 1000 },
    ]);
    page = await openExtensionPage('options.html#glossaries');
    // From the cache, before the service has answered anything.
    await expect.poll(() => svc.held()).toBe(1);
    await expect(page.getByRole('button', { name: 'Offline terms' })).toBeVisible();
    expect((await svc.requests('/v3/glossaries')).map((r) => r.status)).toEqual([null]);
    expect(await svc.release()).toBe(1);
    await expect(page.getByText('Read-only: the service could not be reached.')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('button', { name: 'New glossary' })).toBeDisabled();

    await page.getByRole('button', { name: 'Offline terms' }).click();
    await expect(page.getByRole('button', { name: 'Delete glossary' })).toBeDisabled();
    await page.getByRole('button', { name: 'View entries: EN → DE' }).click();
    await expect(
      page.getByText('Read-only: the service could not be reached, so these are the entries saved earlier.'),
    ).toBeVisible({
      timeout: 45_000,
    });
    await expect(page.getByRole('cell', { name: 'Haus' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete house' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Save/ })).toHaveCount(0);
  });
});
