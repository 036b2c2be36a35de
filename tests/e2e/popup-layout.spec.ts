import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { closeWelcome, extensionIdOf, launchWithExtension } from './browser.ts';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';

const german = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../public/_locales/de/messages.json'), 'utf8'),
) as Record<string, { message: string }>;

/** The widths a popup may be given: the narrowest a browser side panel or a zoomed popup leaves, to the most a popup may be. */
const WIDTHS = [260, 320, 480, 800];

/**
 * What sticks out sideways: the document scrolling, or any element reaching past the viewport's edges
 * or holding content wider than itself (text cut or scrolling inside a box).
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const out: string[] = [];
    if (root.scrollWidth > root.clientWidth) out.push(`document: ${root.scrollWidth} > ${root.clientWidth}`);
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < -0.5 || box.right > root.clientWidth + 0.5) {
        out.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)} of ${root.clientWidth}`);
      } else if (
        el instanceof HTMLElement &&
        !(el instanceof HTMLTextAreaElement) &&
        el.scrollWidth > el.clientWidth + 1 &&
        // Visually hidden headings are 1 px boxes on purpose.
        el.clientWidth > 1
      ) {
        out.push(`${name(el)} holds ${el.scrollWidth} in ${el.clientWidth}`);
      }
    }
    return out;
  });
}

async function expectFitsEveryWidth(popup: Page) {
  for (const width of WIDTHS) {
    await popup.setViewportSize({ width, height: 700 });
    // The new width has been laid out once the document reports it.
    await expect.poll(() => popup.evaluate(() => document.documentElement.clientWidth)).toBe(width);
    expect(await overflow(popup), `at ${width} px`).toEqual([]);
  }
}

/** Text with a long unbroken word (a link), as people paste it. */
const PASTED =
  'Please read https://example.com/a/very/long/path/that/does/not/break/anywhere/at/all/index.html before the meeting.';

test.describe('popup: fits any width from 260 to 800 px', () => {
  test('without a key: the alerts wrap', async ({ openExtensionPage, svc }) => {
    expect(svc.url).toBeTruthy();
    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByRole('alert').filter({ hasText: 'No key yet' })).toBeVisible();
    await popup.getByLabel('Text to translate').fill('Hello');
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(popup.getByRole('alert').filter({ hasText: 'No key yet' })).toHaveCount(2);
    await expectFitsEveryWidth(popup);
  });

  test('with a key and a translation holding a long link', async ({ openExtensionPage, configure }) => {
    await configure();
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Source language').selectOption({ label: 'English' });
    await popup.getByLabel('Target language').selectOption({ label: 'German' });
    await popup.getByLabel('Text to translate').fill(PASTED);
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(popup.getByRole('region', { name: 'Translation' })).toContainText(toGerman('Please read'));
    await expect(popup.locator('.usage-meter')).toHaveAttribute('aria-busy', 'false');
    await expectFitsEveryWidth(popup);
  });

  test('in German, with and without a key', async ({ svc }) => {
    const context = await launchWithExtension({ locale: 'de-DE' });
    try {
      await closeWelcome(context);
      const id = await extensionIdOf(context);
      const popup = await context.newPage();
      await popup.goto(`chrome-extension://${id}/popup.html`);
      const text = popup.getByLabel(german.quickText!.message);
      // No key: the German alerts are long.
      await expect(popup.getByRole('alert').first()).toBeVisible();
      await text.fill(PASTED);
      await popup.locator('button[type=submit]').click();
      await expect(popup.getByRole('alert')).toHaveCount(2);
      await expectFitsEveryWidth(popup);

      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      await worker.evaluate((c) => chrome.storage.local.set({ credentials: c }), {
        apiKey: svc.paidKey,
        serverUrl: svc.url,
        adminKey: '',
      });
      await popup.reload();
      await text.fill(PASTED);
      await popup.locator('button[type=submit]').click();
      await expect(popup.locator('.result .output')).toHaveText(toGerman(PASTED));
      await expect(popup.getByRole('alert')).toHaveCount(0);
      await expectFitsEveryWidth(popup);
    } finally {
      await context.close();
    }
  });
});

test('the toolbar popup keeps its own width of 380 px (a narrow window does not make it collapse)', async ({
  background,
  openExtensionPage,
  configure,
}) => {
  await configure();
  // The popup is no page Playwright can drive; an extension page in the same window may look at it.
  const tab = await openExtensionPage('options.html');
  await tab.bringToFront();
  await background.evaluate(() => chrome.action.openPopup());
  await expect
    .poll(() =>
      tab.evaluate(() => {
        const [view] = chrome.extension.getViews({ type: 'popup' });
        if (!view) return null;
        const root = view.document.documentElement;
        return { body: view.document.body.getBoundingClientRect().width, scrolls: root.scrollWidth > root.clientWidth };
      }),
    )
    .toEqual({ body: 380, scrolls: false });
});
