import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { indicatorStatus, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { sentStrings as sent } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

const URL = `${ORIGIN}/attributes.html`;
/** A picture that loads: its description is not shown, only read out. */
const PICTURE = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2240%22 height=%2230%22/%3E';

const TEXT = {
  tip: 'Opens the whole rowing guide',
  label: 'Close the harbour panel',
  loaded: 'A rowing boat at dawn',
  broken: 'The club house by the lake',
  late: 'Our boats on the beach',
  placeholder: 'Your name please',
};

const ATTRIBUTES_PAGE = `<!doctype html><html lang="en"><head><title>Attributes</title></head><body>
  <p id="intro">Read <a id="tip" href="#guide" title="${TEXT.tip}">the guide</a> before you go out.</p>
  <p id="tools"><button id="first" type="button">Start</button> <button id="close" type="button" aria-label="${TEXT.label}">x</button></p>
  <p id="pictures"><img id="loaded" src="${PICTURE}" width="40" height="30" alt="${TEXT.loaded}">
    <img id="broken" src="/missing.png" alt="${TEXT.broken}"> <img id="late" src="/late.png" alt="${TEXT.late}"></p>
  <form><label id="name">Name <input placeholder="${TEXT.placeholder}"></label></form>
  <div id="many"></div>
</body></html>`;

/**
 * Serves the page; `/late.png` fails only when the returned function is called (after the start), so the
 * page's load event waits for it: the spec waits for DOMContentLoaded.
 */
async function servePage(page: Page): Promise<() => void> {
  await servePages(page, { '/attributes.html': ATTRIBUTES_PAGE });
  let fail: () => void = () => {};
  const failing = new Promise<void>((resolve) => {
    fail = resolve;
  });
  await page.route(`${ORIGIN}/late.png`, async (route) => {
    await failing;
    await route.fulfill({ status: 404, body: 'gone' });
  });
  return fail;
}

test.describe('translate page: attributes are translated when they are shown', () => {
  test.beforeEach(async ({ configure }) => {
    await configure();
  });

  test('tooltips on hover, labels on focus, a broken picture at once and a late one when it fails; restore is exact', async ({
    page,
    background,
    svc,
  }) => {
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
    const failLate = await servePage(page);
    await page.goto(URL, { waitUntil: 'domcontentloaded' });
    await expect
      .poll(() => page.evaluate(() => (document.getElementById('broken') as HTMLImageElement).complete))
      .toBe(true);
    const before = await page.evaluate(() => document.body.innerHTML);
    await pressTranslatePage(background, URL);
    await expect(page.locator('#intro')).toHaveText(toGerman('Read the guide before you go out.'));
    await expect(indicatorStatus(page)).toHaveText('Translated into German');

    // Sent with the page: its text, the placeholder and the broken picture's description (shown as text).
    await expect(page.locator('#broken')).toHaveAttribute('alt', toGerman(TEXT.broken));
    await expect(page.locator('input')).toHaveAttribute('placeholder', toGerman(TEXT.placeholder));
    // Not billed before they are shown: the tooltip, the label, the descriptions of pictures that load.
    const first = await sent(svc);
    for (const text of [TEXT.tip, TEXT.label, TEXT.loaded, TEXT.late]) expect(first).not.toContain(text);
    await expect(page.locator('#tip')).toHaveAttribute('title', TEXT.tip);

    // The person points at the link: its tooltip is translated in place.
    await page.locator('#tip').hover();
    await expect(page.locator('#tip')).toHaveAttribute('title', toGerman(TEXT.tip));
    // Keyboard focus on the button: its label.
    await page.locator('#first').click();
    await page.keyboard.press('Tab');
    await expect(page.locator('#close')).toBeFocused();
    await expect(page.locator('#close')).toHaveAttribute('aria-label', toGerman(TEXT.label));
    // A picture that fails to load after the start: its description goes then.
    failLate();
    await expect(page.locator('#late')).toHaveAttribute('alt', toGerman(TEXT.late));
    const after = await sent(svc);
    for (const text of [TEXT.tip, TEXT.label, TEXT.late]) expect(after.filter((t) => t === text)).toHaveLength(1);
    // A picture that loaded keeps its description unsent.
    expect(after).not.toContain(TEXT.loaded);
    await expect(page.locator('#loaded')).toHaveAttribute('alt', TEXT.loaded);

    // Show the original: the page's markup exactly as before, attributes and all.
    await pressTranslatePage(background, URL);
    await expect(page.locator('#intro')).toHaveText('Read the guide before you go out.');
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
  });

  test("a page's synthetic pointer, focus, key and error events on 10,000 elements spend nothing", async ({
    page,
    background,
    svc,
  }) => {
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
    await servePage(page);
    await page.goto(URL, { waitUntil: 'domcontentloaded' });
    // Ten thousand elements with tooltips, labels and pictures' descriptions of their own.
    await page.evaluate(() => {
      const many = document.getElementById('many')!;
      many.innerHTML = Array.from(
        { length: 10_000 },
        (_, i) => `<span title="Hidden tip number ${i}" aria-label="Hidden label number ${i}">·</span>`,
      ).join('');
    });
    await pressTranslatePage(background, URL);
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
    const billedBefore = (await sent(svc)).join('').length;
    const fired = await page.evaluate(() => {
      let count = 0;
      for (const el of document.querySelectorAll('*')) {
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
        el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, composed: true }));
        el.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
        el.dispatchEvent(new Event('error'));
        count++;
      }
      return count;
    });
    expect(fired).toBeGreaterThan(10_000);
    // The person's own pointer still works afterwards (and the page's events have had every chance).
    await page.locator('#tip').hover();
    await expect(page.locator('#tip')).toHaveAttribute('title', toGerman(TEXT.tip));
    const after = await sent(svc);
    expect(after.filter((text) => /Hidden (tip|label) number/.test(text))).toEqual([]);
    const spent = after.join('').length - billedBefore;
    console.log(`synthetic events on ${fired} elements: ${spent - TEXT.tip.length} characters sent for them`);
    expect(spent).toBe(TEXT.tip.length);
  });

  test('labels for screen readers go with the page when the person chose it', async ({ page, background, svc }) => {
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page', pageScreenReaderLabels: true });
    await servePage(page);
    await page.goto(URL, { waitUntil: 'domcontentloaded' });
    await pressTranslatePage(background, URL);
    await expect(page.locator('#close')).toHaveAttribute('aria-label', toGerman(TEXT.label));
    const texts = await sent(svc);
    expect(texts).toContain(TEXT.label);
    expect(texts).not.toContain(TEXT.tip);
  });
});
