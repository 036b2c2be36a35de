import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { extensionIdOf, launchWithExtension } from './browser.ts';
import { expect, test } from './fixtures.ts';

/** The page a fresh install opens by itself, once it has loaded. */
async function openedOnInstall(context: BrowserContext): Promise<Page> {
  const options = () => context.pages().find((p) => p.url().endsWith('/options.html'));
  await expect.poll(() => options() !== undefined).toBe(true);
  return options()!;
}

const german = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../public/_locales/de/messages.json'), 'utf8'),
) as Record<string, { message: string }>;

// Each test installs Verso into a browser of its own: a first run happens once per profile.
test.describe('first run, in a fresh profile', () => {
  test('the options open with a welcome; without a key the popup says "No key yet"', async () => {
    const context = await launchWithExtension();
    try {
      const options = await openedOnInstall(context);
      const welcome = options.getByRole('region', { name: 'Welcome to Verso' });
      await expect(welcome).toContainText('Your API key is the code that identifies that account');
      await expect(welcome).toContainText('create a key on its API keys page');
      await expect(welcome).toContainText('A key that ends in :fx is a free key');
      await expect(welcome).toContainText('start the local service (npm run service)');
      // Without a key the popup says so rather than blaming the service (connection-no-key.spec.ts has
      // the rest: names for languages, the way to the settings, nothing started).
      const popup = await context.newPage();
      await popup.goto(`chrome-extension://${await extensionIdOf(context)}/popup.html`);
      await expect(popup.getByRole('alert').filter({ hasText: 'No key yet' })).toBeVisible();
      await popup.getByLabel('Text to translate').fill('Hello');
      await popup.getByRole('button', { name: 'Translate', exact: true }).click();
      // The usage meter and the translation both say it.
      const noKey = popup
        .getByRole('alert')
        .filter({ hasText: 'No key yet: enter your API key in Verso options, under Connection.' });
      await expect(noKey).toHaveCount(2);
      await expect(popup.getByText(/refused/)).toHaveCount(0);

      // "Use the local service" fills in and saves: no Save needed, the popup has a key.
      await options.bringToFront();
      await welcome.getByRole('button', { name: 'Use the local service' }).click();
      await expect(options.getByLabel('Server URL')).toHaveValue('http://127.0.0.1:8787');
      await expect(options.getByLabel('API key', { exact: true })).not.toHaveValue('');
      await expect(options.getByText('Saved.')).toBeVisible();
      await popup.reload();
      await expect(popup.getByLabel('Text to translate')).toBeVisible();
      await expect(popup.getByText('No key yet')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('the target language is the browser’s own', async () => {
    const context = await launchWithExtension({ locale: 'de-DE' });
    try {
      const options = await openedOnInstall(context);
      // Installed into a German browser: Verso speaks German, and translates into German.
      await expect(options.getByRole('heading', { level: 1 })).toHaveText(german.optionsTitle!.message);
      const popup = await context.newPage();
      await popup.goto(`chrome-extension://${await extensionIdOf(context)}/popup.html`);
      await expect(popup.getByLabel(german.quickTarget!.message)).toHaveValue('de');
    } finally {
      await context.close();
    }
  });
});
