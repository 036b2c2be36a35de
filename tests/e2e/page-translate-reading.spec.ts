import type { Worker } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import {
  indicator,
  indicatorStatus,
  longPage,
  ORIGIN,
  paragraphText,
  pressTranslatePage,
  servePages,
} from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

const COUNT = 300;
const LONG = `${ORIGIN}/long.html`;

const german = (i: number) => toGerman(paragraphText(i));

async function siteRules(background: Worker): Promise<Array<Record<string, unknown>>> {
  return background.evaluate(async () => {
    const { siteRules } = await chrome.storage.local.get('siteRules');
    return (siteRules ?? []) as Array<Record<string, unknown>>;
  });
}

test.describe('translate page: as you read, or the whole page', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page, { '/long.html': longPage(COUNT) });
  });

  test('by default only what is read is sent: the screen first, the rest as the reader scrolls to it', async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(LONG);
    await pressTranslatePage(background, LONG);
    await expect(page.locator('#p0')).toHaveText(german(0));
    // Nothing is on its way and parts are left: the indicator says so, not "Translated".
    await expect(indicatorStatus(page)).toHaveText('Translating into German as you read');
    const sent = (await sentTexts(svc)).map((s) => s.text);
    expect(sent.length).toBeLessThan(60);
    expect(sent.some((text) => text.startsWith(`Paragraph ${COUNT - 1} `))).toBe(false);
    await expect(page.locator(`#p${COUNT - 1}`)).toHaveText(paragraphText(COUNT - 1));

    // The reader goes to the end: what comes on screen is translated, the middle of the page is not sent.
    await page.locator(`#p${COUNT - 1}`).scrollIntoViewIfNeeded();
    await expect(page.locator(`#p${COUNT - 1}`)).toHaveText(german(COUNT - 1));
    await expect(indicatorStatus(page)).toHaveText('Translating into German as you read');
    const after = (await sentTexts(svc)).map((s) => s.text);
    expect(after.some((text) => text.startsWith(`Paragraph ${COUNT / 2} `))).toBe(false);
    // Every text went out once.
    expect(new Set(after).size).toBe(after.length);
  });

  test('"Translate the whole page" in the indicator sends the rest, says "Translated" at the end, and is remembered for the site', async ({
    page,
    background,
  }) => {
    await page.goto(LONG);
    await pressTranslatePage(background, LONG);
    await expect(indicatorStatus(page)).toHaveText('Translating into German as you read');
    await indicator(page).getByRole('button', { name: 'Translate the whole page' }).click();
    await expect(page.locator(`#p${COUNT - 1}`)).toHaveText(german(COUNT - 1));
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
    await expect
      .poll(() => siteRules(background))
      .toEqual([expect.objectContaining({ host: '127.0.0.1', pageReading: 'whole-page', translate: 'ask' })]);

    // The next visit of the site reads the whole page at once.
    await page.reload();
    await pressTranslatePage(background, LONG);
    await expect(page.locator(`#p${COUNT - 1}`)).toHaveText(german(COUNT - 1));
  });

  test('the popup offers the whole page before a start, and the other reading after it', async ({
    page,
    background,
    openExtensionPage,
  }) => {
    await page.goto(LONG);
    await page.bringToFront();
    const popup = await openExtensionPage('popup.html');
    await popup.getByRole('button', { name: 'Translate the whole page' }).click();
    await expect(page.locator(`#p${COUNT - 1}`)).toHaveText(german(COUNT - 1));
    await expect(popup.getByRole('status').filter({ hasText: 'Translated into German' })).toBeVisible();
    await expect
      .poll(() => siteRules(background))
      .toEqual([expect.objectContaining({ host: '127.0.0.1', pageReading: 'whole-page' })]);
    // The popup switches the site back to reading as you go.
    await popup.getByRole('button', { name: 'Translate as I read' }).click();
    await expect
      .poll(() => siteRules(background))
      .toEqual([expect.objectContaining({ host: '127.0.0.1', pageReading: 'as-you-read' })]);
  });

  test('the preferences can make the whole page the default', async ({ page, background }) => {
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
    await page.goto(LONG);
    await pressTranslatePage(background, LONG);
    await expect(page.locator(`#p${COUNT - 1}`)).toHaveText(german(COUNT - 1));
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
  });

  test('a string is billed once per page: tooltips equal to their link take its translation, labels share answers', async ({
    page,
    background,
    svc,
  }) => {
    const links = Array.from(
      { length: 30 },
      (_, i) => `<li><a id="l${i}" href="#w${i % 10}" title="Harbour ${i % 10}">Harbour ${i % 10}</a></li>`,
    ).join('');
    await servePages(page, {
      '/links.html': `<!doctype html><html lang="en"><head><title>Links</title></head><body>
        <p id="intro">The <a id="guide" href="#g" title="rowing guide">rowing guide</a> is free.</p>
        <ul>${links}</ul>
        <figure><img id="photo" src="data:," alt="Our boat"><figcaption id="caption">Our boat</figcaption></figure>
        <button id="close" type="button" aria-label="Close">Close</button>
      </body></html>`,
    });
    const url = `${ORIGIN}/links.html`;
    await page.goto(url);
    await pressTranslatePage(background, url);
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
    await expect(page.locator('#guide')).toHaveAttribute('title', toGerman('rowing guide'));
    await expect(page.locator('#l29')).toHaveAttribute('title', toGerman('Harbour 9'));
    await expect(page.locator('#photo')).toHaveAttribute('alt', toGerman('Our boat'));
    await expect(page.locator('#close')).toHaveAttribute('aria-label', toGerman('Close'));
    const sent = (await sentTexts(svc)).map((s) => s.text);
    // Each string once, and no tooltip, alt or label that repeats a text on the page.
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).not.toContain('rowing guide');
    expect(sent.filter((text) => text.includes('Harbour 9'))).toHaveLength(1);
    expect(sent.filter((text) => text.includes('Our boat'))).toHaveLength(1);
    expect(sent.filter((text) => text.includes('Close'))).toHaveLength(1);
  });

  test('printing waits for the rest of the page; find and select-all send the rest; copy takes the translation', async ({
    page,
    background,
  }) => {
    await page.goto(LONG);
    // What the page looks like at the moment it is printed.
    await page.evaluate(() => {
      const w = window as unknown as { printed: string[] };
      w.printed = [];
      addEventListener('beforeprint', () => w.printed.push(document.getElementById('p299')?.textContent ?? ''));
    });
    await pressTranslatePage(background, LONG);
    await expect(indicatorStatus(page)).toHaveText('Translating into German as you read');
    await page.locator('#p0').click();
    await page.keyboard.press('Control+P');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed))
      .toEqual([german(COUNT - 1)]);
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
    // The site keeps reading as you go: the print was for this page only.
    await page.reload();
    await pressTranslatePage(background, LONG);
    await expect(indicatorStatus(page)).toHaveText('Translating into German as you read');
    await page.locator('#p0').click();
    await page.keyboard.press('Control+F');
    await expect(page.locator(`#p${COUNT - 1}`)).toHaveText(german(COUNT - 1));
    await expect(indicatorStatus(page)).toHaveText('Translated into German');

    // Copy takes what the page shows: the translation.
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('p1')!);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      const w = window as unknown as { copied: string };
      addEventListener('copy', () => {
        w.copied = getSelection()?.toString() ?? '';
      });
    });
    await page.keyboard.press('Control+C');
    await expect.poll(() => page.evaluate(() => (window as unknown as { copied?: string }).copied)).toBe(german(1));

    await page.reload();
    await pressTranslatePage(background, LONG);
    await expect(indicatorStatus(page)).toHaveText('Translating into German as you read');
    await page.locator('#p0').click();
    await page.keyboard.press('Control+A');
    await expect(page.locator(`#p${COUNT - 1}`)).toHaveText(german(COUNT - 1));
  });

  test('the first request carries the whole screen, text beside nested blocks included, and not what lies below', async ({
    page,
    background,
    svc,
  }) => {
    // A shop's page: a label and a button sit directly in <main>, between its headings and paragraphs.
    const shop =
      '<!doctype html><html lang="en"><head><title>Oars</title></head><body><main>' +
      '<h1 id="h">Carbon oars for sculling</h1>' +
      '<label id="len">Length of the oars <select><option>284 cm</option><option>288 cm</option></select></label> ' +
      '<button id="add">Add to the basket</button>' +
      Array.from({ length: 60 }, (_, i) => `<p id="p${i}">${paragraphText(i)}</p>`).join('') +
      '<span id="tail">Loose words at the very end of the shop</span></main></body></html>';
    await servePages(page, { '/shop.html': shop });
    await page.goto(`${ORIGIN}/shop.html`);
    await pressTranslatePage(background, `${ORIGIN}/shop.html`);
    await expect(page.locator('#len')).toContainText(toGerman('Length of the oars'));
    await expect(page.locator('#p0')).toHaveText(german(0));
    const [first] = await svc.requests('/v2/translate');
    const texts = (first?.body?.text ?? []) as string[];
    expect(texts.some((text) => text.includes('Length of the oars'))).toBe(true);
    expect(texts.some((text) => text.includes('Add to the basket'))).toBe(true);
    expect(texts.some((text) => text.includes('Loose words'))).toBe(false);
    // The same words are not sent again by the pass over the whole page.
    const sent = (await sentTexts(svc)).map((s) => s.text);
    expect(sent.filter((text) => text.includes('Length of the oars'))).toHaveLength(1);
  });
});
