import { expect, test } from './fixtures.ts';
import { WORKER_CLOCK_FACTOR } from './helpers/clock.ts';
import { setPreferences } from './helpers/settings.ts';

// A banner that says something is wrong goes once it is no longer true.
test.describe('banners go when their cause is gone', () => {
  // The service worker's timers run faster (helpers/clock.ts): quick translate gives up on a 500 after
  // the policy's 5 attempts, some 10 s of back-off on the worker's clock.
  test.use({ workerClockFactor: WORKER_CLOCK_FACTOR });
  test('popup: "refused the key" goes from the usage meter once a translation gets through with the fixed key', async ({
    openExtensionPage,
    configure,
    background,
    svc,
  }) => {
    await configure({ apiKey: 'not-a-real-key' });
    // With the key refused, the popup cannot list languages; the target is the one used last.
    await setPreferences(background, { targetLang: 'de' });
    const popup = await openExtensionPage('popup.html');
    const usage = popup.locator('.usage-meter');
    await expect(usage.getByRole('alert')).toContainText('The service refused the key');
    await popup.getByLabel('Text to translate').fill('Hello');
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(popup.getByRole('alert')).toHaveCount(2);

    // The person fixes the key in the options, and comes back to the popup.
    const options = await openExtensionPage('options.html');
    await options.getByLabel('API key').fill(svc.paidKey);
    await options.getByLabel('Server URL').fill(svc.url);
    await options.getByRole('button', { name: 'Save' }).click();
    await expect(options.getByText('Saved.')).toBeVisible();
    await popup.bringToFront();
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(popup.getByRole('region', { name: 'Translation' })).toContainText('Hellö');
    await expect(popup.getByRole('alert')).toHaveCount(0);
  });

  test('popup: "the service had a problem" goes from quick translate once the service answers again', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    await configure();
    const popup = await openExtensionPage('popup.html');
    await expect(popup.locator('.usage-meter')).toHaveAttribute('aria-busy', 'false');
    await svc.addFaults([{ path: '/v2/translate', status: 500, count: 1000 }]);
    await popup.getByLabel('Target language').selectOption('de');
    await popup.getByLabel('Text to translate').fill('Hello');
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(popup.getByRole('alert')).toContainText('The service had a problem', { timeout: 30_000 });

    // The service is back: the usage meter, asked again, hears from it.
    await svc.clearFaults();
    const usageRequests = (await svc.requests('/v2/usage')).length;
    await popup.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(async () => (await svc.requests('/v2/usage')).length).toBe(usageRequests + 1);
    await expect(popup.locator('.usage-meter')).toHaveAttribute('aria-busy', 'false');
    await expect(popup.getByRole('alert')).toHaveCount(0);
  });

  test('options: a test\'s "refused the key" goes when the key is changed', async ({ openExtensionPage, svc }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('API key').fill('not-a-real-key');
    await page.getByLabel('Server URL').fill(svc.url);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('alert')).toContainText('The service refused the key');

    await page.getByLabel('API key').fill(svc.paidKey);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connected.' })).toBeVisible();
  });
});

test('options: "the service could not be reached" goes from the glossaries once the browser is back online', async ({
  openExtensionPage,
  configure,
  context,
  svc,
}) => {
  await configure();
  await svc.addFaults([{ path: '/v3/glossaries', status: 503, count: 1000 }]);
  const page = await openExtensionPage('options.html#glossaries');
  const offline = page.getByText('Read-only: the service could not be reached.');
  await expect(offline).toBeVisible({ timeout: 45_000 });

  // The connection dropped and came back, and the service answers again.
  await svc.clearFaults();
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(offline).toBeHidden();
  await expect(page.getByRole('button', { name: 'New glossary' })).toBeEnabled();
});
