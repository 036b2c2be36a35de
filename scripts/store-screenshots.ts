// `npm run store:screenshots [locale...]`: the store listing's screenshots, 1280x800, of the real flows
// in the end-to-end Chromium, against the local service, in each locale (default: en, de, fr). They
// are written to store-material/screenshots/<locale>/ (git-ignored): the options page connected, the
// popup's quick translate over a page, a translated page with its indicator, the selection bubble.
//
// Headless Chromium shows the catalog `--lang` picks but reports en-US as its UI language, so each
// locale gets a build of its own that names its language (VITE_VERSO_SCREENSHOT_LANGUAGE, read by
// lib/ui/i18n.ts): numbers and language names then match the words around them.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from '@playwright/test';
import { startService } from '../service/testing/service.ts';
import { chromiumPath } from '../tests/e2e/browser.ts';
import { openVersoRoots } from '../tests/e2e/closed-roots.ts';

const root = path.resolve(import.meta.dirname, '..');
const OUT = path.join(root, 'store-material', 'screenshots');
const SIZE = { width: 1280, height: 800 };

/** The catalog folder of a locale (`pt-BR` is `pt_BR`), which must exist. */
function catalogOf(locale: string): string {
  const folder = locale.replace('-', '_');
  if (!existsSync(path.join(root, 'public/_locales', folder, 'messages.json'))) {
    console.error(`[verso] No UI catalog for "${locale}" in public/_locales.`);
    process.exit(1);
  }
  return folder;
}

/** English pages are translated into German for the English listing, into the listing's language otherwise. */
const targetFor = (locale: string) => (locale === 'en' ? 'de' : locale.replace('_', '-'));

function build(locale: string, outDir: string): string {
  console.log(`[verso] Building for ${locale}…`);
  const r = spawnSync('npx', ['wxt', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VERSO_OUT_DIR: outDir, VITE_VERSO_SCREENSHOT_LANGUAGE: locale.replace('_', '-') },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  return path.join(root, outDir, 'chrome-mv3');
}

async function launch(extensionDir: string, locale: string, executablePath: string | undefined) {
  const context = await chromium.launchPersistentContext('', {
    executablePath,
    headless: true,
    viewport: SIZE,
    deviceScaleFactor: 1,
    locale: locale.replace('_', '-'),
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      `--lang=${locale.replace('_', '-')}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--hide-scrollbars',
    ],
  });
  // Verso's in-page UI is in closed shadow roots: its own world attaches them open, as in the e2e tests, so
  // that the screenshots can wait for what they show (tests/e2e/closed-roots.ts).
  await openVersoRoots(context);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, worker, id: new URL(worker.url()).host };
}

type Dispatchable = { dispatch(...args: unknown[]): void };

/** The browser's own command and menu events, fired in the worker as a key press or a click fires them. */
async function fire(worker: Worker, url: string, what: 'translate-page' | 'translate-selection') {
  await worker.evaluate(
    async ({ url, what }) => {
      const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
      if (!tab) throw new Error(`no tab at ${url}`);
      if (what === 'translate-page') (chrome.commands.onCommand as unknown as Dispatchable).dispatch(what, tab);
      else {
        const info = { menuItemId: what, frameId: 0, pageUrl: url, editable: false };
        (chrome.contextMenus.onClicked as unknown as Dispatchable).dispatch(info, tab);
      }
    },
    { url, what },
  );
}

async function shoot(page: Page, dir: string, name: string) {
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
  console.log(`[verso]   ${path.relative(root, path.join(dir, `${name}.png`))}`);
}

async function shootLocale(
  locale: string,
  context: BrowserContext,
  worker: Worker,
  id: string,
  service: Awaited<ReturnType<typeof startService>>,
  demoUrl: string,
) {
  const dir = path.join(OUT, locale);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const msg = (key: string) => worker.evaluate((k) => chrome.i18n.getMessage(k), key);
  await worker.evaluate(
    ({ credentials, targetLang }) =>
      chrome.storage.local.set({ credentials, preferences: { targetLang, pageMode: 'replace' } }),
    {
      credentials: { apiKey: service.options.paidKey, serverUrl: service.url, adminKey: '' },
      targetLang: targetFor(locale),
    },
  );

  // 1. Settings, connected to the service.
  const options = await context.newPage();
  await options.goto(`chrome-extension://${id}/options.html`);
  await options.getByRole('button', { name: await msg('testConnection') }).click();
  await options.getByRole('status').filter({ hasText: /\d/ }).first().waitFor();
  await shoot(options, dir, '01-options');
  await options.close();

  // 3. A page translated in place, with its indicator (shot before the popup, which shows it behind).
  const page = await context.newPage();
  await page.goto(demoUrl);
  const heading = (await page.locator('h1').textContent()) ?? '';
  await fire(worker, demoUrl, 'translate-page');
  await page.waitForFunction((before) => document.querySelector('h1')?.textContent !== before, heading);
  const indicator = page.locator('verso-page').getByRole('region', { name: await msg('pageIndicatorLabel') });
  await indicator.waitFor();
  await page.waitForFunction(() => !document.querySelector('verso-page')?.shadowRoot?.querySelector('progress'));
  const translatedPage = await page.screenshot();
  await shoot(page, dir, '03-translated-page');

  // 2. The popup's quick translate, shown where the browser opens it: over the page, below the toolbar.
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${id}/popup.html`);
  await popup.getByLabel(await msg('quickText')).fill('The lighthouse keeper wrote the weather in his logbook.');
  await popup.getByRole('button', { name: await msg('quickTranslate'), exact: true }).click();
  await popup.getByRole('region', { name: await msg('quickResult'), exact: true }).waitFor();
  await popup.evaluate((background) => {
    const html = document.documentElement;
    html.style.cssText = `min-height:800px;background:url(data:image/png;base64,${background}) top left/1280px 800px no-repeat`;
    document.body.style.cssText =
      'position:absolute;top:0;right:16px;margin:0;border:1px solid #b9bec7;border-radius:0 0 8px 8px;box-shadow:0 8px 28px rgba(0,0,0,.28);max-height:792px;overflow:hidden';
  }, translatedPage.toString('base64'));
  await shoot(popup, dir, '02-popup-quick-translate');
  await popup.close();
  await page.close();

  // 4. A selection translated in the bubble, with its context.
  const reading = await context.newPage();
  await reading.goto(demoUrl);
  await reading.locator('p').nth(1).click({ clickCount: 3 });
  await fire(worker, demoUrl, 'translate-selection');
  const bubble = reading.getByRole('dialog', { name: await msg('selDialog') });
  await bubble.locator('.result p').first().waitFor();
  await shoot(reading, dir, '04-selection-bubble');
  await reading.close();
}

async function main() {
  const locales = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['en', 'de', 'fr'];
  for (const locale of locales) catalogOf(locale);
  const executablePath = chromiumPath();

  const service = await startService();
  const demo = readFileSync(path.join(root, 'demo/index.html'), 'utf8');
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(demo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const demoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    for (const locale of locales) {
      const extensionDir = build(locale, `.output-store/${catalogOf(locale)}`);
      console.log(`[verso] Screenshots in ${locale}:`);
      const { context, worker, id } = await launch(extensionDir, locale, executablePath);
      try {
        await service.control.reset();
        await shootLocale(locale, context, worker, id, service, demoUrl);
      } finally {
        await context.close();
      }
    }
  } finally {
    server.close();
    await service.close();
  }
  console.log(`[verso] Done: ${path.relative(root, OUT)}/`);
}

await main();
