import type { Page } from '@playwright/test';
import {
  allOperations,
  type Operation,
  operationFor,
  type ReplayServer,
  replyOf,
  startReplayServer,
} from '../fixtures/wire/replay.ts';
import { expect, test } from './fixtures.ts';

/**
 * The extension against a server that answers only with the reference API's documented examples
 * (tests/fixtures/wire/), not against the local service: glossaries and languages in the options, the
 * admin console (keys, analytics, custom tags) and documents. Each test picks which documented example
 * an endpoint answers with; every other endpoint answers with its first example.
 */

const operations = allOperations();
/** Operation name -> example name, for the test under way. */
const scenario = new Map<string, string>();
let server: ReplayServer;

function exampleOf(op: Operation) {
  const wanted = scenario.get(op.operation);
  const example = wanted ? op.examples.find((e) => e.name === wanted) : op.examples[0];
  if (!example) throw new Error(`no example "${wanted}" for ${op.operation}`);
  return example;
}

test.beforeAll(async () => {
  server = await startReplayServer((req) => {
    const op = operationFor(operations, req.method, req.path);
    if (!op) return { status: 404, body: { message: `not documented: ${req.method} ${req.path}` } };
    return replyOf(exampleOf(op));
  });
});
test.afterAll(() => server.close());
test.beforeEach(() => {
  scenario.clear();
  server.requests.length = 0;
});

const sent = (method: string, path: RegExp) => server.requests.filter((r) => r.method === method && path.test(r.path));

test.describe('against the documented answers', () => {
  test('options: glossaries list, details with upper-case pairs, entries in the flat shape, rename', async ({
    configure,
    openExtensionPage,
  }) => {
    await configure({ serverUrl: server.url, apiKey: 'replay-key' });
    scenario.set('listGlossaries', 'list, language codes in upper case');
    scenario.set('getGlossary', 'metadata, a creation time per dictionary');
    scenario.set('getGlossaryEntries', 'flat: one dictionary object');
    scenario.set('patchGlossary', 'renamed');
    const page = await openExtensionPage('options.html#glossaries');
    await page.getByRole('button', { name: 'My Glossary' }).click();
    await expect(page.getByRole('heading', { name: 'My Glossary', level: 3 })).toBeVisible();
    await expect(page.getByRole('row', { name: /EN → DE/ })).toContainText('1');
    await expect(page.getByRole('row', { name: /DE → EN/ })).toContainText('2');

    await page.getByRole('button', { name: 'Edit entries of EN → DE' }).click();
    await expect(page.getByText('Entries 1–1 of 1')).toBeVisible();
    await expect(page.getByText('Guten Tag')).toBeVisible();
    const entries = sent('GET', /\/entries$/);
    expect(entries.map((r) => [r.query.get('source_lang'), r.query.get('target_lang')])).toEqual([['en', 'de']]);

    await page.getByRole('button', { name: /← Back to My Glossary/ }).click();
    await page.getByLabel('Glossary name').fill('Gus the glossary');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByText('Renamed to “Gus the glossary”.')).toBeVisible();
    expect(sent('PATCH', /^\/v3\/glossaries\/def3a26b/).map((r) => JSON.parse(r.body.toString()))).toEqual([
      { name: 'Gus the glossary' },
    ]);
  });

  test('options: the languages table from the documented v3 answer', async ({ configure, openExtensionPage }) => {
    await configure({ serverUrl: server.url, apiKey: 'replay-key' });
    const page = await openExtensionPage('options.html#languages');
    const table = page.getByRole('table', { name: 'Languages of translate_text' });
    await expect(table.getByRole('row', { name: /^German de / })).toBeVisible();
    await expect(table.getByRole('row', { name: /^American English en-US / })).toBeVisible();
    for (const feature of ['formality', 'tag_handling', 'glossary']) {
      await expect(table.getByRole('columnheader', { name: feature })).toBeVisible();
    }
    const languageRequests = sent('GET', /^\/v3\/languages$/).map((r) => r.query.get('resource'));
    expect(languageRequests).toContain('translate_text');
  });

  test('admin: keys with null deactivated_time, a new key, analytics, custom tags per tag and per day', async ({
    configure,
    openExtensionPage,
  }) => {
    await configure({ serverUrl: server.url, apiKey: 'replay-key', adminKey: 'replay-admin-key' });
    scenario.set('listDeveloperKeys', 'active keys with null deactivated_time, one deactivated');
    scenario.set('createDeveloperKey', 'new key: active, deactivated_time null');
    scenario.set('getAnalytics', 'grouped by key and day');
    scenario.set('getCustomTagAnalytics', 'whole period, one row per tag, last page');
    const page = await openExtensionPage('options.html#admin');

    await expect(page.getByText('1 of 25 active keys.')).toBeVisible();
    const active = page.getByRole('listitem', { name: 'developer key prod' });
    await expect(active).toContainText('Active');
    await expect(active).not.toContainText('Deactivated');
    await expect(active).toContainText('5,000 characters');
    await expect(page.getByRole('listitem', { name: 'old-test-key' })).toContainText('Deactivated');

    await page.getByLabel('Label of the new key').fill('admin-key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Key "admin-key" created.' })).toBeVisible();
    expect(sent('POST', /^\/v2\/admin\/developer-keys$/).map((r) => JSON.parse(r.body.toString()))).toEqual([
      { label: 'admin-key' },
    ]);

    await page.getByLabel('From (UTC)').fill('2025-09-29');
    await page.getByLabel('To (UTC)').fill('2025-10-01');
    await page.getByLabel('Group by').selectOption({ label: 'Key and day' });
    await page.getByRole('button', { name: 'Show usage' }).click();
    const table = page.getByRole('table', { name: 'Characters by service' });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr').first()).toContainText('Staging API Key');
    await expect(table.locator('tbody tr').first()).toContainText('315');

    const tags = page.getByRole('table', { name: /^Page \d/ });
    await expect(tags.locator('thead th')).toHaveText(['Tag', 'Total', 'Text translation', 'Text improvement']);
    await expect(tags.getByRole('row', { name: /example-custom-tag 380/ })).toBeVisible();
    await expect(tags.getByRole('row', { name: /example-custom-tag-2 475/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    scenario.set('getCustomTagAnalytics', 'per day, rows carry usage_date');
    await page.getByLabel('Aggregate').selectOption({ label: 'Per day' });
    await expect(tags.locator('thead th')).toHaveText(['Tag', 'Date', 'Total', 'Text translation', 'Text improvement']);
    await expect(tags.getByRole('row', { name: /example-custom-tag May 4, 2026 380/ })).toBeVisible();
    await expect(tags.getByRole('row', { name: /example-custom-tag May 11, 2026 595/ })).toBeVisible();
    const tagQueries = sent('GET', /^\/v2\/admin\/analytics\/custom-tags$/).map((r) => r.query.get('aggregate_by'));
    expect(tagQueries.at(-1)).toBe('day');
  });

  async function translateDocument(page: Page, name: string) {
    await page.getByLabel('Translate into').selectOption({ label: 'German' });
    await page.getByLabel('File to translate').setInputFiles({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from('Hello, world!'),
    });
    await page.getByRole('button', { name: 'Translate document' }).click();
    return page.getByRole('listitem').filter({ hasText: name });
  }

  test('documents: upload, done with billed characters, download of the documented file', async ({
    configure,
    openExtensionPage,
  }) => {
    await configure({ serverUrl: server.url, apiKey: 'replay-key' });
    scenario.set('getDocumentStatus', 'done');
    const page = await openExtensionPage('documents.html');
    const job = await translateDocument(page, 'hello.txt');
    await expect(job).toContainText('Done');
    await expect(job).toContainText('1,337 characters billed');
    await job.getByRole('button', { name: 'Download' }).click();
    await expect(job.getByRole('status')).toContainText('Saved as');
    const downloads = sent('POST', /^\/v2\/document\/04DE5AD98A02647D83285A36021911C6\/result$/);
    expect(downloads.map((r) => JSON.parse(r.body.toString()))).toEqual([
      { document_key: '0CB0054F1C132C1625B392EADDA41CB754A742822F6877173029A6C487E7F60A' },
    ]);
  });

  test('documents: an error whose reason comes as message is shown to the person', async ({
    configure,
    openExtensionPage,
  }) => {
    await configure({ serverUrl: server.url, apiKey: 'replay-key' });
    scenario.set('getDocumentStatus', 'error, reason as message');
    const page = await openExtensionPage('documents.html');
    const job = await translateDocument(page, 'same.txt');
    await expect(job).toContainText('Error');
    await expect(job).toContainText('Source and target language are equal.');
    await expect(job.getByRole('button', { name: 'Download' })).toHaveCount(0);
    expect(sent('POST', /\/result$/)).toEqual([]);
  });
});
