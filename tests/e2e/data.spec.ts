import AxeBuilder from '@axe-core/playwright';
import type { Page, Worker } from '@playwright/test';
import type { TestService } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { indicator, ORIGIN, paragraphText, pressTranslatePage, servePages } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

// "Your data" (options): what Verso keeps, counted by the worker, and cleared by it after the person
// confirms. The mechanism checked: a cleared cache makes the next translation of a page a new request.

const PAGE = `${ORIGIN}/data.html`;
const COUNT = 5;
const BODY = `<!doctype html><html lang="en"><head><title>Data</title></head><body>${Array.from(
  { length: COUNT },
  (_, i) => `<p id="p${i}">${paragraphText(i)}</p>`,
).join('')}</body></html>`;

const translateRequests = async (svc: TestService) => (await svc.requests('/v2/translate')).length;

/** Opens the page, translates it whole and waits until every paragraph is German. */
async function translatePage(page: Page, background: Worker): Promise<void> {
  await page.goto(PAGE);
  await page.bringToFront();
  await pressTranslatePage(background, PAGE);
  await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
  for (let i = 0; i < COUNT; i++) await expect(page.locator(`#p${i}`)).toHaveText(toGerman(paragraphText(i)));
}

/** Rows of a table of Verso's database, read in the worker. */
function rowsIn(background: Worker, table: string): Promise<number> {
  return background.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('verso');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            return resolve(0);
          }
          const count = db.transaction(name).objectStore(name).count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
        open.onerror = () => reject(open.error);
      }),
    table,
  );
}

test.beforeEach(async ({ page, background, configure }) => {
  await configure();
  await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
  await servePages(page, { '/data.html': BODY });
});

test('clearing the translations kept: counted, confirmed, cleared, and the page is sent again', async ({
  page,
  background,
  openExtensionPage,
  svc,
}) => {
  await translatePage(page, background);
  const sentFirst = await translateRequests(svc);
  expect(sentFirst).toBeGreaterThan(0);
  // Translated again with the cache in place: answered from it, nothing sent.
  await translatePage(page, background);
  expect(await translateRequests(svc)).toBe(sentFirst);

  const options = await openExtensionPage('options.html#data');
  await expect(options.getByRole('heading', { name: 'Your data', level: 2 })).toBeVisible();
  const kept = options.locator('.data-kept[data-kind="cache"]');
  // The page's paragraphs and its title: at least one translation per paragraph.
  await expect(kept).toHaveText(/^\d+ translations?, about \d+ kB$/);
  const entries = Number(/^(\d+)/.exec((await kept.textContent()) ?? '')?.[1]);
  expect(entries).toBeGreaterThanOrEqual(COUNT);
  expect(entries).toBe(await rowsIn(background, 'translations'));

  const { violations } = await new AxeBuilder({ page: options })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The person changes their mind once: nothing is cleared.
  await options.getByRole('button', { name: 'Clear Translations kept' }).click();
  const dialog = options.getByRole('dialog', { name: 'Clear “Translations kept”?' });
  await expect(dialog).toContainText(`Verso clears: ${entries} translations`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await rowsIn(background, 'translations')).toBe(entries);

  // Then clears it.
  await options.getByRole('button', { name: 'Clear Translations kept' }).click();
  await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Cleared:' })).toHaveText(
    new RegExp(`^Cleared: ${entries} translations, about \\d+ kB\\.$`),
  );
  await expect(kept).toHaveText('Nothing kept');
  await expect(options.getByRole('button', { name: 'Clear Translations kept' })).toBeDisabled();
  expect(await rowsIn(background, 'translations')).toBe(0);

  // Translating the page again sends it again: every paragraph goes to the service once more.
  await translatePage(page, background);
  const sentAgain = (await svc.requests('/v2/translate')).slice(sentFirst);
  const texts = sentAgain.flatMap((r) => (r.body?.text ?? []) as string[]);
  for (let i = 0; i < COUNT; i++) expect(texts.some((text) => text.includes(`Paragraph ${i} is`))).toBe(true);
  // ...and fills the cache again.
  await options.reload();
  await expect(kept).toHaveText(/^\d+ translations?, about \d+ kB$/);
});

test('clearing everything: the settings go back to their defaults, the API key stays unless ticked', async ({
  page,
  background,
  openExtensionPage,
  svc,
}) => {
  await translatePage(page, background);
  const options = await openExtensionPage('options.html#data');
  await expect(options.locator('.data-kept[data-kind="sites"]')).toBeVisible();

  // The spending guard's limits and counts guard the quota: "everything" leaves them (lib/features/data).
  const stored = () =>
    background.evaluate(async () => {
      const local = await chrome.storage.local.get(null);
      return {
        keys: Object.keys(local)
          .filter((key) => !key.startsWith('spending'))
          .sort(),
        apiKey: (local.credentials as { apiKey?: string } | undefined)?.apiKey,
      };
    });
  expect((await stored()).keys).toEqual(expect.arrayContaining(['credentials', 'preferences']));

  await options.getByRole('button', { name: 'Clear Everything' }).click();
  const dialog = options.getByRole('dialog', { name: 'Clear “Everything”?' });
  await expect(dialog).toContainText('The API key is kept.');
  await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Everything Verso kept' })).toContainText(
    'The API key is kept.',
  );
  expect(await stored()).toEqual({ keys: ['credentials'], apiKey: svc.paidKey });
  expect(await rowsIn(background, 'translations')).toBe(0);

  // With the key ticked, the credentials go too.
  await options.getByLabel('Also remove the API key, the admin key and the server address').check();
  await options.getByRole('button', { name: 'Clear Everything' }).click();
  await expect(dialog).toContainText('The API key is removed too.');
  await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Everything Verso kept' })).toContainText(
    'The API key was removed too.',
  );
  expect((await stored()).keys).toEqual([]);
});
