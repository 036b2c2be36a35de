import type { Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { ORIGIN, recordContentMessages, servePages } from './helpers/pages.ts';
import { setPreferences, stored } from './helpers/settings.ts';

const ARTICLE = `${ORIGIN}/article.html`;
const INTRO = 'Rowing is a good outdoor sport for all ages. Read our guide before you go out.';

/** A page that declares no language: its German text tells it. */
const UNDECLARED = `<!doctype html><html><head><meta charset="utf-8"><title>Rudern</title></head><body>
<h1>Rudern auf dem Fluss</h1>
<p id="intro">Die Stadt liegt am Ufer des Flusses. Im Sommer fahren viele Menschen mit dem Boot hinaus, und die
Ruderer trainieren jeden Morgen auf dem ruhigen Wasser, bevor die Schiffe kommen.</p>
</body></html>`;

const offerBar = (page: Page) =>
  page.locator('verso-offer').getByRole('region', { name: 'Verso: translate this page?' });

/**
 * What the worker answers the page at `url` about an offer, once the page has asked itself: the same
 * question asked again from the content scripts' world of the tab (the page's own answer came first).
 * Needs `recordContentMessages` before the page loaded.
 */
async function offerAnswer(background: Worker, url: string, declared: string): Promise<unknown> {
  await expect
    .poll(() =>
      background.evaluate(
        (url) =>
          // The features' own question, or (where there is nothing to offer, so no features came in) the
          // bootstrap's question of an idle top page (lib/bootstrap).
          (self as unknown as { __contentMessages: { type: string; url?: string }[] }).__contentMessages.some(
            (m) => (m.type === 'offer.check' || m.type === 'boot.load') && m.url === url,
          ),
        url,
      ),
    )
    .toBe(true);
  return background.evaluate(
    async ({ url, declared }) => {
      const [tab] = await chrome.tabs.query({ url });
      if (!tab?.id) throw new Error(`no tab at ${url}`);
      const [result] = await chrome.scripting.executeScript({
        target: { tabId: tab.id },
        world: 'ISOLATED',
        func: (asked: unknown) => chrome.runtime.sendMessage(asked),
        args: [{ id: Date.now(), type: 'offer.check', data: { declared }, timestamp: Date.now() }],
      });
      return (result?.result as { res?: unknown } | undefined)?.res;
    },
    { url, declared },
  );
}

test.describe('offer to translate a page in another language', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page, { '/rudern.html': UNDECLARED });
  });

  test('a page in English is offered, above its text, by keyboard; nothing is sent before "Translate"', async ({
    page,
    svc,
  }) => {
    await page.goto(ARTICLE);
    const bar = offerBar(page);
    await expect(bar).toContainText('This page is in English. Translate it into German?');
    // Laid over the page's bottom corner: the page did not move for it.
    const top = () => page.locator('#title').evaluate((el) => el.getBoundingClientRect().top);
    const withBar = await top();
    expect(await page.locator('verso-offer').evaluate((host) => getComputedStyle(host).position)).toBe('fixed');
    await page.locator('verso-offer').evaluate((host) => {
      (host as HTMLElement).style.setProperty('display', 'none', 'important');
    });
    expect(await top()).toBe(withBar);
    await page.locator('verso-offer').evaluate((host) => (host as HTMLElement).style.removeProperty('display'));
    // Asked about, not translated: the service has seen nothing.
    expect(await svc.requests('/v2/translate')).toEqual([]);

    // First in the Tab order, answered with the keyboard.
    await page.keyboard.press('Tab');
    await expect(bar.getByRole('button', { name: 'Translate', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#intro')).toHaveText(toGerman(INTRO));
    await expect(page.locator('verso-offer')).toHaveCount(0);
  });

  test('"Translate": the bar leaves in the frame that shows the translated screen, so the page moves once', async ({
    page,
  }) => {
    await page.goto(ARTICLE);
    const bar = offerBar(page);
    await expect(bar).toBeVisible();
    // Before each frame: is the bar there, and is the first paragraph translated yet?
    await page.evaluate((german) => {
      const frames: Array<{ bar: boolean; translated: boolean }> = [];
      (window as unknown as { __frames: typeof frames }).__frames = frames;
      const look = () => {
        const translated = document.getElementById('intro')?.textContent === german;
        frames.push({ bar: document.querySelector('verso-offer') !== null, translated });
        if (!translated || frames.at(-1)!.bar) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    }, toGerman(INTRO));
    await bar.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(page.locator('#intro')).toHaveText(toGerman(INTRO));
    await expect(page.locator('verso-offer')).toHaveCount(0);
    const frames = await page.evaluate(
      () => (window as unknown as { __frames: Array<{ bar: boolean; translated: boolean }> }).__frames,
    );
    // The bar stayed while the screen was in English, and no frame showed the page moved up untranslated.
    expect(frames[0]).toEqual({ bar: true, translated: false });
    expect(frames.filter((f) => !f.bar && !f.translated)).toEqual([]);
    expect(frames.at(-1)).toEqual({ bar: false, translated: true });
  });

  test('"Always translate English" translates now and from then on; the rule shows in the options', async ({
    page,
    background,
    openExtensionPage,
  }) => {
    await page.goto(ARTICLE);
    await offerBar(page).getByRole('button', { name: 'Always translate English' }).click();
    await expect(page.locator('#intro')).toHaveText(toGerman(INTRO));
    expect(await stored(background, 'languageRules')).toEqual([{ lang: 'en', translate: 'always' }]);

    await page.reload();
    await expect(page.locator('#intro')).toHaveText(toGerman(INTRO));
    await expect(page.locator('verso-offer')).toHaveCount(0);

    const options = await openExtensionPage('options.html#site-rules');
    const rules = options.getByRole('table', { name: 'Language rules' });
    await expect(rules.getByRole('row', { name: /English/ })).toContainText('Always translate');
    await options.getByRole('button', { name: 'Remove the rule for English' }).click();
    await expect(options.getByText('Rule for English removed.')).toBeVisible();
    await expect.poll(() => stored(background, 'languageRules')).toEqual([]);
  });

  test('"Never for this site" saves a site rule; closing the bar sends nothing and asks again next visit', async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(ARTICLE);
    await offerBar(page).getByRole('button', { name: 'Not now' }).click();
    await expect(page.locator('verso-offer')).toHaveCount(0);
    await page.reload();
    await offerBar(page).getByRole('button', { name: 'Never for this site' }).click();
    await expect(page.locator('verso-offer')).toHaveCount(0);
    await expect
      .poll(async () => ((await stored(background, 'siteRules')) as Array<{ host: string; translate: string }>)?.[0])
      .toMatchObject({ host: '127.0.0.1', translate: 'never' });
    expect(await svc.requests('/v2/translate')).toEqual([]);
    await recordContentMessages(background);
    await page.reload();
    // The page asked and was told there is nothing to offer; only then is the bar's absence checked.
    expect(await offerAnswer(background, ARTICLE, 'en')).toEqual({ ok: true, value: {} });
    await expect(page.locator('verso-offer')).toHaveCount(0);
    await expect(page.locator('#intro')).toHaveText(INTRO);
    expect(await svc.requests('/v2/translate')).toEqual([]);
  });

  test('a page that declares no language is offered by the language of its text', async ({ page, background }) => {
    await setPreferences(background, { targetLang: 'en-GB' });
    await page.goto(`${ORIGIN}/rudern.html`);
    await expect(offerBar(page)).toContainText('This page is in German. Translate it into British English?');
  });
});
