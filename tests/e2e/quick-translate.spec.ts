import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { clickTranslateSelection, ORIGIN, selectContents, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

test.describe('popup: quick translate', () => {
  test('translates with a glossary of the pair, shows the language, and remembers the languages', async ({
    openExtensionPage,
    configure,
    svc,
  }) => {
    await configure();
    const created = await svc.api('POST', '/v3/glossaries', svc.paidKey, {
      name: 'Product terms',
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entries: 'browser\tStöbermaschine', entries_format: 'tsv' },
      ],
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
    expect(request!.body).toMatchObject({
      source_lang: 'en',
      target_lang: 'de',
      glossary_id,
      text: ['The browser is fast.'],
    });
    expect(request!.body).not.toHaveProperty('tag_handling');
    expect(request!.headers['x-service-reporting-tag']).toBe('verso-popup');

    // Opened again, the popup starts from the languages last used.
    await popup.close();
    const again = await openExtensionPage('popup.html');
    await expect(again.getByLabel('Source language')).toHaveValue('en');
    await expect(again.getByLabel('Target language')).toHaveValue('de');
  });

  test('detects the source, swaps the languages, and copies the result', async ({
    openExtensionPage,
    configure,
    context,
    page,
  }) => {
    await configure();
    const popup = await openExtensionPage('popup.html');
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
    // Read back on a web page allowed to read the clipboard.
    await context.grantPermissions(['clipboard-read'], { origin: ORIGIN });
    await serve(page, { '/blank.html': '<!doctype html><title>blank</title>' });
    await page.goto(`${ORIGIN}/blank.html`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      toGerman('Good morning, how are you today?'),
    );

    await popup.getByRole('button', { name: 'Swap languages' }).click();
    await expect(popup.getByLabel('Source language')).toHaveValue('de');
    await expect(popup.getByLabel('Target language')).toHaveValue(/^en-(US|GB)$/);
    await expect(popup.getByLabel('Text to translate')).toHaveValue(toGerman('Good morning, how are you today?'));
    // English has no formality control.
    await expect(popup.getByLabel('Formality')).toHaveCount(0);
  });

  test('text already in the target language says so instead of returning it unchanged', async ({
    openExtensionPage,
    configure,
  }) => {
    await configure();
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Target language').selectOption('en-GB');
    await popup.getByLabel('Text to translate').fill('Good morning, how are you today?');
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    const result = popup.getByRole('region', { name: 'Translation' });
    await expect(result).toContainText('The text is already in English: there is nothing to translate.');
    await expect(result.getByText('Good morning, how are you today?')).toHaveCount(0);
  });

  test('errors: quota and key', async ({ openExtensionPage, configure, svc }) => {
    await configure();
    await svc.addFaults([{ path: '/v2/translate', status: 456, body: JSON.stringify({ message: 'Quota exceeded' }) }]);
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Target language').selectOption('de');
    await popup.getByLabel('Text to translate').fill('Hello');
    await popup.getByLabel('Text to translate').press('Control+Enter');
    await expect(popup.getByRole('alert')).toContainText('The character quota is used up');

    await configure({ apiKey: 'not-a-real-key' });
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(popup.getByRole('alert')).toContainText('The service refused the key');
  });

  test('"Open in popup" opens the popup, which takes the selection', async ({ page, background, configure }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await serve(page, {
      '/handover.html': '<!doctype html><html lang="en"><body><p id="p">Carry this text over.</p></body></html>',
    });
    await page.goto(`${ORIGIN}/handover.html`);
    await selectContents(page, '#p');
    await clickTranslateSelection(background, `${ORIGIN}/handover.html`);
    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText(toGerman('Carry this text over.'));

    await dialog.getByRole('button', { name: 'Open in popup' }).click();
    await expect(dialog).toBeHidden();
    // The toolbar popup is no page Playwright can drive; the browser reports it, and it took the text.
    await expect
      .poll(() =>
        background.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: ['POPUP'] })).length),
      )
      .toBe(1);
    await expect
      .poll(() => background.evaluate(async () => (await chrome.storage.session.get('popupDraft')).popupDraft ?? null))
      .toBeNull();
  });

  test('a text handed over is taken once, and only by a popup opened soon after', async ({
    background,
    svc,
    openExtensionPage,
  }) => {
    await svc.clearRequests();
    // What the background keeps when the browser would not open the popup itself.
    await background.evaluate(() =>
      chrome.storage.session.set({ popupDraft: { text: 'Waiting text', targetLang: 'fr', at: Date.now() } }),
    );
    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByLabel('Text to translate')).toHaveValue('Waiting text');
    await expect(popup.getByLabel('Target language')).toHaveValue('fr');
    await popup.close();
    const next = await openExtensionPage('popup.html');
    await expect(next.getByLabel('Target language')).not.toHaveValue('');
    await expect(next.getByLabel('Text to translate')).toHaveValue('');

    await background.evaluate(() =>
      chrome.storage.session.set({ popupDraft: { text: 'Old text', at: Date.now() - 60 * 60 * 1000 } }),
    );
    const late = await openExtensionPage('popup.html');
    await expect(late.getByLabel('Target language')).not.toHaveValue('');
    await expect(late.getByLabel('Text to translate')).toHaveValue('');
  });
});
