import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { MAX_DICTIONARY_BYTES } from '../../lib/features/glossaries/entries.ts';
import {
  bigSelectionPage,
  dictionaryLine,
  dictionaryOfSize,
  manyNodesPage,
  pngFile,
  randomBytes,
  utf16,
  windows1252,
  zipFile,
} from '../fixtures/bad-input/files.ts';
import { countTurnsWhile, mainThreadReport, turnsCounted, watchMainThread } from '../fixtures/bad-input/main-thread.ts';
import type { TestService } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { serviceEntries, serviceGlossaries } from './helpers/glossaries.ts';
import { indicator, ORIGIN, pressTranslatePage, servePages, tally } from './helpers/pages.ts';
import { clickTranslateSelection, pressTranslateShortcut, selectContents } from './helpers/selection.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

/**
 * Bad input end to end: each gets a clear message, the page keeps answering, nothing is half-saved.
 * The figures each test measures are printed and attached as annotations (docs/security.md, "Bad input").
 */

function report(testInfo: TestInfo, name: string, figures: Record<string, unknown>) {
  const description = JSON.stringify(figures);
  testInfo.annotations.push({ type: name, description });
  console.log(`${name}: ${description}`);
}

/** Writes a generated file where the test's output goes and returns its path: chosen as a person would. */
function fileOnDisk(testInfo: TestInfo, name: string, content: string | Buffer): string {
  const path = testInfo.outputPath(name);
  writeFileSync(path, content);
  return path;
}

/** Glossary changes sent to the service (anything but reading). */
async function glossaryWrites(svc: TestService) {
  return (await svc.requests('/v3/glossaries')).filter((r) => r.method !== 'GET');
}

/** Rows of Verso's Dexie cache of glossaries and their entries, read in an extension page. */
async function cachedGlossaryRows(page: Page): Promise<{ glossaries: number; entries: number }> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'verso')) return { glossaries: 0, entries: 0 };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('verso');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve, reject) => {
        if (!db.objectStoreNames.contains(store)) return resolve(0);
        const req = db.transaction(store).objectStore(store).count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    const counts = { glossaries: await count('glossaries'), entries: await count('glossaryEntries') };
    db.close();
    return counts;
  });
}

async function newGlossaryForm(page: Page, name: string) {
  await page.getByRole('button', { name: 'New glossary' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Source language').selectOption({ label: 'English' });
  await page.getByLabel('Target language').selectOption({ label: 'German' });
}

const importFile = (page: Page) => page.getByLabel('Import a TSV or CSV file');
const fileAlert = (page: Page) => page.locator('.file-drop').getByRole('alert');

test.describe('bad input: glossary files on the options page', () => {
  test('a dictionary of exactly 10 MB is checked without freezing the page, its bad line named, and imported whole', async ({
    openExtensionPage,
    configure,
    svc,
  }, testInfo) => {
    // Waits for each outcome, however long a busy machine takes to read 10 MB.
    test.setTimeout(300_000);
    await configure();
    const page = await openExtensionPage('options.html#glossaries');
    await newGlossaryForm(page, 'Harbour');
    const BAD_LINE = 150_000;
    const dictionary = dictionaryOfSize(MAX_DICTIONARY_BYTES, [BAD_LINE]);
    const path = fileOnDisk(testInfo, 'harbour.tsv', dictionary.text);

    // While "Checking … lines" shows, the page's own timers keep getting their turn: the check hands the
    // event loop back between slices (a check in one task would leave none).
    const checking = /^Checking/;
    await countTurnsWhile(page, '.import-problems', checking);
    await watchMainThread(page);
    const started = Date.now();
    await importFile(page).setInputFiles(path);
    // The person goes on typing while the file is checked.
    await page.getByLabel('Name', { exact: true }).pressSequentially(' terms', { delay: 30 });
    const problems = page.getByRole('region', { name: /line has a problem|lines have problems/ });
    await expect(problems.getByRole('heading')).toHaveText('1 line has a problem; nothing has been sent', {
      timeout: 90_000,
    });
    const checkedMs = Date.now() - started;
    const importing = { ...(await mainThreadReport(page)), turnsWhileChecking: await turnsCounted(page) };
    expect(importing.turnsWhileChecking).toBeGreaterThanOrEqual(2);
    await expect(problems).toContainText(
      `Line ${BAD_LINE.toLocaleString('en')}: source phrase has leading or trailing whitespace`,
    );
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Harbour terms');
    // Megabytes are not laid out in the text area: it shows the start, read-only.
    const entriesArea = page.getByLabel('Entries', { exact: true });
    await expect(entriesArea).toHaveJSProperty('readOnly', true);
    expect((await entriesArea.inputValue()).split('\n')).toHaveLength(200);
    await expect(page.getByRole('button', { name: 'Cancel import' })).toHaveCount(1);
    expect(await glossaryWrites(svc)).toEqual([]);

    // Skipping the line checks the rest again, in slices too.
    await countTurnsWhile(page, '.import-problems', checking);
    await watchMainThread(page);
    await problems.getByRole('button', { name: 'Skip 1 bad line', exact: true }).click();
    const valid = dictionary.entries.toLocaleString('en');
    await expect(page.getByText(`${valid} valid entries, ready to send.`)).toBeVisible({ timeout: 90_000 });
    const skipping = { ...(await mainThreadReport(page)), turnsWhileChecking: await turnsCounted(page) };
    expect(skipping.turnsWhileChecking).toBeGreaterThanOrEqual(2);

    await watchMainThread(page);
    const sending = Date.now();
    await page.getByRole('button', { name: 'Create glossary' }).click();
    await expect(page.getByText('Glossary “Harbour terms” created.')).toBeVisible({ timeout: 90_000 });
    const sendMs = Date.now() - sending;
    const creating = await mainThreadReport(page);

    // One request, and the service holds every valid entry: nothing lost, nothing half-saved.
    expect((await glossaryWrites(svc)).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v3/glossaries']);
    const [created] = await serviceGlossaries(svc);
    expect(created!.dictionaries).toEqual([
      expect.objectContaining({ source_lang: 'en', target_lang: 'de', entry_count: dictionary.entries }),
    ]);
    const entries = await serviceEntries(svc, created!.glossary_id);
    expect(entries).toHaveLength(dictionary.entries);
    expect(entries[0]).toBe(dictionaryLine(0));
    // The skipped line (entry BAD_LINE - 1, counted from 0) is not there in any form.
    expect(entries.filter((e) => e.startsWith(`term ${BAD_LINE - 1} `))).toEqual([]);
    expect(entries).toContain(dictionaryLine(BAD_LINE));
    expect(entries.at(-1)).toMatch(/Hafennn+$/);

    report(testInfo, 'glossary-10MB', {
      fileBytes: MAX_DICTIONARY_BYTES,
      lines: dictionary.entries + 1,
      checkedMs,
      importing,
      skipping,
      sendMs,
      creating,
    });
    // The figures are printed, not asserted: how long a task took depends on the machine. Before this
    // work: one frame of 5.8 s (the whole file laid out in the text area, now the 200-line preview
    // above) and a task of 0.5 s.
  });

  test('a dictionary over 10 MB is refused before it is read or sent, naming the limit; what was typed stays', async ({
    openExtensionPage,
    configure,
    svc,
  }, testInfo) => {
    await configure();
    const page = await openExtensionPage('options.html#glossaries');
    await newGlossaryForm(page, 'Too big');
    await page.getByLabel('Entries', { exact: true }).fill('house\tHaus');
    const MIB_10 = 10 * 1024 * 1024;
    const path = fileOnDisk(testInfo, 'ten-mebibytes.tsv', dictionaryOfSize(MIB_10).text);

    await watchMainThread(page);
    await importFile(page).setInputFiles(path);
    await expect(fileAlert(page)).toHaveText(
      '“ten-mebibytes.tsv” is too large: 10,485,760 bytes of text, and a dictionary may hold at most 10 MB (10,000,000 bytes as UTF-8). Remove entries, or split them across glossaries.',
    );
    const refusing = await mainThreadReport(page);
    await expect(page.getByLabel('Entries', { exact: true })).toHaveValue('house\tHaus');
    expect(await glossaryWrites(svc)).toEqual([]);
    expect(await cachedGlossaryRows(page)).toEqual({ glossaries: 0, entries: 0 });

    // The form goes on working with what the person typed.
    await page.getByRole('button', { name: 'Create glossary' }).click();
    await expect(page.getByText('Glossary “Too big” created.')).toBeVisible();
    const [created] = await serviceGlossaries(svc);
    expect(created!.dictionaries[0]!.entry_count).toBe(1);
    report(testInfo, 'glossary-over-limit', { fileBytes: MIB_10, refusing });
  });

  test('binary files are refused as not text: nothing created on the service, nothing in the cache', async ({
    openExtensionPage,
    configure,
    svc,
  }, testInfo) => {
    await configure();
    const page = await openExtensionPage('options.html#glossaries');
    await newGlossaryForm(page, 'Junk');
    const cases: Array<[string, Buffer, string]> = [
      ['noise.tsv', randomBytes(64 * 1024), 'binary data, not text'],
      ['picture.tsv', pngFile(), 'a PNG image'],
      ['export.csv', zipFile(), 'a ZIP archive (an Excel or Word file is one)'],
    ];
    for (const [name, bytes, what] of cases) {
      await importFile(page).setInputFiles(fileOnDisk(testInfo, name, bytes));
      await expect(fileAlert(page)).toHaveText(
        `“${name}” is not a text file: it is ${what}. Choose a dictionary saved as TSV or CSV text.`,
      );
      await expect(page.getByLabel('Entries', { exact: true })).toHaveValue('');
    }
    await page.getByRole('button', { name: 'Create glossary' }).click();
    await expect(page.getByText('No entries yet: a dictionary needs at least one.')).toBeVisible();
    expect(await glossaryWrites(svc)).toEqual([]);
    expect(await serviceGlossaries(svc)).toEqual([]);
    expect(await cachedGlossaryRows(page)).toEqual({ glossaries: 0, entries: 0 });
  });

  test('UTF-16 is read by its byte-order mark; Windows-1252 is refused with its line until the person chooses it', async ({
    openExtensionPage,
    configure,
    svc,
  }, testInfo) => {
    await configure();
    const page = await openExtensionPage('options.html#glossaries');
    const TERMS = ['Straße\tstreet', 'café\tcoffee house', '日本\tJapan', 'smile 😀\tLächeln'];

    for (const endian of ['le', 'be'] as const) {
      const name = `utf16${endian}.tsv`;
      await newGlossaryForm(page, `UTF-16 ${endian.toUpperCase()}`);
      await importFile(page).setInputFiles(fileOnDisk(testInfo, name, utf16(TERMS.join('\r\n'), endian)));
      await expect(page.getByText(`“${name}” was read as UTF-16 (by its byte-order mark).`)).toBeVisible();
      await expect(page.getByText('4 valid entries, ready to send.')).toBeVisible();
      await expect(page.getByLabel('Entries', { exact: true })).toHaveValue(TERMS.join('\n'));
      await page.getByRole('button', { name: 'Create glossary' }).click();
      await expect(page.getByText(`Glossary “UTF-16 ${endian.toUpperCase()}” created.`)).toBeVisible();
      await page.getByRole('button', { name: '← All glossaries' }).click();
    }
    for (const glossary of await serviceGlossaries(svc))
      expect((await serviceEntries(svc, glossary.glossary_id)).sort()).toEqual([...TERMS].sort());

    await svc.clearRequests();
    await newGlossaryForm(page, 'Legacy');
    const legacy = [
      'house,Haus',
      'café,Café',
      'naïve,naiv',
      'price in €,Preis in €',
      '“quoted”,zitiert',
      'odd\u0081byte,seltsam',
    ].join('\r\n');
    await importFile(page).setInputFiles(fileOnDisk(testInfo, 'legacy.csv', windows1252(legacy)));
    await expect(fileAlert(page)).toHaveText(
      '“legacy.csv” is not UTF-8 text: line 2, column 4 has the byte 0xE9 (“é” in Windows-1252). Save the file as UTF-8, or read it as Windows-1252 if it was saved that way.',
    );
    // Nothing was taken from the file, so nothing garbled can be sent.
    await expect(page.getByLabel('Entries', { exact: true })).toHaveValue('');
    expect(await glossaryWrites(svc)).toEqual([]);

    await page.getByRole('button', { name: 'Read as Windows-1252' }).click();
    await expect(page.getByText('“legacy.csv” was read as Windows-1252.')).toBeVisible();
    await expect(fileAlert(page)).toHaveCount(0);
    // A byte Windows-1252 leaves undefined becomes a control character: reported by line and reason.
    const problems = page.getByRole('region', { name: /line has a problem|lines have problems/ });
    await expect(problems).toContainText('Line 6: source phrase contains the control or line-break character U+0081');
    await problems.getByRole('button', { name: 'Skip 1 bad line', exact: true }).click();
    await expect(page.getByText('5 valid entries, ready to send.')).toBeVisible();
    await page.getByRole('button', { name: 'Create glossary' }).click();
    await expect(page.getByText('Glossary “Legacy” created.')).toBeVisible();
    const created = (await serviceGlossaries(svc)).find((g) => g.name === 'Legacy')!;
    expect((await serviceEntries(svc, created.glossary_id)).sort()).toEqual(
      ['house\tHaus', 'café\tCafé', 'naïve\tnaiv', 'price in €\tPreis in €', '“quoted”\tzitiert'].sort(),
    );
  });
});

test.describe('bad input: pages', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
  });

  test('a 2 MB selection is refused before anything is sent, by the shortcut and by the menu, without a freeze', async ({
    page,
    background,
    svc,
  }, testInfo) => {
    // Generous: selecting and copying 2 MB through the browser is slow work for the test itself on a busy machine.
    test.setTimeout(120_000);
    const { html, paragraphs } = bigSelectionPage(2_000_000);
    const URL = `${ORIGIN}/long-selection.html`;
    await servePages(page, { '/long-selection.html': html });
    await page.goto(URL);
    const nodes = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.getElementById('all')!);
      let n = 0;
      while (walker.nextNode()) n++;
      return n;
    });
    const bubbleAlert = () =>
      page.waitForFunction(() =>
        document.querySelector('verso-selection')?.shadowRoot?.querySelector('[role="alert"]'),
      );
    const dialog = page.getByRole('dialog', { name: 'Translation' });
    const refusal =
      'The selection has more than 100,000 characters; Verso translates at most 100,000 at once. Select less text.';

    await selectContents(page, '#all');
    const chars = await page.evaluate(() => getSelection()!.toString().length);
    await watchMainThread(page);
    let started = Date.now();
    await pressTranslateShortcut(background, URL);
    await bubbleAlert();
    const shortcutMs = Date.now() - started;
    const byShortcut = await mainThreadReport(page);
    await expect(dialog.getByRole('alert')).toHaveText(refusal);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The menu carries the browser's own copy of the selected text: all 2 MB of it.
    await selectContents(page, '#all');
    const text = await page.evaluate(() => getSelection()!.toString());
    await watchMainThread(page);
    started = Date.now();
    await clickTranslateSelection(background, URL, 0, text);
    await bubbleAlert();
    const menuMs = Date.now() - started;
    const byMenu = await mainThreadReport(page);
    await expect(dialog.getByRole('alert')).toHaveText(refusal);
    expect(await svc.requests('/v2/translate')).toHaveLength(0);

    // Less text goes through.
    await page.keyboard.press('Escape');
    await selectContents(page, '#all p:nth-child(3)');
    await pressTranslateShortcut(background, URL);
    await expect(dialog.locator('.result')).toContainText('crössed the bäy');
    expect(await svc.requests('/v2/translate')).toHaveLength(1);

    // Content-script work shows in long animation frames (see main-thread.ts); before the fix: 13.6 s.
    // Printed, not asserted: that the capture reads only up to the limit instead of walking all of the
    // selection is checked in lib/features/selection/capture.test.ts ("read only until it passes the limit").
    report(testInfo, 'selection-2MB', { chars, paragraphs, nodes, shortcutMs, byShortcut, menuMs, byMenu });
  });

  test('a page of 70,000 nodes is translated: every paragraph exactly once, near the fewest requests, no freeze', async ({
    page,
    background,
    svc,
  }, testInfo) => {
    // Waits for the outcome, however long a busy machine takes; the time is printed, not asserted.
    test.setTimeout(300_000);
    await svc.setConfig({ latencyMs: 0 });
    // The whole page, at once: the test is about a big page sent whole.
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
    const COUNT = 10_000;
    const URL = `${ORIGIN}/many-nodes.html`;
    await servePages(page, { '/many-nodes.html': manyNodesPage(COUNT) });
    await page.goto(URL);
    const nodes = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body);
      let n = 0;
      while (walker.nextNode()) n++;
      return n;
    });
    expect(nodes).toBeGreaterThanOrEqual(50_000);

    await watchMainThread(page);
    const started = Date.now();
    await pressTranslatePage(background, URL);
    // The person clicks on the page now and then while it is translated.
    let done = false;
    const clicking = (async () => {
      while (!done) {
        await page.locator('#tap').click();
        await page.waitForTimeout(400);
      }
    })();
    try {
      // Watched through the indicator: reading 10,000 paragraphs to check would itself hold the page.
      await expect(indicator(page).getByRole('status')).toHaveText('Translated into German', { timeout: 270_000 });
    } finally {
      done = true;
      await clicking;
    }
    const translateMs = Date.now() - started;
    const working = await mainThreadReport(page);
    expect(await tally(page, COUNT)).toEqual({ german: COUNT, english: 0 });

    // Every paragraph was sent exactly once.
    const sent = await sentTexts(svc);
    const perParagraph = new Map<number, number>();
    for (const { text } of sent) {
      const i = Number(/^Paragraph (\d+) is/.exec(text)?.[1]);
      if (Number.isInteger(i)) perParagraph.set(i, (perParagraph.get(i) ?? 0) + 1);
    }
    expect(perParagraph.size).toBe(COUNT);
    expect([...perParagraph.values()].every((n) => n === 1)).toBe(true);

    const requests = await svc.requests('/v2/translate');
    const texts = requests.reduce((n, r) => n + ((r.body?.text as string[] | undefined)?.length ?? 0), 0);
    const bodyBytes = requests.map((r) => Buffer.byteLength(JSON.stringify(r.body)));
    const lowerBound = Math.max(Math.ceil(texts / 50), Math.ceil(bodyBytes.reduce((a, b) => a + b, 0) / (128 * 1024)));
    for (const bytes of bodyBytes) expect(bytes).toBeLessThanOrEqual(128 * 1024);
    for (const r of requests) expect(((r.body?.text ?? []) as string[]).length).toBeLessThanOrEqual(50);
    expect(requests.every((r) => r.status === 200)).toBe(true);
    expect(requests.length).toBeLessThanOrEqual(Math.ceil(lowerBound * 1.1));

    report(testInfo, 'page-70k-nodes', {
      nodes,
      paragraphs: COUNT,
      translateMs,
      requests: requests.length,
      lowerBound,
      texts,
      largestBodyBytes: Math.max(...bodyBytes),
      working,
    });
    // Printed, not asserted: a frame's length depends on the machine. That the page is cut and written
    // in slices is checked where it can be counted: lib/features/page-translate/segments/segment.test.ts ("sliced segmentation") and
    // lib/features/page-translate/segments/restore.test.ts ("applies and switches in slices").
  });
});
