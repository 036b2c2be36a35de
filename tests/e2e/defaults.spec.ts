import type { Worker } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const stored = (worker: Worker, key: string) =>
  worker.evaluate(async (k) => (await chrome.storage.local.get(k))[k] as Record<string, unknown> | undefined, key);

test.describe('options: defaults', () => {
  test('languages from the service, formality only where the target has it, each change saved', async ({
    openExtensionPage,
    configure,
    background,
  }) => {
    await configure();
    const page = await openExtensionPage('options.html#defaults');
    const target = page.getByLabel('Translate into');
    await expect(target.locator('option', { hasText: 'British English' })).toHaveCount(1);
    await target.selectOption({ label: 'British English' });
    await expect(page.getByText('British English has no formality options, so none is sent.')).toBeVisible();
    await expect(page.getByLabel('Formality')).toHaveCount(0);

    await target.selectOption({ label: 'German' });
    await page.getByLabel('Formality').selectOption({ label: 'More formal' });
    await page.getByLabel('Translate from').selectOption({ label: 'Detect language' });
    await page.getByLabel('Translation model').selectOption('quality_optimized');
    await page.getByLabel('Show original and translation').check();
    await page.getByLabel('Send surrounding text as context').uncheck();
    await page.getByLabel('Tag requests with the Verso feature').uncheck();
    await expect
      .poll(() => stored(background, 'preferences'))
      .toMatchObject({
        targetLang: 'de',
        sourceLang: '',
        formality: 'more',
        modelType: 'quality_optimized',
        pageMode: 'bilingual',
        sendContext: false,
        reportingTags: false,
      });

    await page.reload();
    await expect(page.getByLabel('Translate into')).toHaveValue('de');
    await expect(page.getByLabel('Formality')).toHaveValue('more');
    await expect(page.getByLabel('Show original and translation')).toBeChecked();
  });

  test('the theme switch applies at once and is remembered; shortcuts are listed', async ({
    openExtensionPage,
    configure,
    background,
  }) => {
    await configure();
    const page = await openExtensionPage('options.html#defaults');
    const root = page.locator('html');
    await page.getByLabel('Dark').check();
    await expect(root).toHaveAttribute('data-theme', 'dark');
    const bodyColour = await page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(bodyColour).toBe('rgb(22, 25, 31)');
    await page.reload();
    await expect(root).toHaveAttribute('data-theme', 'dark');
    await page.getByLabel('Light').check();
    await expect(root).toHaveAttribute('data-theme', 'light');
    await page.getByLabel('Same as the system').check();
    await expect(root).not.toHaveAttribute('data-theme');

    // The shortcuts as the browser assigned them (tests/e2e/shortcuts.spec.ts checks them in full).
    const shortcuts = page.getByRole('table', { name: 'Keyboard shortcuts' });
    const commands = await background.evaluate(() => chrome.commands.getAll());
    const translatePage = commands.find((c) => c.name === 'translate-page')!;
    await expect(shortcuts.getByRole('row', { name: /Translate this page/ })).toContainText(translatePage.shortcut!);
    await expect(shortcuts.getByRole('row', { name: /Translate the selected text/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change shortcuts' })).toBeVisible();
  });
});

test.describe('options: site rules', () => {
  test('add, edit and remove a rule', async ({ openExtensionPage, configure, background }) => {
    await configure();
    const page = await openExtensionPage('options.html#site-rules');
    await page.getByLabel('Site', { exact: true }).fill('not a site');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter a site such as news.example.org');

    await page.getByLabel('Site', { exact: true }).fill('https://News.Example.org/world');
    await page.getByLabel('Page translation').selectOption('never');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await expect(page.getByText('Rule for news.example.org saved.')).toBeVisible();
    const row = page.getByRole('row', { name: /news\.example\.org/ });
    await expect(row).toContainText('Never translate');

    await page.getByLabel('Site', { exact: true }).fill('news.example.org');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await expect(page.getByRole('alert')).toContainText('already a rule for this site');

    await page.getByRole('button', { name: 'Edit the rule for news.example.org' }).click();
    await expect(page.getByRole('heading', { name: 'Edit the rule for news.example.org' })).toBeVisible();
    await page.getByLabel('Page translation').selectOption('always');
    await page.getByLabel('Formality on this site').selectOption('less');
    await page.getByLabel('Model on this site').selectOption('latency_optimized');
    await page.getByLabel('Pages on this site are translated').selectOption('whole-page');
    await page.getByLabel('No translate button next to selections on this site').check();
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect(row).toContainText('Always translate');
    await expect(row).toContainText('Less formal');
    await expect(row).toContainText('Faster');
    await expect(row).toContainText('Whole page');
    await expect
      .poll(() => background.evaluate(async () => (await chrome.storage.local.get('siteRules')).siteRules))
      .toEqual([
        {
          host: 'news.example.org',
          translate: 'always',
          formality: 'less',
          modelType: 'latency_optimized',
          disableWriting: false,
          pageReading: 'whole-page',
          disableSelectionButton: true,
        },
      ]);

    await page.getByRole('button', { name: 'Remove the rule for news.example.org' }).click();
    await expect(page.getByText('No site rules yet.')).toBeVisible();
    await expect
      .poll(() => background.evaluate(async () => (await chrome.storage.local.get('siteRules')).siteRules))
      .toEqual([]);
  });
});
