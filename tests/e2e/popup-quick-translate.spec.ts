import { expect, test } from './fixtures.ts';
import { clickTranslateSelection, ORIGIN, selectContents, serve, setPreferences, toGerman } from './selection-helpers.ts';

test.describe('popup: quick translate', () => {
  test('translates with a glossary of the pair, shows the language, and remembers the languages', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    await configure();
    const created = await svc.api('POST', '/v3/glossaries', svc.paidKey, {
      name: 'Product terms',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'browser\tStöbermaschine', entries_format: 'tsv' }],
    });
    const { glossary_id } = (await created.json()) as { glossary_id: string };

    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Source language').selectOption({ label: 'English' });
    await popup.getByLabel('Target language').selectOption({ label: 'German' });
    await popup.getByLabel('Glossary').selectOption({ label: 'Product terms' });
    await expect(popup.getByLabel('Formality')).toBeVisible();
    await popup.getByLabel('Text to translate').fill('The browser is fast.');
    await popup.getByLabel('Text to translate').press('Control+Enter');

    const result = popup.getByRole('region', { name: 'Translation' });
    await expect(result).toContainText('The Stöbermaschine is fäst.');
    await expect(result).toContainText('From English');
    await expect(result).toContainText('Glossary: Product terms');

    const [request] = await svc.requests('/v2/translate');
    expect(request!.body).toMatchObject({ source_lang: 'en', target_lang: 'de', glossary_id, text: ['The browser is fast.'] });
    expect(request!.body).not.toHaveProperty('tag_handling');
    expect(request!.headers['x-service-reporting-tag']).toBe('verso-popup');

    // Opened again, the popup starts from the languages last used.
    await popup.close();
    const again = await openExtensionPage('popup.html');
    await expect(again.getByLabel('Source language')).toHaveValue('en');
    await expect(again.getByLabel('Target language')).toHaveValue('de');
  });

  test('detects the source, swaps the languages, and copies the result', async ({ openExtensionPage, configure, context }) => {
    await configure();
    const popup = await openExtensionPage('popup.html');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(popup.url()).origin });
    await expect(popup.getByLabel('Source language')).toHaveValue('');
    await popup.getByLabel('Target language').selectOption('de');
    await popup.getByLabel('Text to translate').fill('Good morning, how are you today?');
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();

    const result = popup.getByRole('region', { name: 'Translation' });
    await expect(result).toContainText(toGerman('Good morning, how are you today?'));
    await expect(result).toContainText('Detected: English');
    // A glossary needs a known source: the picker waits for one.
    await expect(popup.getByLabel('Glossary')).toBeDisabled();

    await result.getByRole('button', { name: 'Copy' }).click();
    await expect(result.getByRole('status')).toHaveText('Copied.');
    expect(await popup.evaluate(() => navigator.clipboard.readText())).toBe(toGerman('Good morning, how are you today?'));

    await popup.getByRole('button', { name: 'Swap languages' }).click();
    await expect(popup.getByLabel('Source language')).toHaveValue('de');
    await expect(popup.getByLabel('Target language')).toHaveValue(/^en-(US|GB)$/);
    await expect(popup.getByLabel('Text to translate')).toHaveValue(toGerman('Good morning, how are you today?'));
    // English has no formality control.
    await expect(popup.getByLabel('Formality')).toHaveCount(0);
  });

  test('errors: quota and key', async ({ openExtensionPage, configure, svc }) => {
    await configure();
    await svc.faults([{ path: '/v2/translate', status: 456, body: JSON.stringify({ message: 'Quota exceeded' }) }]);
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Target language').selectOption('de');
    await popup.getByLabel('Text to translate').fill('Hello');
    await popup.getByLabel('Text to translate').press('Control+Enter');
    await expect(popup.getByRole('alert')).toContainText('The character quota is used up');

    await configure({ apiKey: 'not-a-real-key' });
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(popup.getByRole('alert')).toContainText('The service refused the key');
  });

  test('"Open in popup" hands the selection over to the popup', async ({ page, background, configure, openExtensionPage }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await serve(page, { '/handover.html': '<!doctype html><html lang="en"><body><p id="p">Carry this text over.</p></body></html>' });
    await page.goto(`${ORIGIN}/handover.html`);
    await selectContents(page, '#p');
    await clickTranslateSelection(background, `${ORIGIN}/handover.html`);
    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText(toGerman('Carry this text over.'));
    // The browser may open the popup itself; either way the text waits in session storage until it does.
    await dialog.getByRole('button', { name: 'Open in popup' }).click();
    await expect(dialog.getByRole('status')).toContainText('waiting in the Verso popup');

    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByLabel('Text to translate')).toHaveValue('Carry this text over.');
    await expect(popup.getByLabel('Target language')).toHaveValue('de');
    // Taken once: the next popup starts empty.
    await popup.close();
    const next = await openExtensionPage('popup.html');
    await expect(next.getByLabel('Text to translate')).toHaveValue('');
  });
});
