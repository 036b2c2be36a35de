import type { Locator, Page, Worker } from '@playwright/test';

/** Fixture pages live on a loopback origin Verso has host permission for (so tabs.query can find them). */
export const ORIGIN = 'http://127.0.0.1:5971';

/** Serves fixture HTML at `${ORIGIN}${path}` for this page (and its frames). */
export async function serve(page: Page, files: Record<string, string>, headers: Record<string, string> = {}) {
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    const body = files[path];
    if (body === undefined) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers, body });
  });
}

/**
 * Waits until Verso's offer to translate the page is in and drawn, on a page in another language than the
 * target: a drag begun while it comes would race its card (laid over the bottom corner of the page).
 */
export async function offerIn(page: Page) {
  await page.waitForFunction(() => document.querySelector('verso-offer') !== null);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

type Dispatchable = { dispatch(...args: unknown[]): void };

/**
 * Clicks "Translate selection" in the right-click menu: fires the browser's own onClicked event in the
 * background, so the menu handler runs exactly as for a real click (Playwright cannot open native menus).
 */
export async function clickTranslateSelection(background: Worker, url: string, frameId = 0, selectionText?: string) {
  await background.evaluate(
    async ({ url, frameId, selectionText }) => {
      const [tab] = await chrome.tabs.query({ url });
      if (!tab) throw new Error(`no tab at ${url}`);
      const info = { menuItemId: 'translate-selection', frameId, pageUrl: url, editable: false, selectionText };
      (chrome.contextMenus.onClicked as unknown as Dispatchable).dispatch(info, tab);
    },
    { url, frameId, selectionText },
  );
}

/** Presses the `translate-selection` shortcut (Alt+Shift+U): the browser's onCommand event, as above. */
export async function pressTranslateShortcut(background: Worker, url: string) {
  await background.evaluate(async (url) => {
    const [tab] = await chrome.tabs.query({ url });
    if (!tab) throw new Error(`no tab at ${url}`);
    (chrome.commands.onCommand as unknown as Dispatchable).dispatch('translate-selection', tab);
  }, url);
}

/** The frame id the browser gives the frame loaded from `url` in the tab showing `tabUrl`. */
export async function frameIdOf(background: Worker, tabUrl: string, url: string): Promise<number> {
  return background.evaluate(
    async ({ tabUrl, url }) => {
      const [tab] = await chrome.tabs.query({ url: tabUrl });
      if (!tab?.id) throw new Error(`no tab at ${tabUrl}`);
      const results = await chrome.scripting.executeScript({
        target: { tabId: tab.id, allFrames: true },
        func: () => location.href,
      });
      const hit = results.find((r) => r.result === url);
      if (!hit) throw new Error(`no frame at ${url}`);
      return hit.frameId;
    },
    { tabUrl, url },
  );
}

/** Selects the whole content of the first element matching `selector`, as a drag over it would. */
export async function selectContents(page: Page, selector: string) {
  await page.locator(selector).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  });
}

/**
 * Chooses an option of a <select> as a person does with the keyboard: focus, then arrow keys. The
 * events are trusted, unlike `selectOption`'s, which Verso's in-page pickers ignore (a page could send
 * those).
 */
export async function chooseWithKeys(select: Locator, value: string) {
  await select.focus();
  const values = await select.evaluate((el: HTMLSelectElement) => [...el.options].map((o) => o.value));
  const target = values.indexOf(value);
  if (target < 0) throw new Error(`no option ${value} in ${values.join(', ')}`);
  for (let step = 0; step < values.length; step++) {
    const current = await select.evaluate((el: HTMLSelectElement) => el.selectedIndex);
    if (current === target) return;
    await select.press(current < target ? 'ArrowDown' : 'ArrowUp');
  }
  throw new Error(`could not reach ${value} with the arrow keys`);
}

/** The bubble a translated selection shows in. */
export const bubble = (page: Page) => page.getByRole('dialog', { name: 'Translation' });

/** Verso's translate button next to a settled selection. */
export const selectionButton = (page: Page) =>
  page.locator('verso-selection-button').getByRole('button', { name: /Translate the selection/ });

/** Drags the mouse over an element's text, as a person selects it (once the offer card is in). */
export async function dragOver(page: Page, selector: string, { endInset = 2 } = {}) {
  await offerIn(page);
  const box = (await page.locator(selector).boundingBox())!;
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width - endInset, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Drags the mouse from the start of one element to the end of another, as a person selects a passage. */
export async function dragBetween(page: Page, fromSelector: string, toLocator: string | Locator) {
  await offerIn(page);
  const from = (await page.locator(fromSelector).boundingBox())!;
  const to = (await (typeof toLocator === 'string' ? page.locator(toLocator) : toLocator).boundingBox())!;
  await page.mouse.move(from.x + 1, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width - 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
}
