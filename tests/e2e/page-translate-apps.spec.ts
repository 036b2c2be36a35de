import type { Page, Worker } from '@playwright/test';
import { BOATS } from '../fixtures/apps/boats.ts';
import { expect, type TestService, test } from './fixtures.ts';
import { pageErrors, serveApps } from './helpers/apps.ts';
import { toGerman } from './helpers/german.ts';
import { indicatorStatus, ORIGIN, pressTranslatePage } from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

// Apps that change the page without loading a document: client routes (React Router, Vue Router), a body
// replaced on navigation (Turbo Drive, a page's own script), an infinite feed. Each is translated after
// every navigation, keeps the framework working, and comes back exactly as the framework draws it.

const boat = BOATS[0]!;
const other = BOATS[1]!;

/** The shortcut (Alt+Shift+G), pressed on the page where it is now. */
const shortcut = (page: Page, background: Worker) => pressTranslatePage(background, page.url());

/** Every text went to the service once: a navigation back to a view already translated asks nothing. */
async function sentOnce(svc: TestService): Promise<string[]> {
  const texts = (await sentTexts(svc)).map((sent) => sent.text);
  expect(texts.filter((text, i) => texts.indexOf(text) !== i)).toEqual([]);
  // Nothing already translated went back (a copy of a translated view): the fixtures' English has no umlaut.
  expect(texts.filter((text) => /[äöü]/i.test(text))).toEqual([]);
  return texts;
}

test.describe('page translation in apps that change without a load', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await serveApps(page);
  });

  for (const app of ['react', 'vue'] as const) {
    test(`${app}: each route is translated, the app keeps working, and the original is what ${app} draws`, async ({
      page,
      background,
      svc,
    }) => {
      const errors = pageErrors(page);
      await page.goto(`${ORIGIN}/${app}/`);
      await expect(page.locator('#boats li')).toHaveCount(3);
      await shortcut(page, background);
      await expect(page.locator('#heading')).toHaveText(toGerman('Boats of the club'));
      await expect(page).toHaveTitle(toGerman('Boats of the club'));

      // A trusted click on a client route's link: the detail view is drawn and translated, and the title too.
      await page.locator('#boats a').first().click();
      await expect(page).toHaveURL(`${ORIGIN}/${app}/boat/1`);
      await expect(page.locator('#heading')).toHaveText(toGerman(boat.name));
      await expect(page.locator('#about')).toHaveText(toGerman(boat.about));
      await expect(page).toHaveTitle(toGerman(boat.name));

      if (app === 'react') {
        // React re-renders a text it holds (the count) after the translation: translated again, not the original.
        await page.locator('#like').click();
        await expect(page.locator('#likes')).toHaveText(toGerman('You liked this boat 1 times so far.'));
        await page.locator('#like').click();
        await expect(page.locator('#likes')).toHaveText(toGerman('You liked this boat 2 times so far.'));
      } else {
        // Vue's reactive list grows: the new item is translated, the others stay translated.
        await page.locator('#add-trip').click();
        await expect(page.locator('#trips li')).toHaveText([
          toGerman('Morning trip around the island'),
          toGerman('Trip number 2 along the coast'),
        ]);
      }

      // Back to the list by the app's link, then the browser's back and forward.
      await page.locator('#back').click();
      await expect(page.locator('#boats li')).toHaveCount(3);
      await expect(page.locator('#boats li').nth(1)).toHaveText(toGerman(other.name));
      await expect(page).toHaveTitle(toGerman('Boats of the club'));
      await page.goBack();
      await expect(page.locator('#heading')).toHaveText(toGerman(boat.name));
      await expect(page).toHaveTitle(toGerman(boat.name));
      await page.goForward();
      await expect(page.locator('#heading')).toHaveText(toGerman('Boats of the club'));
      await page.locator('#boats a').nth(1).click();
      await expect(page.locator('#heading')).toHaveText(toGerman(other.name));
      await expect(page.locator('#about')).toHaveText(toGerman(other.about));
      await expect(page).toHaveTitle(toGerman(other.name));
      await expect(indicatorStatus(page)).toHaveText('Translated into German');

      // Nothing went twice: the list and the first boat, seen again, were known.
      const texts = await sentOnce(svc);
      expect(texts).toContain(other.about);

      // The original: exactly what the framework draws now for this route and this state.
      await shortcut(page, background);
      await expect(page.locator('#heading')).toHaveText(other.name);
      await expect(page).toHaveTitle(other.name);
      const fresh = await page.evaluate(() => (window as unknown as { freshRender(): Promise<string> }).freshRender());
      await expect.poll(() => page.locator('#root').innerHTML()).toBe(fresh);

      // Translation off: the app navigates on, and nothing is sent for it.
      const before = (await sentTexts(svc)).length;
      await page.locator('#back').click();
      await expect(page.locator('#heading')).toHaveText('Boats of the club');
      await page.locator('#boats a').nth(2).click();
      await expect(page.locator('#heading')).toHaveText(BOATS[2]!.name);
      await expect(page).toHaveTitle(BOATS[2]!.name);
      // The person turns it on again: only the new view's texts go, and the ones sent while it was off were none.
      expect((await sentTexts(svc)).length).toBe(before);
      await shortcut(page, background);
      await expect(page.locator('#about')).toHaveText(toGerman(BOATS[2]!.about));
      await sentOnce(svc);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('page translation in apps, both languages shown', () => {
  test('react in bilingual mode: lines follow the routes and re-renders, and the original is what React draws', async ({
    page,
    background,
    configure,
  }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de', pageMode: 'bilingual' });
    await serveApps(page);
    const errors = pageErrors(page);
    await page.goto(`${ORIGIN}/react/`);
    await shortcut(page, background);
    await expect(page.locator('#intro .verso-bilingual')).toHaveText(toGerman('Choose a boat to read about it.'));
    await page.locator('#boats a').first().click();
    await expect(page.locator('#about .verso-bilingual')).toHaveText(toGerman(boat.about));
    await page.locator('#like').click();
    await expect(page.locator('#likes .verso-bilingual')).toHaveText(toGerman('You liked this boat 1 times so far.'));
    await page.goBack();
    await expect(page.locator('#intro .verso-bilingual')).toHaveText(toGerman('Choose a boat to read about it.'));
    await page.goForward();
    await expect(page.locator('#about .verso-bilingual')).toHaveText(toGerman(boat.about));
    await shortcut(page, background);
    await expect(page.locator('.verso-bilingual')).toHaveCount(0);
    const fresh = await page.evaluate(() => (window as unknown as { freshRender(): Promise<string> }).freshRender());
    await expect.poll(() => page.locator('#root').innerHTML()).toBe(fresh);
    expect(errors).toEqual([]);
  });
});

test.describe('page translation when the body is replaced, and in an infinite feed', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await serveApps(page);
  });

  test('Turbo Drive: each page it swaps in is translated, back and forward too, and the original is the server’s', async ({
    page,
    background,
    svc,
  }) => {
    const errors = pageErrors(page);
    const pages = [
      { n: 1, title: 'Harbour news', text: 'The harbour opens at six in the morning.' },
      { n: 2, title: 'Boat repair', text: 'Our workshop fixes boats of wood and of metal.' },
      { n: 3, title: 'Tide tables', text: 'Low tide is at noon, high tide in the evening.' },
    ];
    const translated = async (at: (typeof pages)[number]) => {
      await expect(page).toHaveURL(`${ORIGIN}/turbo/${at.n}.html`);
      await expect(page.locator('#heading')).toHaveText(toGerman(at.title));
      await expect(page.locator('#text')).toHaveText(toGerman(at.text));
      await expect(page).toHaveTitle(toGerman(at.title));
    };
    await page.goto(`${ORIGIN}/turbo/1.html`);
    await shortcut(page, background);
    await translated(pages[0]!);
    // A tooltip is translated when the person points at it; Turbo's copy of the page keeps it.
    await page.locator('#to-1').hover();
    await expect(page.locator('#to-1')).toHaveAttribute('title', toGerman('News from our harbour'));
    const body = await page.evaluate(() => document.body);
    await page.locator('#to-2').click();
    await translated(pages[1]!);
    // Turbo replaced the <body> element itself.
    expect(await page.evaluate((old) => old !== document.body, body)).toBe(true);
    await page.locator('#to-3').click();
    await translated(pages[2]!);
    await page.goBack();
    await translated(pages[1]!);
    await page.goBack();
    await translated(pages[0]!);
    await page.goForward();
    await translated(pages[1]!);
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
    await sentOnce(svc);

    await shortcut(page, background);
    await expect(page.locator('#heading')).toHaveText('Boat repair');
    await expect(page).toHaveTitle('Boat repair');
    // The page's content exactly as the server sends it.
    const served = await page.evaluate(async () => {
      const html = await (await fetch(location.href)).text();
      return new DOMParser().parseFromString(html, 'text/html').querySelector('main')!.outerHTML;
    });
    await expect.poll(() => page.locator('main').evaluate((main) => main.outerHTML)).toBe(served);
    expect(errors).toEqual([]);
  });

  test('a page that replaces its own <body>: the new body is translated and restored', async ({
    page,
    background,
    svc,
  }) => {
    const errors = pageErrors(page);
    await page.goto(`${ORIGIN}/swap/`);
    await shortcut(page, background);
    await expect(page.locator('#text')).toHaveText(toGerman('The boat leaves the harbour at dawn.'));
    await page.locator('#next').click();
    await expect(page.locator('#heading')).toHaveText(toGerman('Chapter two'));
    await expect(page.locator('#text')).toHaveText(toGerman('Out on the open water the wind turns around.'));
    await expect(page).toHaveTitle(toGerman('Chapter two'));
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
    await sentOnce(svc);

    await shortcut(page, background);
    await expect(page).toHaveTitle('Chapter two');
    await expect
      .poll(() => page.evaluate(() => document.body.innerHTML))
      .toBe(
        '<main><h1 id="heading">Chapter two</h1><p id="text">Out on the open water the wind turns around.</p></main>',
      );
    expect(errors).toEqual([]);
  });

  test('a hostile page that swaps its body and pushes history every 10 ms is not sent again and again', async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(`${ORIGIN}/storm/`);
    await shortcut(page, background);
    await expect
      .poll(async () => (await sentTexts(svc)).map((sent) => sent.text))
      .toContain('Boats stay in the harbour today.');
    const swaps = () => page.evaluate(() => (window as unknown as { swaps: number }).swaps);
    // 150 more swaps after the first answer (1.5 s at full speed, more on a busy machine): the watcher
    // reports every 1.5 s at most, each time a new body to cut.
    const from = await swaps();
    await expect.poll(swaps, { timeout: 60_000 }).toBeGreaterThan(from + 150);
    await page.evaluate(() => (window as unknown as { calm(): void }).calm());
    // The last body is translated from the answers the page has: nothing went twice, the title once.
    await expect(page.locator('#text')).toHaveText(toGerman('Boats stay in the harbour today.'));
    await expect(page).toHaveTitle(toGerman('Storm warning'));
    const texts = await sentOnce(svc);
    expect(texts.sort()).toEqual(['Boats stay in the harbour today.', 'Storm warning']);
    await shortcut(page, background);
    await expect(page.locator('#text')).toHaveText('Boats stay in the harbour today.');
    await expect(page).toHaveTitle('Storm warning');
  });

  test('an infinite feed: posts appended while scrolling are translated, once, and restored', async ({
    page,
    background,
    svc,
  }) => {
    const errors = pageErrors(page);
    await page.goto(`${ORIGIN}/feed/`);
    await shortcut(page, background);
    const heading = (n: number) => page.locator(`#post${n} h2`);
    await expect(heading(0)).toHaveText(toGerman('Post 0 about rowing'));
    // The reader scrolls with the wheel; the feed appends posts as the end comes near.
    await page.mouse.move(200, 200);
    for (let i = 0; (await page.locator('.post').count()) < 20; i++) {
      expect(i).toBeLessThan(200);
      await page.mouse.wheel(0, 400);
    }
    await page.locator('#post17').scrollIntoViewIfNeeded();
    await expect(heading(17)).toHaveText(toGerman('Post 17 about sailing'));
    await expect(page.locator('#post17 p')).toHaveText(
      toGerman('Story number 17 of our club: a long morning out on the water with good company.'),
    );
    const texts = await sentOnce(svc);
    expect(texts).toContain('Post 17 about sailing');

    await shortcut(page, background);
    await expect(heading(17)).toHaveText('Post 17 about sailing');
    const fresh = await page.evaluate(() => (window as unknown as { freshRender(): string }).freshRender());
    await expect.poll(() => page.locator('#feed').innerHTML()).toBe(fresh);
    expect(errors).toEqual([]);
  });
});
