import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { closeWelcome, extensionIdOf, launchWithExtension } from './browser.ts';
import { expect, test } from './fixtures.ts';
import { connectTo } from './helpers/service.ts';

const storage = (context: BrowserContext, key: string) =>
  context.serviceWorkers()[0]!.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);

async function openPage(context: BrowserContext, file: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${await extensionIdOf(context)}/${file}`);
  return page;
}

// A fresh profile: the person sets their defaults in Settings, then opens the documents page.
test.describe('the documents page starts from the person’s defaults', () => {
  test('formality and the pair’s default glossary are preselected and applied; a choice still overrides', async ({
    svc,
  }) => {
    const context = await launchWithExtension();
    try {
      await closeWelcome(context);
      await connectTo(context, svc);
      const created = await svc.api('POST', '/v3/glossaries', svc.paidKey, {
        name: 'Rowing terms',
        dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'oars\tRuder', entries_format: 'tsv' }],
      });
      const { glossary_id: glossaryId } = (await created.json()) as { glossary_id: string };

      // Settings: translate into German, more formally, with "Rowing terms" for EN -> DE.
      const options = await openPage(context, 'options.html#defaults');
      await options.getByLabel('Translate into').selectOption('de');
      await options.getByLabel('Formality').selectOption('more');
      await expect.poll(() => storage(context, 'preferences')).toMatchObject({ targetLang: 'de', formality: 'more' });
      await options.goto(`chrome-extension://${await extensionIdOf(context)}/options.html#glossaries`);
      await options.getByLabel('EN → DE').selectOption({ label: 'Rowing terms' });
      await expect.poll(() => storage(context, 'glossaryDefaults')).toEqual({ 'en>de': glossaryId });
      await options.close();

      const page = await openPage(context, 'documents.html');
      await expect(page.getByLabel('Translate into')).toHaveValue('de');
      await expect(page.getByLabel('Formality')).toHaveValue('more');
      // A glossary needs a known source: once it is chosen, the pair's default is there.
      await page.getByLabel('Source language').selectOption('en');
      await expect(page.getByLabel('Glossary')).toHaveValue(glossaryId);

      await page.getByLabel('File to translate').setInputFiles({
        name: 'rowing.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Take the oars, please.\n'),
      });
      await page.getByRole('button', { name: 'Translate document' }).click();
      const job = page.getByRole('listitem').filter({ hasText: 'rowing.txt' });
      await expect(job).toContainText('Done');
      const downloading = page.waitForEvent('download');
      await job.getByRole('button', { name: 'Download' }).click();
      const translated = await readFile((await (await downloading).path())!, 'utf8');
      expect(translated).toContain('Ruder');

      // The person can still choose otherwise for this document; another pair starts from its own defaults.
      await page.getByLabel('Glossary').selectOption('');
      await page.getByLabel('Formality').selectOption('less');
      await page.getByLabel('Translate into').selectOption('fr');
      await expect(page.getByLabel('Formality')).toHaveValue('less');
      await expect(page.getByLabel('Glossary')).toHaveValue('');
      await page.getByLabel('Translate into').selectOption('de');
      await expect(page.getByLabel('Glossary')).toHaveValue(glossaryId);
    } finally {
      await context.close();
    }
  });
});
