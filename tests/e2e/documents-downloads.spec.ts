import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import { closeWelcome, launchWithExtension } from './browser.ts';
import { test as base, expect } from './fixtures.ts';
import { jobItem } from './helpers/documents.ts';

// A translated document is billed, and the service deletes it on its first download: Verso must not
// lose it to a file name the browser refuses or a save that does not finish (docs/security.md).
// Playwright saves the downloads it captures under ids of its own, and DevTools download handling
// ignores the name an extension asks for. So this file has a browser of its own whose profile saves
// downloads into a folder of the test run, and each test hands downloads back to the browser's own
// handling (`realDownloads`): the files are then read there under their real names.

const test = base.extend<object, { downloadsDir: string }>({
  downloadsDir: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as an object pattern.
    async ({}, use) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'verso-downloads-'));
      await use(dir);
      await rm(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  extensionContext: [
    async ({ downloadsDir }, use) => {
      const profile = await mkdtemp(path.join(tmpdir(), 'verso-profile-'));
      await mkdir(path.join(profile, 'Default'));
      const prefs = { download: { default_directory: downloadsDir, prompt_for_download: false } };
      await writeFile(path.join(profile, 'Default', 'Preferences'), JSON.stringify(prefs));
      const context = await launchWithExtension({ userDataDir: profile });
      await closeWelcome(context);
      await use(context);
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

/** Downloads of this page's session go through the browser's own handling (until the page closes). */
async function realDownloads(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'default' });
  return cdp;
}

async function translate(page: Page, name: string, text = 'Meeting notes.\nBring the slides.\n') {
  await page.getByLabel('Translate into').selectOption({ label: 'German' });
  await page.getByLabel('File to translate').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(page.getByText(`Chosen: ${name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Translate document' }).click();
  const job = jobItem(page, name);
  await expect(job).toContainText('Done');
  return job;
}

type Svc = { requests(path: string): Promise<Array<{ path: string; status: number | null }>> };

/** The document id of the newest upload, from the service's log. */
async function newestDocumentId(svc: Svc) {
  const ids = (await svc.requests('/v2/document/')).map((r) => r.path.split('/')[3] ?? '').filter(Boolean);
  return ids.at(-1) ?? '';
}

const resultStatuses = async (svc: Svc) =>
  (await svc.requests('/v2/document/')).filter((r) => r.path.endsWith('/result')).map((r) => r.status);

/** The browser's record of Verso's newest download: where it saved it, and whether it is complete. */
async function newestDownload(background: Worker) {
  const [item] = await background.evaluate(() => chrome.downloads.search({ orderBy: ['-startTime'], limit: 1 }));
  return { path: item?.filename ?? '', state: item?.state };
}

test.describe('document downloads', () => {
  test('names the browser refuses are saved under a safe name, and the job is downloaded once the file is on disk', async ({
    background,
    configure,
    context,
    downloadsDir,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    // Names of real files; the browser refused each before (the job said "Downloaded" while nothing
    // was saved, and the service had already deleted the result).
    const names: Array<[string, string]> = [
      ['aux.txt', '_aux.de.txt'],
      ['con.txt', '_con.de.txt'],
      ['nul.txt', '_nul.de.txt'],
      ['com1.txt', '_com1.de.txt'],
      ['\u202Etxt.exe.txt', '_txt.exe.de.txt'],
      ['invoice\u200F.txt', 'invoice_.de.txt'],
      ['line\u2028break.txt', 'line_break.de.txt'],
      ['tab\there.txt', 'tab_here.de.txt'],
    ];
    const jobs: Locator[] = [];
    for (const [name] of names) jobs.push(await translate(page, name));
    await realDownloads(context, page);
    for (const [i, [name, saved]] of names.entries()) {
      const job = jobs[i]!;
      await job.getByRole('button', { name: 'Download' }).click();
      await expect(job.getByRole('status'), JSON.stringify(name)).toContainText(`Saved as ${saved}`);
      await expect(job).toContainText('Downloaded');
      expect(await newestDownload(background)).toEqual({ path: path.join(downloadsDir, saved), state: 'complete' });
      const text = await readFile(path.join(downloadsDir, saved), 'utf8');
      expect(text.split('\n')).toHaveLength(3);
      expect(text).not.toContain('Meeting notes');
    }
    expect((await readdir(downloadsDir)).sort()).toEqual(names.map(([, saved]) => saved).sort());
    expect(await resultStatuses(svc)).toEqual(names.map(() => 200));
    for (const [, saved] of names) await rm(path.join(downloadsDir, saved));
  });

  test("the file keeps the requested format's extension whatever the service's Content-Disposition says", async ({
    background,
    configure,
    context,
    downloadsDir,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    // [what the service names the file, what Verso saves it as]
    const hostile: Array<[string, string]> = [
      ['evil.exe', 'notes.de.txt'],
      ['desktop.ini', 'notes.de.txt'],
      ['notes.de.txt.lnk', 'notes.de.txt'],
      ['notes.de.txt.local', 'notes.de.txt'],
      ['con', 'notes.de.txt'],
      ['con.de.txt', '_con.de.txt'],
      ['../../.bashrc.txt', 'bashrc.txt'],
      ['\uFEFFbom.de.txt', 'bom.de.txt'],
      ['\u202Etxt.exe.txt', '_txt.exe.txt'],
      ['a\u2028b.de.txt', 'a_b.de.txt'],
    ];
    await realDownloads(context, page);
    for (const [name, saved] of hostile) {
      const job = await translate(page, 'notes.txt');
      await svc.addFaults([{ path: `/v2/document/${await newestDocumentId(svc)}/result`, resultName: name }]);
      await job.getByRole('button', { name: 'Download' }).click();
      await expect(job).toContainText('Downloaded');
      expect(await newestDownload(background), name).toEqual({
        path: path.join(downloadsDir, saved),
        state: 'complete',
      });
      expect(await readdir(downloadsDir)).toEqual([saved]);
      await rm(path.join(downloadsDir, saved));
      await job.getByRole('button', { name: 'Remove from list' }).click();
      await expect(job).toHaveCount(0);
    }
    expect(await resultStatuses(svc)).toEqual(hostile.map(() => 200));
  });

  test('a save that does not finish keeps the translation; Download saves it again from the kept file, without the service', async ({
    background,
    configure,
    context,
    downloadsDir,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const page = await openExtensionPage('documents.html');
    const job = await translate(page, 'notes.txt');
    const cdp = await realDownloads(context, page);
    // The browser refuses every download now: the save ends "interrupted".
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'deny' });
    await job.getByRole('button', { name: 'Download' }).click();
    await expect(job.getByRole('alert')).toContainText('The file was not saved');
    await expect(job.getByRole('alert')).toContainText('Verso keeps the translation');
    expect((await newestDownload(background)).state).toBe('interrupted');
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'default' });
    // Still done, not "Downloaded", and the page says the file is held; a reload changes nothing.
    await page.reload();
    const again = jobItem(page, 'notes.txt');
    await expect(again).toContainText('Done');
    await expect(again).toContainText('Verso keeps the translated file until the browser has saved it');

    await again.getByRole('button', { name: 'Download' }).click();
    await expect(again).toContainText('Downloaded');
    await expect(again.getByRole('status')).toContainText('Saved as notes.de.txt');
    expect(await newestDownload(background)).toEqual({
      path: path.join(downloadsDir, 'notes.de.txt'),
      state: 'complete',
    });
    expect((await readFile(path.join(downloadsDir, 'notes.de.txt'), 'utf8')).split('\n')).toHaveLength(3);
    await rm(path.join(downloadsDir, 'notes.de.txt'));
    // One download from the service: the second save came from the kept bytes.
    expect(await resultStatuses(svc)).toEqual([200]);
  });
});
