import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

const NO_KEY = 'No key yet: enter your API key in Verso options, under Connection.';

/** The options page the worker opened, once it is there. */
async function optionsOpened(pages: () => Page[]): Promise<Page> {
  const find = () => pages().find((p) => p.url().includes('/options.html'));
  await expect.poll(() => find()?.url()).toMatch(/options\.html#connection$/);
  return find()!;
}

// Installed, no key saved yet (the fixture resets storage and does not configure).
test.describe('connection: before a key is saved', () => {
  // `svc` first: it clears Verso's storage, which the preference below must come after.
  test.beforeEach(async ({ page, background, svc: _svc }) => {
    // German: the English page is one to translate (in the browser's own English it would say it
    // already is, and offer no Translate page).
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page);
    await page.goto(`${ORIGIN}/article.html`);
  });

  test('the popup names languages, says "No key yet" with the way to the settings, and starts nothing', async ({
    openExtensionPage,
    context,
    svc,
  }) => {
    const popup = await openExtensionPage('popup.html');
    // Languages cannot be fetched without a key: the pickers still name them, never by code.
    const target = popup.getByLabel('Target language');
    await expect(target).toHaveValue('de');
    await expect(target.locator('option:checked')).toHaveText('German');

    await popup.getByRole('button', { name: 'Translate page' }).click();
    const panel = popup.getByRole('region', { name: 'This page' });
    await expect(panel.getByRole('alert')).toHaveText(new RegExp(`^${NO_KEY}`));
    // Nothing started on the page, so nothing "stopped" either; nothing reached the service.
    await expect(panel.getByRole('status')).toHaveCount(0);
    expect(await sentTexts(svc)).toEqual([]);

    // The way to the settings: Connection, with its welcome.
    await panel.getByRole('button', { name: 'Open Verso settings' }).click();
    const options = await optionsOpened(() => context.pages());
    const welcome = options.getByRole('region', { name: 'Welcome to Verso' });
    await expect(welcome).toBeVisible();

    // "Use the local service" uses it: saved, no Save needed; the welcome has done its work.
    await welcome.getByRole('button', { name: 'Use the local service' }).click();
    await expect(options.getByText('Saved.')).toBeVisible();
    await expect(welcome).toHaveCount(0);
    await expect(options.getByLabel('Server URL')).toHaveValue('http://127.0.0.1:8787');
    await popup.reload();
    await expect(popup.getByRole('region', { name: 'Usage this period' })).not.toContainText('No key yet');
    await expect(popup.getByText('No key yet')).toHaveCount(0);
  });

  test('the page shortcut without a key opens the settings at Connection and sends nothing', async ({
    background,
    context,
    svc,
  }) => {
    await pressTranslatePage(background, `${ORIGIN}/article.html`);
    const options = await optionsOpened(() => context.pages());
    await expect(options.getByRole('region', { name: 'Welcome to Verso' })).toBeVisible();
    expect(await sentTexts(svc)).toEqual([]);
  });
});
