import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extensionIdOf, launchWithExtension } from './browser.ts';
import { expect, test } from './fixtures.ts';
import { optionsAfterWelcome } from './helpers/options.ts';
import { connectTo } from './helpers/service.ts';

const german = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../public/_locales/de/messages.json'), 'utf8'),
) as Record<string, { message: string }>;
const de = (key: string, ...subs: string[]) =>
  german[key]!.message.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');

// A browser of its own, in German: Verso's UI language is the browser's.
test.describe('options in a German browser', () => {
  test('the import summary counts in German; language statuses are German words', async ({ svc }) => {
    const context = await launchWithExtension({ locale: 'de-DE' });
    try {
      const page = await optionsAfterWelcome(context, 'settings-file');
      const file = {
        app: 'verso',
        version: 1,
        exportedAt: '2026-11-01T00:00:00.000Z',
        preferences: { targetLang: 'fr', formality: 'default' },
        siteRules: ['a.example', 'b.example', 'c.example'].map((host) => ({ host, translate: 'never' })),
        glossaryDefaults: { 'en>fr': 'g-1' },
      };
      const input = page.getByLabel(de('bkImportLabel'));
      // A refusal says why in German too.
      await input.setInputFiles({ name: 'junk.json', mimeType: 'application/json', buffer: Buffer.from('{"oops": ') });
      await expect(page.getByRole('alert')).toHaveText(de('bkRefused', 'junk.json', de('bkNotJson')));
      await input.setInputFiles({
        name: 'team.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(file)),
      });
      await expect(page.getByRole('status').filter({ hasText: 'team.json' })).toHaveText(
        'team.json enthält 1 Standardglossar, 3 Website-Regeln und Ihre Standardeinstellungen (Zielsprache: Französisch).',
      );
      await page.getByRole('button', { name: de('bkApply') }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Importiert' })).toHaveText(
        'Importiert: 1 Standardglossar, 3 Website-Regeln und Ihre Standardeinstellungen (Zielsprache: Französisch). Ihre Schlüssel wurden beibehalten.',
      );
      await connectTo(context, svc);
      await page.goto(`chrome-extension://${await extensionIdOf(context)}/options.html#languages`);
      const table = page.getByRole('table', { name: de('lngCaption', 'translate_text') });
      const row = table.getByRole('row', { name: /^Deutsch de / });
      await expect(row).toBeVisible();
      const headers = await table.getByRole('columnheader').allTextContents();
      const cells = await row.locator('th, td').allTextContents();
      expect(cells[headers.indexOf(de('lngStatus'))]).toBe('Stabil');
      // A feature keeps its service key under its name; its status is in words too.
      const formality = headers.findIndex((h) => h.endsWith('formality'));
      expect(formality).toBeGreaterThan(0);
      expect(cells[formality]).toBe('Stabil');
      await page.getByRole('switch', { name: de('lngBeta') }).click();
      await expect(table.getByRole('row', { name: /^Hindi hi / })).toContainText('Beta');
    } finally {
      await context.close();
    }
  });
});
