import type { Page } from '@playwright/test';
import { oddContainersPage, tableNewsPage } from '../../scripts/bench/pages.ts';
import { expect, test } from './fixtures.ts';
import { ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

// The first screen of pages laid out in odd ways (a news site made of nested tables, text directly in a
// cell or in <body> beside nested blocks, flex rows, inline-block cards): every text block on it goes in
// the first requests, before anything off screen, and is translated before anything off screen.

const TABLE = `${ORIGIN}/table-news.html`;
const ODD = `${ORIGIN}/odd-containers.html`;

interface Block {
  /** The block's own text runs (nested `data-b` blocks are blocks of their own), whitespace collapsed. */
  texts: string[];
  /** Some of its own text shows on the first screen. */
  onScreen: boolean;
  /** All of its own text lies more than a screen below the first. */
  farBelow: boolean;
}

/**
 * Reads the page's `data-b` blocks and starts numbering the batches of changes: each block remembers the
 * batch in which its own text first changed (its translation showed), so the order can be compared.
 */
function watchBlocks(page: Page): Promise<Block[]> {
  return page.evaluate(() => {
    const blocks = [...document.querySelectorAll('[data-b]')];
    const own = (el: Element, out: Text[] = []): Text[] => {
      for (const node of el.childNodes) {
        if (node.nodeType === 3) out.push(node as Text);
        else if (node.nodeType === 1 && !(node as Element).hasAttribute('data-b')) own(node as Element, out);
      }
      return out;
    };
    const ownText = (el: Element) =>
      own(el)
        .map((n) => n.data)
        .join('');
    const original = blocks.map(ownText);
    const changed: Array<number | null> = blocks.map(() => null);
    let batch = 0;
    new MutationObserver(() => {
      batch++;
      blocks.forEach((el, i) => {
        if (changed[i] === null && ownText(el) !== original[i]) changed[i] = batch;
      });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as unknown as { __changed: typeof changed }).__changed = changed;
    return blocks.map((el) => {
      const nodes = own(el).filter((n) => /\p{L}/u.test(n.data));
      const boxes = nodes.map((n) => {
        const range = document.createRange();
        range.selectNodeContents(n);
        return range.getBoundingClientRect();
      });
      return {
        texts: nodes.map((n) => n.data.replace(/\s+/g, ' ').trim()),
        onScreen: boxes.some((b) => b.width > 0 && b.bottom > 0 && b.top < innerHeight),
        farBelow: boxes.length > 0 && boxes.every((b) => b.top > 2 * innerHeight),
      };
    });
  });
}

const changedBatches = (page: Page) =>
  page.evaluate(() => (window as unknown as { __changed: Array<number | null> }).__changed);

/** A request's texts as the reader sees them: markup taken out, white space collapsed. */
const plain = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

test.describe('translate page: the first screen of odd layouts', () => {
  test.beforeEach(async ({ configure, page }) => {
    await configure();
    await servePages(page, { '/table-news.html': tableNewsPage(), '/odd-containers.html': oddContainersPage() });
  });

  test('a news site made of tables: every block of the first screen goes first and is translated before anything off screen', async ({
    page,
    background,
    svc,
  }) => {
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
    await page.setViewportSize({ width: 1100, height: 420 });
    await page.goto(TABLE);
    const blocks = await watchBlocks(page);
    const screen = blocks.filter((b) => b.onScreen);
    const below = blocks.filter((b) => b.farBelow);
    // The page is what it should be: cells with text beside nested blocks on screen, stories far below.
    expect(screen.length).toBeGreaterThan(20);
    expect(below.length).toBeGreaterThan(10);

    await pressTranslatePage(background, TABLE);
    await expect.poll(async () => (await changedBatches(page)).every((at) => at !== null)).toBe(true);

    // The first requests carry the whole screen, and nothing far below it.
    const requests = await svc.requests('/v2/translate');
    const wanted = new Set(screen.flatMap((b) => b.texts));
    const first: string[] = [];
    for (const request of requests) {
      if (wanted.size === 0) break;
      const sent = plain(((request.body?.text ?? []) as string[]).join(' | '));
      first.push(sent);
      for (const text of [...wanted]) if (sent.includes(text)) wanted.delete(text);
    }
    expect([...wanted]).toEqual([]);
    // (A story's title is its own; the site names, "hide" and the like repeat on screen.)
    const early = first.join(' | ');
    const titles = below.flatMap((b) => b.texts.filter((text) => /^Story \d+:/.test(text)));
    expect(titles.length).toBeGreaterThan(5);
    for (const title of titles) expect(early).not.toContain(title);

    // And its translations show before any block far below the screen changes.
    const batches = await changedBatches(page);
    const last = Math.max(...blocks.flatMap((b, i) => (b.onScreen ? [batches[i]!] : [])));
    const firstBelow = Math.min(...blocks.flatMap((b, i) => (b.farBelow ? [batches[i]!] : [])));
    expect(last).toBeLessThan(firstBelow);
  });

  test('text in <body>, flex rows, inline-block cards and <br> lines: the whole first screen goes in the first requests, as you read', async ({
    page,
    background,
    svc,
  }) => {
    await setPreferences(background, { targetLang: 'de' });
    await page.setViewportSize({ width: 1100, height: 420 });
    await page.goto(ODD);
    const blocks = await watchBlocks(page);
    const screen = blocks.flatMap((b, i) => (b.onScreen ? [i] : []));
    expect(screen.length).toBeGreaterThan(10);

    await pressTranslatePage(background, ODD);
    await expect
      .poll(async () => {
        const batches = await changedBatches(page);
        return screen.filter((i) => batches[i] === null).length;
      })
      .toBe(0);
    // The first message of the page carried it all: the screen's texts are in the first request.
    const [firstRequest] = await svc.requests('/v2/translate');
    const sent = plain(((firstRequest?.body?.text ?? []) as string[]).join(' | '));
    const missing = screen.flatMap((i) => blocks[i]!.texts).filter((text) => !sent.includes(text));
    expect(missing).toEqual([]);
  });
});
