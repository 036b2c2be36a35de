import type { Worker } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { defaultGlossary, storedDefaults } from './helpers/glossaries.ts';
import { ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

const ARTICLE = `${ORIGIN}/article.html`;

const notificationIds = async (worker: Worker) =>
  Object.keys(await worker.evaluate(() => chrome.notifications.getAll()));

test.describe('a default glossary deleted elsewhere', () => {
  test('a page of its pair is still translated: without it, the default dropped, the person told once', async ({
    background,
    configure,
    openExtensionPage,
    page,
    svc,
  }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    const id = await defaultGlossary(svc, openExtensionPage);
    // Deleted with the service's own API (another device, a script): Verso is not told.
    expect((await svc.api('DELETE', `/v3/glossaries/${id}`, svc.paidKey)).status).toBe(204);

    await servePages(page);
    await page.goto(ARTICLE);
    await pressTranslatePage(background, ARTICLE);
    await expect(page.locator('#intro')).toHaveText(
      toGerman('Rowing is a good outdoor sport for all ages. Read our guide before you go out.'),
    );
    const requests = await svc.requests('/v2/translate');
    const withGlossary = requests.filter((r) => r.body?.glossary_id === id);
    expect(withGlossary.length).toBeGreaterThan(0);
    for (const r of withGlossary) expect(r.status).toBe(404);
    expect(requests.filter((r) => r.status === 200).every((r) => r.body?.glossary_id === undefined)).toBe(true);
    await expect.poll(() => storedDefaults(background)).toEqual({});
    expect(await notificationIds(background)).toEqual([`verso-glossary-gone:${id}`]);

    // The next page of the pair sends no glossary at all, and nobody is told again.
    await svc.clearRequests();
    await background.evaluate(() =>
      chrome.notifications.getAll().then((all) => Object.keys(all).map((n) => chrome.notifications.clear(n))),
    );
    await page.reload();
    await pressTranslatePage(background, ARTICLE);
    await expect(page.locator('#title')).toHaveText(toGerman('Rowing on the river'));
    const again = await svc.requests('/v2/translate');
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((r) => r.status === 200 && r.body?.glossary_id === undefined)).toBe(true);
    expect(await notificationIds(background)).toEqual([]);
  });

  test('the popup: the glossary list drops it, the translation goes on, and the notice leads to the glossaries', async ({
    background,
    configure,
    context,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const id = await defaultGlossary(svc, openExtensionPage);
    await svc.api('DELETE', `/v3/glossaries/${id}`, svc.paidKey);

    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Source language').selectOption({ label: 'English' });
    await popup.getByLabel('Target language').selectOption({ label: 'German' });
    await popup.getByLabel('Text to translate').fill('Count your oars.');
    await popup.getByLabel('Text to translate').press('Control+Enter');
    const result = popup.getByRole('region', { name: 'Translation' });
    await expect(result).toContainText(toGerman('Count your oars.'));
    await expect(result).not.toContainText('Glossary: Rowing terms');
    expect((await svc.requests('/v2/translate')).every((r) => r.status === 200)).toBe(true);
    await expect.poll(() => storedDefaults(background)).toEqual({});
    await expect.poll(() => notificationIds(background)).toEqual([`verso-glossary-gone:${id}`]);

    // Clicking the notice opens the glossaries, where another default can be chosen.
    const opened = context.waitForEvent('page');
    await background.evaluate((notice) => {
      (chrome.notifications.onClicked as unknown as { dispatch(id: string): void }).dispatch(notice);
    }, `verso-glossary-gone:${id}`);
    const options = await opened;
    await expect(options).toHaveURL(/options\.html#glossaries$/);
    await expect(options.getByRole('heading', { name: 'Glossaries', level: 2 })).toBeVisible();
  });
});
