import { expect, test } from './fixtures.ts';

// A settings file whose target language carries a NUL (written `\u0000` in its JSON, so the bytes are
// UTF-8 text and pass the file checks) is refused at import, the field named, and nothing changes.

test('a settings file with a NUL in its target language is refused, naming the field; nothing changes', async ({
  openExtensionPage,
  configure,
  background,
}) => {
  await configure();
  await background.evaluate(() =>
    chrome.storage.local.set({ preferences: { targetLang: 'ja', formality: 'default' } }),
  );
  const page = await openExtensionPage('options.html#settings-file');
  const input = page.getByLabel('Settings file to import');
  await expect(input).toBeVisible();
  // Read once the page has opened (opening it brings stored items up to their current version).
  await expect
    .poll(() => background.evaluate(async () => (await chrome.storage.local.get('preferences$')).preferences$))
    .toBeDefined();
  const before = await background.evaluate(() => chrome.storage.local.get(null));
  const file = {
    app: 'verso',
    version: 1,
    exportedAt: '2026-01-01T00:00:00.000Z',
    preferences: { targetLang: 'de\u0000', formality: 'super' },
    siteRules: [{ host: 'news.example.org', translate: 'always' }],
    glossaryDefaults: {},
  };
  const text = JSON.stringify(file);
  // The NUL is in the JSON as an escape, not as a byte.
  expect(text).toContain('"de\\u0000"');
  await input.setInputFiles({
    name: 'nul.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text, 'utf8'),
  });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('nul.json was not imported and nothing was changed');
  await expect(alert).toContainText('preferences.targetLang: not a language code: "de\\u0000"');
  // The file's other problem is reported beside it.
  await expect(alert).toContainText('preferences.formality');
  await expect(page.getByRole('button', { name: 'Replace my settings with these' })).toHaveCount(0);
  expect(await background.evaluate(() => chrome.storage.local.get(null))).toEqual(before);
  expect((before.preferences as { targetLang: string }).targetLang).toBe('ja');
  expect(before.siteRules).toBeUndefined();
});
