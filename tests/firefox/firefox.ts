import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';

/** The Firefox build `npm test` makes (`wxt build -b firefox`). */
export const FIREFOX_EXTENSION_DIR = path.resolve(
  import.meta.dirname,
  '../..',
  process.env.VERSO_OUT_DIR || '.output',
  'firefox-mv3',
);

/** $VERSO_FIREFOX, else Debian's firefox-esr (scripts/ensure-browser.mjs installs it for `npm test`). */
export function firefoxPath(): string {
  const chosen = process.env.VERSO_FIREFOX || '/usr/bin/firefox-esr';
  if (!existsSync(chosen)) throw new Error(`No Firefox at ${chosen}: install firefox-esr or set VERSO_FIREFOX.`);
  return chosen;
}

/** Waits until `check` answers something other than false/undefined, trying again every 100 ms. */
export async function until<T>(what: string, check: () => Promise<T | false | undefined>, timeout = 15_000) {
  const end = Date.now() + timeout;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const value = await check();
      if (value !== false && value !== undefined) return value as T;
    } catch (e) {
      last = e;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

/**
 * Firefox with Verso installed as a temporary add-on, driven over WebDriver BiDi by puppeteer-core
 * (which downloads no browser). The extension's UUID is fixed through a preference, so its pages have
 * known URLs; downloads go to a folder of this run.
 */
export class VersoFirefox {
  private constructor(
    readonly browser: Browser,
    readonly uuid: string,
    readonly downloads: string,
  ) {}

  static async launch(): Promise<VersoFirefox> {
    const manifestPath = path.join(FIREFOX_EXTENSION_DIR, 'manifest.json');
    if (!existsSync(manifestPath)) {
      throw new Error(`No Firefox build in ${FIREFOX_EXTENSION_DIR}: run \`npm run build:firefox\` first.`);
    }
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const geckoId: string = manifest.browser_specific_settings.gecko.id;
    const uuid = randomUUID();
    const downloads = await mkdtemp(path.join(os.tmpdir(), 'verso-firefox-downloads-'));
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath(),
      headless: process.env.HEADLESS !== '0',
      // Without it Firefox refuses to show moz-extension:// pages to automation.
      args: ['-remote-allow-system-access'],
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: uuid }),
        'browser.download.dir': downloads,
        'browser.download.folderList': 2,
        'browser.download.useDownloadDir': true,
        'browser.download.always_ask_before_handling_new_types': false,
        // Permission requests are granted without a prompt, which automation cannot answer.
        'extensions.webextOptionalPermissionPrompts': false,
      },
    });
    try {
      await browser.installExtension(FIREFOX_EXTENSION_DIR);
    } catch (e) {
      await browser.close();
      throw e;
    }
    return new VersoFirefox(browser, uuid, downloads);
  }

  url(file: string): string {
    return `moz-extension://${this.uuid}/${file}`;
  }

  /**
   * Opens one of Verso's pages in a new tab. Firefox filters the load events of extension pages from
   * automation, so `goto` never settles: it is started, and the page is polled until it has loaded.
   */
  async openExtensionPage(file: string): Promise<Page> {
    const page = await this.browser.newPage();
    const url = this.url(file);
    void page.goto(url).catch(() => {});
    await until(`${file} to load`, () =>
      page.evaluate((want) => location.href === want && document.readyState === 'complete', url),
    );
    return page;
  }

  /**
   * An extension page kept open (never brought to the front) through which the tests reach the background:
   * set it, and pages opened next have Verso's in-page roots open (see `openPage`).
   */
  control: Page | undefined;

  /**
   * Opens a web page in a new tab (and so makes it the last tab used, which the popup acts on). Verso's
   * in-page UI lives in closed shadow roots (each feature's mount.tsx); with a `control` page, Verso's own
   * world in the tab attaches them open from now on, so that the tests can reach them (tests/e2e does the
   * same, closed-roots.ts). The page's world is not touched.
   */
  async openPage(url: string): Promise<Page> {
    const page = await this.browser.newPage();
    await page.goto(url);
    await this.control?.evaluate(async (url) => {
      const bg = (await browser.runtime.getBackgroundPage()) as unknown as { browser: typeof browser };
      const tab = (await bg.browser.tabs.query({})).find((t) => t.url === url);
      if (tab?.id === undefined) return;
      await bg.browser.scripting.executeScript({
        target: { tabId: tab.id, allFrames: true },
        func: () => {
          const attach = Element.prototype.attachShadow as typeof Element.prototype.attachShadow & { open?: true };
          if (attach.open) return;
          const open = function (this: Element, init: ShadowRootInit) {
            return attach.call(this, { ...init, mode: 'open' });
          };
          Element.prototype.attachShadow = Object.assign(open, { open: true as const });
        },
      });
    }, url);
    return page;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await rm(this.downloads, { recursive: true, force: true });
  }
}

/** A small web server on loopback (an origin Verso has host permission for) serving the given pages. */
export async function servePages(pages: Record<string, string | { body: Buffer; type: string }>) {
  const server = createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    const { body, type } = typeof page === 'string' ? { body: page, type: 'text/html; charset=utf-8' } : (page ?? {});
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': type ?? 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The element of Verso's pages with this accessible role and name, once it is there. */
export function byRole(page: Page, role: string, name: string, timeout = 15_000): Promise<ElementHandle<Element>> {
  return page
    .locator(`::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(role)}])`)
    .setTimeout(timeout)
    .waitHandle() as Promise<ElementHandle<Element>>;
}

/** The form control a `<label>` with this text names (password fields have no role to find them by). */
export function byLabel(page: Page, label: string): Promise<ElementHandle<Element>> {
  return until(`the field labelled "${label}"`, async () => {
    const handle = await page.evaluateHandle(
      (text) => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.control ?? null,
      label,
    );
    const element = handle.asElement() as ElementHandle<Element> | null;
    return element ?? undefined;
  });
}

/**
 * An element of one of Verso's in-page UIs, which live in the shadow root of `host` (opened for the tests
 * by `openPage`)
 * (`verso-selection`, `verso-page`, `verso-writing`): the first matching `selector` whose aria-label
 * or text is `name`. Puppeteer's accessibility queries do not reach into shadow roots in Firefox.
 */
export function inUi(page: Page, host: string, selector: string, name: string): Promise<ElementHandle<Element>> {
  return until(`${selector} "${name}" in ${host}`, async () => {
    for (const handle of await page.$$(`${host} >>> ${selector}`)) {
      const own = await handle.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent?.trim());
      if (own === name) return handle;
    }
    return undefined;
  });
}

/** Text of the first element matching `selector` (shadow roots pierced with `>>>`), once it contains `text`. */
export async function waitForText(page: Page, selector: string, text: string, timeout = 15_000): Promise<string> {
  return until(
    `"${text}" in ${selector}`,
    async () => {
      const handle = await page.$(selector);
      const shown = (await handle?.evaluate((el) => (el as HTMLElement).innerText ?? el.textContent ?? '')) ?? '';
      return shown.includes(text) ? shown : false;
    },
    timeout,
  );
}

/** Types into a field as a person does: focus by a click, select what is there, type over it. */
export async function typeInto(field: ElementHandle<Element>, text: string): Promise<void> {
  await field.click({ count: 3 });
  await field.evaluate((el) => (el as HTMLInputElement).select?.());
  await field.type(text);
}
