import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import {
  chooseWithKeys,
  clickTranslateSelection,
  ORIGIN,
  pressTranslateShortcut,
  selectContents,
  serve,
} from './helpers/selection.ts';
import { charactersUsed } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>River report</title></head>
<body>
  <h1>River report</h1>
  <p id="before">The river rose overnight after heavy rain in the hills.</p>
  <p id="target">We walked to the <b class="x" style="color:red">bank</b> to see <a href="/flood?session=abc123">the flood</a> for ourselves.</p>
  <p id="after">Fishing was good downstream.</p>
</body></html>`;

const URL = `${ORIGIN}/article.html`;

test.describe('translate selection', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
  });

  test('the menu translates formatted text with its surroundings as unbilled context', async ({
    page,
    background,
    svc,
  }) => {
    await serve(page, { '/article.html': ARTICLE });
    await page.goto(URL);
    await page.locator('#target').click({ clickCount: 3 });
    const selected = (await page.locator('#target').textContent()) ?? '';
    const before = await charactersUsed(svc);
    await svc.clearRequests();

    await clickTranslateSelection(background, URL);

    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    const result = dialog.locator('.result');
    await expect(result).toContainText(toGerman('We walked to the bank to see the flood for ourselves.'));
    // Formatting survives, links point where the page's did, nothing else comes through.
    await expect(result.locator('b')).toHaveText('bänk');
    await expect(result.getByRole('link', { name: 'the flööd' })).toHaveAttribute(
      'href',
      `${ORIGIN}/flood?session=abc123`,
    );
    expect(await result.locator('[class], [style], [id]').count()).toBe(0);
    // The page declares English, which the service has: no detection.
    await expect(dialog).toContainText('From English');

    const [request, ...more] = await svc.requests('/v2/translate');
    expect(more).toHaveLength(0);
    const body = request!.body as Record<string, unknown>;
    expect(body.tag_handling).toBe('html');
    expect(body.source_lang).toBe('en');
    expect(body.target_lang).toBe('de');
    expect(body.text).toEqual(['We walked to the <b>bank</b> to see <a id="a1">the flood</a> for ourselves.']);
    // The link's URL (with its session token) never left the page.
    expect(JSON.stringify(body)).not.toContain('session');
    expect(body.context).toContain('The river rose overnight after heavy rain in the hills.');
    expect(body.context).toContain('Fishing was good downstream.');
    expect(body.context).not.toContain('We walked');
    expect(request!.headers['x-service-reporting-tag']).toBe('verso-selection');
    // Billed: the selection's own characters only; the tags and the context are free.
    expect((await charactersUsed(svc)) - before).toBe(selected.length);

    // Esc closes the bubble.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('with "send context" off, no context is sent', async ({ page, background, svc }) => {
    await setPreferences(background, { targetLang: 'de', sendContext: false });
    await serve(page, { '/article.html': ARTICLE });
    await page.goto(URL);
    await page.locator('#target').click({ clickCount: 3 });
    await clickTranslateSelection(background, URL);
    await expect(page.getByRole('dialog', { name: 'Translation' }).locator('.result')).toContainText('bänk');
    const [request] = await svc.requests('/v2/translate');
    expect(request!.body).not.toHaveProperty('context');
  });

  test('the shortcut detects the source, then applies the default glossary of the detected pair', async ({
    page,
    background,
    svc,
  }) => {
    const created = await svc.api('POST', '/v3/glossaries', svc.paidKey, {
      name: 'Hardware',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'keyboard\tTastatur', entries_format: 'tsv' }],
    });
    const { glossary_id } = (await created.json()) as { glossary_id: string };
    await background.evaluate((id) => chrome.storage.local.set({ glossaryDefaults: { 'en>de': id } }), glossary_id);
    await serve(page, {
      '/nolang.html':
        '<!doctype html><html><body><p id="p">The new keyboard is much quieter than the old one.</p></body></html>',
    });
    await page.goto(`${ORIGIN}/nolang.html`);
    await selectContents(page, '#p');

    await pressTranslateShortcut(background, `${ORIGIN}/nolang.html`);

    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText('Tastatur');
    await expect(dialog).toContainText('Detected: English');
    const requests = await svc.requests('/v2/translate');
    expect(requests.map((r) => [r.body?.source_lang, r.body?.glossary_id])).toEqual([
      [undefined, undefined],
      ['en', glossary_id],
    ]);
  });

  test('the target picker translates again and becomes the preferred target', async ({ page, background, svc }) => {
    await serve(page, { '/article.html': ARTICLE });
    await page.goto(URL);
    await page.locator('#target').click({ clickCount: 3 });
    await clickTranslateSelection(background, URL);
    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText('bänk');
    // German has formality; English does not.
    await expect(dialog.getByRole('combobox', { name: 'Formality' })).toBeVisible();

    await chooseWithKeys(dialog.getByRole('combobox', { name: 'Target language' }), 'fr');
    await expect(dialog.locator('.result b')).toHaveText('bànk');
    // The selection is English already: the bubble says so rather than showing it back unchanged.
    await chooseWithKeys(dialog.getByRole('combobox', { name: 'Target language' }), 'en-GB');
    await expect(dialog.locator('.result')).toHaveText(
      'The text is already in English: there is nothing to translate.',
    );
    await expect(dialog.getByRole('combobox', { name: 'Formality' })).toHaveCount(0);

    // Each pick is translated once the person settles on it. The arrow keys walk through the options
    // between; a step that takes longer than the settling time (a busy machine) has that option
    // translated too, as a person pausing on it would: only the order of the picks is fixed.
    const targets = (await svc.requests('/v2/translate')).map((r) => r.body?.target_lang);
    expect(targets[0]).toBe('de');
    expect(targets.at(-1)).toBe('en-GB');
    expect(targets.indexOf('fr')).toBeGreaterThan(0);
    expect(targets.lastIndexOf('fr')).toBeLessThan(targets.length - 1);
    // The same for the recent targets: the last pick first, the earlier one kept (an option the arrow keys
    // rested on long enough on a busy machine may be between them).
    const prefs = (await background.evaluate(
      async () => (await chrome.storage.local.get('preferences')).preferences,
    )) as {
      targetLang: string;
      recentTargets: string[];
    };
    expect(prefs.targetLang).toBe('en-GB');
    expect(prefs.recentTargets[0]).toBe('en-GB');
    expect(prefs.recentTargets).toContain('fr');
  });

  test('Tab reaches the controls of the bubble; a click outside closes it', async ({ page, background }) => {
    await serve(page, { '/article.html': ARTICLE });
    await page.goto(URL);
    await page.locator('#target').click({ clickCount: 3 });
    await clickTranslateSelection(background, URL);
    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText('bänk');
    // Keyboard reachable: Tab moves through its controls.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.getByRole('heading', { name: 'River report' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Copy puts the translation on the clipboard', async ({ page, background, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ORIGIN });
    await serve(page, { '/article.html': ARTICLE });
    await page.goto(URL);
    await page.locator('#target').click({ clickCount: 3 });
    await clickTranslateSelection(background, URL);
    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText('bänk');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      toGerman('We walked to the bank to see the flood for ourselves.'),
    );
  });
});
