import type { BrowserContext, Page } from '@playwright/test';
import type { TestService } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { clickTranslateSelection, ORIGIN, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tags</title></head>
<body><p id="target">Our office opens at nine.</p></body></html>`;
const MISSPELLED = 'I did not recieve teh invoice yet.';

interface TagRow {
  custom_tag: string;
  breakdown: {
    total_characters: number;
    text_translation_characters: number;
    text_improvement_characters: number;
  };
}

/** Every row of the custom-tag report for today, through all its pages. */
async function customTagUsage(svc: TestService): Promise<TagRow[]> {
  const today = new Date().toISOString().slice(0, 10);
  const rows: TagRow[] = [];
  let page: number | null = 0;
  while (page !== null) {
    const res = await svc.api(
      'GET',
      `/v2/admin/analytics/custom-tags?start_date=${today}&end_date=${today}&page=${page}`,
      svc.adminKey,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { custom_tag_usage_report: { usage: TagRow[]; next_page: number | null } };
    rows.push(...body.custom_tag_usage_report.usage);
    page = body.custom_tag_usage_report.next_page;
  }
  return rows;
}

async function translateSelection(page: Page, background: Parameters<typeof clickTranslateSelection>[0]) {
  await serve(page, { '/tags.html': ARTICLE });
  await page.goto(`${ORIGIN}/tags.html`);
  await page.locator('#target').click({ clickCount: 3 });
  await clickTranslateSelection(background, `${ORIGIN}/tags.html`);
  await expect(page.getByRole('dialog', { name: 'Translation' }).locator('.result')).toContainText('öffice');
}

async function popupTranslate(popup: Page, text: string) {
  await popup.getByLabel('Target language').selectOption({ label: 'German' });
  await popup.getByLabel('Text to translate').fill(text);
  await popup.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(popup.getByRole('region', { name: 'Translation' })).toContainText(toGerman(text));
}

/** The writing panel's "Check text" on a textarea of an https page (content scripts need a real URL). */
async function checkWriting(context: BrowserContext, page: Page) {
  const url = 'https://tags.verso.test/writing.html';
  await context.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><meta charset="utf-8"><body><label>Message <textarea rows="3">${MISSPELLED}</textarea></label></body></html>`,
    }),
  );
  await page.goto(url);
  const field = page.getByLabel('Message');
  const button = page.getByRole('button', { name: 'Writing help: correct or improve this text' });
  await expect(async () => {
    await field.blur();
    await field.click();
    await expect(button).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
  await button.click();
  const panel = page.getByRole('dialog', { name: 'Writing help' });
  await panel.getByRole('button', { name: 'Check text' }).click();
  await expect(panel.getByText(/suggested changes?/)).toBeVisible();
}

async function translateDocument(documents: Page) {
  await documents.getByLabel('Source language').selectOption({ label: 'English' });
  await documents.getByLabel('Translate into').selectOption({ label: 'German' });
  await documents
    .getByLabel('File to translate')
    .setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('Bring the slides.\n') });
  await documents.getByRole('button', { name: 'Translate document' }).click();
  await expect(documents.getByRole('listitem').filter({ hasText: 'memo.txt' })).toContainText('Done');
}

test.describe('usage tags', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
  });

  test('selection, popup, writing and document requests carry their feature tag, and the custom-tag report counts each', async ({
    page,
    context,
    background,
    openExtensionPage,
    svc,
  }) => {
    await translateSelection(page, background);
    const popup = await openExtensionPage('popup.html');
    await popupTranslate(popup, 'Good evening.');
    await checkWriting(context, page);
    const documents = await openExtensionPage('documents.html');
    await translateDocument(documents);

    const tagsOf = async (path: string) =>
      (await svc.requests(path)).filter((r) => r.method === 'POST').map((r) => r.headers['x-service-reporting-tag']);
    const translations = await tagsOf('/v2/translate');
    expect(translations).toContain('verso-selection');
    expect(translations).toContain('verso-popup');
    expect(new Set(await tagsOf('/v2/write'))).toEqual(new Set(['verso-writing']));
    expect(new Set(await tagsOf('/v2/document'))).toEqual(new Set(['verso-document']));

    const rows = await customTagUsage(svc);
    const usage = (tag: string) => rows.find((r) => r.custom_tag === tag)?.breakdown;
    expect(usage('verso-selection')?.text_translation_characters).toBe('Our office opens at nine.'.length);
    expect(usage('verso-popup')?.text_translation_characters).toBe('Good evening.'.length);
    expect(usage('verso-writing')?.text_improvement_characters).toBe(MISSPELLED.length);
    // As in the reference API, the report covers text translation and improvement: the document's tag was
    // sent (above) but has no row.
    expect(usage('verso-document')).toBeUndefined();
    // Each feature's characters are its own.
    expect(usage('verso-popup')?.text_improvement_characters).toBe(0);
    expect(usage('verso-writing')?.text_translation_characters).toBe(0);
  });

  test('turning usage tags off in the translation controls removes the header', async ({
    page,
    background,
    openExtensionPage,
    svc,
  }) => {
    const options = await openExtensionPage('options.html#translation-controls');
    const box = options.getByLabel('Tag requests with the Verso feature');
    await expect(box).toBeChecked();
    await box.uncheck();
    await expect(options.getByRole('status').filter({ hasText: 'Usage tags are off.' })).toBeVisible();
    // The same preference as the switch in Defaults.
    await options.goto(options.url().replace('#translation-controls', '#defaults'));
    await expect(options.getByLabel('Tag requests with the Verso feature')).not.toBeChecked();

    await svc.clearRequests();
    const popup = await openExtensionPage('popup.html');
    await popupTranslate(popup, 'Good night.');
    await translateSelection(page, background);

    const requests = await svc.requests('/v2/translate');
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const r of requests) expect(r.headers).not.toHaveProperty('x-service-reporting-tag');
    expect(await customTagUsage(svc)).toEqual([]);
  });
});
