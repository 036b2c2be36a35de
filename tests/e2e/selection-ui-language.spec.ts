import { readFileSync } from 'node:fs';
import path from 'node:path';
import { closeWelcome, launchWithExtension } from './browser.ts';
import { openVersoRoots } from './closed-roots.ts';
import { expect, test } from './fixtures.ts';
import { ORIGIN, pressTranslateShortcut, serve } from './helpers/selection.ts';
import { connectTo } from './helpers/service.ts';

const catalog = (locale: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../public/_locales/${locale}/messages.json`), 'utf8'),
  ) as Record<string, { message: string }>;

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>River</title></head><body>
  <p id="target">The river rose overnight after heavy rain in the hills.</p>
</body></html>`;

// A person who installs Verso into a German or Japanese browser reads its UI in that language, and the
// popup and pages translate into it: the selection bubble must too, and name languages as the popup does.
const CASES = [
  { locale: 'de-DE', catalog: 'de', target: 'de', arabic: 'Arabisch' },
  { locale: 'ja-JP', catalog: 'ja', target: 'ja', arabic: 'アラビア語' },
];

test.describe('the selection bubble in the browser’s language, in a fresh profile', () => {
  for (const c of CASES) {
    test(`${c.locale}: translates into ${c.target} and names languages in the UI language`, async ({ svc }) => {
      const messages = catalog(c.catalog);
      const context = await launchWithExtension({ locale: c.locale });
      try {
        await openVersoRoots(context);
        await closeWelcome(context);
        const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
        await connectTo(context, svc);
        const page = await context.newPage();
        await serve(page, { '/river.html': PAGE });
        await page.goto(`${ORIGIN}/river.html`);
        await page.locator('#target').click({ clickCount: 3 });
        await pressTranslateShortcut(worker, `${ORIGIN}/river.html`);

        const dialog = page.getByRole('dialog', { name: messages.selDialog!.message });
        await expect(dialog).toBeVisible();
        const target = dialog.getByRole('combobox', { name: messages.selTarget!.message });
        await expect(target).toHaveValue(c.target);
        await expect(dialog.locator('.result')).not.toContainText('The river rose');
        await expect(dialog.locator('.result')).not.toBeEmpty();
        const [request] = await svc.requests('/v2/translate');
        expect((request!.body as { target_lang: string }).target_lang).toBe(c.target);

        // The list is named by the browser in the UI language, as the popup's is.
        const names = await target.locator('option').allTextContents();
        expect(names).toContain(c.arabic);
        expect(names).not.toContain('Arabic');
        expect(names).not.toContain('American English');
      } finally {
        await context.close();
      }
    });
  }
});
