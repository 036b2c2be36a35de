import type { Download, Worker } from '@playwright/test';
import { expect, test } from './fixtures.ts';

async function textOf(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const storage = (worker: Worker) => worker.evaluate(() => chrome.storage.local.get(null));

test.describe('options: settings file', () => {
  test('export holds the settings but no credentials; junk and newer files change nothing; v0 files are converted', async ({
    openExtensionPage,
    configure,
    background,
    svc,
  }) => {
    await configure();
    await background.evaluate(() =>
      chrome.storage.local.set({
        preferences: { targetLang: 'ja', formality: 'default' },
        siteRules: [{ host: 'a.example', translate: 'never', formality: '', modelType: '', disableWriting: false }],
      }),
    );
    const page = await openExtensionPage('options.html#settings-file');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export settings' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^verso-settings-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = await textOf(file);
    const json = JSON.parse(exported);
    expect(json).toMatchObject({
      app: 'verso',
      version: 1,
      preferences: { targetLang: 'ja' },
      siteRules: [{ host: 'a.example' }],
    });
    expect(exported).not.toContain(svc.paidKey);
    expect(exported).not.toContain(svc.url);
    expect(exported).not.toContain('apiKey');

    const before = await storage(background);
    const input = page.getByLabel('Settings file to import');
    await input.setInputFiles({ name: 'junk.json', mimeType: 'application/json', buffer: Buffer.from('{"oops": ') });
    await expect(page.getByRole('alert')).toHaveText(
      'junk.json was not imported and nothing was changed: The file is not JSON.',
    );
    // A picture and a file in another encoding are refused as not UTF-8 text; a huge file unread.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    await input.setInputFiles({ name: 'photo.json', mimeType: 'application/json', buffer: png });
    await expect(page.getByRole('alert')).toHaveText(
      'photo.json was not imported and nothing was changed: it is not a text file in UTF-8, as Verso writes its settings files.',
    );
    const latin1 = Buffer.concat([
      Buffer.from('{"targetLang": "fr", "note": "caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}'),
    ]);
    await input.setInputFiles({ name: 'latin1.json', mimeType: 'application/json', buffer: latin1 });
    await expect(page.getByRole('alert')).toContainText('latin1.json was not imported');
    await input.setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: Buffer.alloc(2_000_000, 32) });
    await expect(page.getByRole('alert')).toContainText(
      'it has 2,000,000 bytes, and a Verso settings file has at most',
    );
    await input.setInputFiles({
      name: 'future.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...json, version: 9 })),
    });
    await expect(page.getByRole('alert')).toContainText('written by a newer Verso (settings version 9)');
    expect(await storage(background)).toEqual(before);

    const v0 = { targetLanguage: 'fr', formality: 'less', neverTranslate: ['intranet.example'], apiKey: 'stolen' };
    await input.setInputFiles({
      name: 'old.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(v0)),
    });
    await expect(page.getByText('old.json holds 1 site rule and your defaults (translate into French).')).toContainText(
      'settings version 0',
    );
    expect(await storage(background)).toEqual(before);
    await page.getByRole('button', { name: 'Replace my settings with these' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(
      'Imported 1 site rule and your defaults (translate into French). Your keys were kept.',
    );
    const after = await storage(background);
    expect(after.preferences).toMatchObject({ targetLang: 'fr', formality: 'less' });
    expect(after.siteRules).toEqual([
      {
        host: 'intranet.example',
        translate: 'never',
        formality: '',
        modelType: '',
        disableWriting: false,
        pageReading: '',
        disableSelectionButton: false,
      },
    ]);
    expect(after.credentials).toEqual(before.credentials);
  });

  test('the import says what it brings in one sentence, counted right; a file with no settings says so', async ({
    openExtensionPage,
    configure,
    background,
  }) => {
    await configure();
    const page = await openExtensionPage('options.html#settings-file');
    const input = page.getByLabel('Settings file to import');
    const rule = (host: string) => ({ host, translate: 'never' });
    const file = {
      app: 'verso',
      version: 1,
      exportedAt: '2026-11-01T00:00:00.000Z',
      preferences: { targetLang: 'de', formality: 'default' },
      siteRules: [rule('a.example'), rule('b.example'), rule('c.example')],
      glossaryDefaults: { 'en>de': 'g-1' },
      theme: 'dark',
    };
    await input.setInputFiles({
      name: 'team.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await expect(page.getByRole('status').filter({ hasText: 'team.json' })).toHaveText(
      'team.json holds 1 default glossary, 3 site rules, and your defaults (translate into German).',
    );
    await page.getByRole('button', { name: 'Replace my settings with these' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(
      'Imported 1 default glossary, 3 site rules, and your defaults (translate into German). Your keys were kept.',
    );
    expect((await storage(background)).siteRules).toHaveLength(3);

    // A Verso file with nothing this version knows: said plainly, nothing offered, nothing changed.
    const before = await storage(background);
    await input.setInputFiles({
      name: 'blank.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ app: 'verso', version: 1, exportedAt: '2026-11-01T00:00:00.000Z' })),
    });
    await expect(page.getByRole('status').filter({ hasText: 'Nothing to import' })).toHaveText(
      'Nothing to import: the file has no settings Verso knows.',
    );
    await expect(page.getByRole('button', { name: 'Replace my settings with these' })).toHaveCount(0);
    await expect(page.getByText(/^Imported/)).toHaveCount(0);
    expect(await storage(background)).toEqual(before);
  });
});
