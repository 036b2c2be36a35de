import { expect, test } from './fixtures.ts';

test.describe('options: connection', () => {
  test('a person enters a key and server URL, saves, and tests the connection', async ({ openExtensionPage, svc }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('API key').fill(svc.paidKey);
    await page.getByLabel('Server URL').fill(svc.url);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();

    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connected.' })).toContainText(
      'of 1,000,000,000 characters used this period',
    );

    const usage = await svc.requests('/v2/usage');
    expect(usage).toHaveLength(1);
    // The key travels only in the Authorization header.
    expect(usage[0]!.status).toBe(200);
    expect(usage[0]!.headers.authorization).toMatch(/a001$/);
    expect(JSON.stringify(usage[0]!.query)).not.toContain(svc.paidKey);

    // Saved settings survive a reload of the page.
    await page.reload();
    await expect(page.getByLabel('Server URL')).toHaveValue(svc.url);
  });

  test('a refused key shows the exact error from the service', async ({ openExtensionPage, svc }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('API key').fill('not-a-real-key');
    await page.getByLabel('Server URL').fill(svc.url);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The service refused the key');
    await expect(alert).toContainText('403');
  });

  test('an unreachable server is reported as such', async ({ openExtensionPage, svc }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('API key').fill(svc.paidKey);
    await page.getByLabel('Server URL').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('alert')).toContainText('cannot be reached', { timeout: 30_000 });
  });

  test('an invalid server URL is refused before saving', async ({ openExtensionPage }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('Server URL').fill('ftp://example.org');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('must start with http');
  });

  test('the free key works against the free tier account', async ({ openExtensionPage, svc }) => {
    const page = await openExtensionPage('options.html');
    await page.getByLabel('API key').fill(svc.freeKey);
    await page.getByLabel('Server URL').fill(svc.url);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connected.' })).toContainText('of 500,000 characters');
  });
});
