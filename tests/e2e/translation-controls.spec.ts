import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { indicator, ORIGIN as PAGES_ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { clickTranslateSelection, ORIGIN, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

/** Seeded by the local service (docs/local-service.md). */
const HAUSSTIL = '00000000-0000-4000-8000-00000000e002';
const PRODUCT_UI = '00000000-0000-4000-8000-00000000c001';

const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Release notes</title></head>
<body><p id="target">The new editor saves your work every minute.</p></body></html>`;

async function openControls(openExtensionPage: (file: string) => Promise<Page>): Promise<Page> {
  const options = await openExtensionPage('options.html#translation-controls');
  await expect(options.getByRole('heading', { name: 'Translation controls', level: 2 })).toBeVisible();
  return options;
}

async function addInstruction(options: Page, text: string) {
  await options.getByLabel('New instruction').fill(text);
  await options.getByRole('button', { name: 'Add instruction' }).click();
}

async function popupTranslate(popup: Page, text: string) {
  await popup.getByLabel('Source language').selectOption({ label: 'English' });
  await popup.getByLabel('Target language').selectOption({ label: 'German' });
  await popup.getByLabel('Text to translate').fill(text);
  await popup.getByRole('button', { name: 'Translate', exact: true }).click();
  return popup.getByRole('region', { name: 'Translation' });
}

test.describe('translation controls', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
  });

  test('custom instructions and a style rule list chosen in the options go out with a selection, and the bubble names the model', async ({
    openExtensionPage,
    page,
    background,
    svc,
  }) => {
    const options = await openControls(openExtensionPage);
    const target = options.getByLabel('Target language');
    // The preferred target, among the languages with style rules only.
    await expect(target).toHaveValue('de');
    await expect(target.locator('option', { hasText: 'Swedish' })).toHaveCount(0);
    await expect(target.locator('option', { hasText: 'Korean' })).toHaveCount(1);

    await options.getByLabel('New instruction').fill('Use short sentences.');
    await expect(options.getByText('20/300 characters')).toBeVisible();
    await options.getByRole('button', { name: 'Add instruction' }).click();
    await expect(options.getByText('1/10 instructions')).toBeVisible();
    await expect(options.getByRole('list', { name: 'Custom instructions for German' })).toContainText(
      'Use short sentences.',
    );

    // Every list of the account is shown with its language; only the German one is offered for German.
    const catalogue = options.getByRole('table', { name: 'Style rule lists of the account' });
    await expect(catalogue.getByRole('row', { name: /House style/ })).toContainText('English');
    await expect(catalogue.getByRole('row', { name: /Hausstil/ })).toContainText('German');
    const styleList = options.getByLabel('Style rule list', { exact: true });
    await expect(styleList.locator('option')).toHaveText(['None', 'Hausstil']);
    await styleList.selectOption({ label: 'Hausstil' });
    await expect(options.getByRole('status').filter({ hasText: '“Hausstil” is used for German.' })).toBeVisible();
    // No latency-optimised default: nothing to explain.
    await expect(options.getByText('These controls need the quality-optimised model.')).toHaveCount(0);

    await serve(page, { '/notes.html': ARTICLE });
    await page.goto(`${ORIGIN}/notes.html`);
    await page.locator('#target').click({ clickCount: 3 });
    await svc.clearRequests();
    await clickTranslateSelection(background, `${ORIGIN}/notes.html`);

    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText('wörk');
    await expect(dialog).toContainText('Model: quality optimised');

    const [request, ...more] = await svc.requests('/v2/translate');
    expect(more).toHaveLength(0);
    expect(request!.body).toMatchObject({
      source_lang: 'en',
      target_lang: 'de',
      tag_handling: 'html',
      custom_instructions: ['Use short sentences.'],
      style_id: HAUSSTIL,
      model_type: 'quality_optimized',
    });
    expect(request!.status).toBe(200);
  });

  test('an 11th instruction and a 301-character one are refused; latency optimised is explained and sent as quality optimised', async ({
    openExtensionPage,
    svc,
  }) => {
    const options = await openExtensionPage('options.html#defaults');
    await options.getByLabel('Translation model').selectOption({ label: 'Faster (latency optimized)' });
    await options.goto(options.url().replace('#defaults', '#translation-controls'));
    await expect(options.getByRole('heading', { name: 'Translation controls', level: 2 })).toBeVisible();
    await expect(options.getByText('These controls need the quality-optimised model.')).toHaveCount(0);

    await addInstruction(options, 'Rule 1.');
    // The banner explains what will happen, naming the reason.
    const banner = options.getByRole('status').filter({ hasText: 'These controls need the quality-optimised model.' });
    await expect(banner).toContainText('cannot combine it with custom instructions');
    for (let i = 2; i <= 10; i++) await addInstruction(options, `Rule ${i}.`);
    await expect(options.getByText('10/10 instructions')).toBeVisible();

    await addInstruction(options, 'Rule 11.');
    await expect(options.getByRole('alert')).toHaveText(
      'German already has 10 instructions, the most the service takes. Remove one first.',
    );
    await expect(options.getByText('10/10 instructions')).toBeVisible();
    await expect(
      options.getByRole('list', { name: 'Custom instructions for German' }).getByRole('listitem'),
    ).toHaveCount(10);

    await options.getByRole('button', { name: 'Remove instruction 10' }).click();
    await expect(options.getByText('9/10 instructions')).toBeVisible();
    await options.getByLabel('New instruction').fill('x'.repeat(301));
    await expect(options.getByText('301/300 characters')).toBeVisible();
    await options.getByRole('button', { name: 'Add instruction' }).click();
    await expect(options.getByRole('alert')).toHaveText(
      'An instruction can have at most 300 characters; this one has 301. Shorten it.',
    );
    await expect(options.getByText('9/10 instructions')).toBeVisible();
    // Characters are code points, as the service counts them: 300 emoji (600 UTF-16 units) fit.
    await options.getByLabel('New instruction').fill('😀'.repeat(300));
    await expect(options.getByText('300/300 characters')).toBeVisible();
    await options.getByRole('button', { name: 'Add instruction' }).click();
    await expect(options.getByText('10/10 instructions')).toBeVisible();

    await svc.clearRequests();
    const popup = await openExtensionPage('popup.html');
    const result = await popupTranslate(popup, 'Good morning.');
    await expect(result).toContainText('Model: quality optimised');
    await expect(result).toContainText(
      'Sent with the quality-optimised model: custom instructions cannot be combined with the latency-optimised model you chose.',
    );
    const [request] = await svc.requests('/v2/translate');
    expect(request!.body).toMatchObject({ model_type: 'quality_optimized', source_lang: 'en', target_lang: 'de' });
    const sent = (request!.body as { custom_instructions: string[] }).custom_instructions;
    expect(sent).toHaveLength(10);
    expect(sent.at(-1)).toBe('😀'.repeat(300));
    expect(request!.status).toBe(200);
  });

  test('a translation memory with its threshold goes out with the popup request', async ({
    openExtensionPage,
    svc,
  }) => {
    const options = await openControls(openExtensionPage);
    const catalogue = options.getByRole('table', { name: 'Translation memories of the account' });
    await expect(catalogue.getByRole('row', { name: /Product UI/ })).toContainText('English');
    await expect(catalogue.getByRole('row', { name: /Support macros/ })).toContainText('French, Spanish');

    await options.getByLabel('Translate from').selectOption({ label: 'English' });
    await options.getByLabel('Translate into').selectOption({ label: 'German' });
    const memory = options.getByLabel('Translation memory');
    await expect(memory.locator('option')).toHaveText(['Choose…', 'Product UI']);
    await memory.selectOption({ label: 'Product UI' });
    const threshold = options.getByLabel('Match threshold');
    await expect(threshold).toHaveValue('75');
    await expect(options.getByText('75 or higher is recommended')).toBeVisible();
    await threshold.fill('101');
    await options.getByRole('button', { name: 'Use for this pair' }).click();
    await expect(options.getByRole('alert')).toHaveText('Enter a whole number from 0 to 100.');
    await expect(options.getByText('No translation memory is used yet.')).toBeVisible();

    await threshold.fill('85');
    await options.getByRole('button', { name: 'Use for this pair' }).click();
    const inUse = options.getByRole('table', { name: 'Translation memories in use' });
    await expect(inUse.getByRole('row', { name: /English → German/ })).toContainText('Product UI');
    await expect(inUse.getByRole('row', { name: /English → German/ })).toContainText('85');

    await svc.clearRequests();
    const popup = await openExtensionPage('popup.html');
    const result = await popupTranslate(popup, 'Save your changes.');
    await expect(result).toContainText('Model: quality optimised');
    const [request] = await svc.requests('/v2/translate');
    expect(request!.body).toMatchObject({
      source_lang: 'en',
      target_lang: 'de',
      translation_memory_id: PRODUCT_UI,
      translation_memory_threshold: 85,
      model_type: 'quality_optimized',
    });
    expect(request!.status).toBe(200);

    // Into French the memory does not apply, and nothing names a model.
    await svc.clearRequests();
    await popup.getByLabel('Target language').selectOption({ label: 'French' });
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(result).toContainText('Sàvé');
    await expect(result).not.toContainText('Model:');
    const [french] = await svc.requests('/v2/translate');
    expect(french!.body).not.toHaveProperty('translation_memory_id');
    expect(french!.body).not.toHaveProperty('model_type');
  });
});

test.describe('translation controls on whole pages', () => {
  test('page translation sends the same instructions, style rule list and model as a selection', async ({
    configure,
    background,
    page,
    svc,
  }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de', modelType: 'latency_optimized' });
    await background.evaluate((advanced) => chrome.storage.local.set({ advancedSettings: advanced }), {
      customInstructions: { de: ['Use short sentences.'] },
      styleRules: { de: { styleId: HAUSSTIL, name: 'Hausstil', language: 'de' } },
    });
    await servePages(page);
    await page.goto(`${PAGES_ORIGIN}/article.html`);
    await svc.clearRequests();
    await pressTranslatePage(background, `${PAGES_ORIGIN}/article.html`);
    await expect(page.locator('#list li').first()).toHaveText(toGerman('Bring a warm coat'));
    // Markup for the text units, plain text for the attributes (sent with the rest of the page, after
    // the screen's text), with the same controls.
    const tagHandlings = async () =>
      new Set((await svc.requests('/v2/translate')).map((r) => String(r.body?.tag_handling)));
    await expect.poll(tagHandlings).toEqual(new Set(['html', 'undefined']));

    const requests = await svc.requests('/v2/translate');
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.body).toMatchObject({
        custom_instructions: ['Use short sentences.'],
        style_id: HAUSSTIL,
        // Chosen latency optimised, switched because the controls need the quality-optimised model.
        model_type: 'quality_optimized',
      });
    }
    // The indicator says why the chosen model was not used.
    await expect(indicator(page)).toContainText('quality-optimised');
  });
});
