import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { indicator, indicatorStatus, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

// Cards in a flex row, floated and inline-block, a flex menu of bare links and inline-block badges: the
// boxes keep their places while the translation is shown (translated and bilingual), and "Show original"
// gives back the exact markup.
const URL = `${ORIGIN}/layout.html`;
const card = (i: number, cls: string) =>
  `<div class="${cls}" id="${cls}-${i}"><h3>Card number ${i} about boats</h3><p>Some text about rowing on the river, card ${i}.</p></div>`;
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Layout</title>
<style>
  body { font: 16px/1.4 sans-serif; margin: 0; width: 900px; }
  .menu { display: flex; gap: 12px; padding: 8px; }
  .row { display: flex; gap: 10px; margin: 10px 0; }
  .flex { flex: 1; border: 1px solid #999; padding: 6px; }
  .floats { overflow: hidden; margin: 10px 0; }
  .float { float: left; width: 260px; margin-right: 10px; border: 1px solid #999; padding: 6px; }
  .inline { display: inline-block; width: 260px; vertical-align: top; border: 1px solid #999; padding: 6px; }
  .badges .badge { display: inline-block; padding: 2px 8px; border: 1px solid #999; border-radius: 8px; }
  .grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 10px; }
</style></head><body>
<nav class="menu" id="menu"><a href="#a" id="m1">Home</a><a href="#b" id="m2">News</a><a href="#c" id="m3">About us</a></nav>
<div class="row">${[1, 2, 3].map((i) => card(i, 'flex')).join('')}</div>
<div class="floats">${[1, 2, 3].map((i) => card(i, 'float')).join('')}</div>
<div class="inlines">${[1, 2, 3].map((i) => card(i, 'inline')).join('')}</div>
<p class="badges" id="badges">Tags: <span class="badge" id="b1">boats</span> <span class="badge" id="b2">rowing</span> <span class="badge" id="b3">river</span></p>
<div class="grid" id="grid"><span id="g1">First cell</span><span id="g2">Second cell</span><span id="g3">Third cell</span></div>
</body></html>`;

const BOXES = [
  'm1',
  'm2',
  'm3',
  'flex-1',
  'flex-2',
  'flex-3',
  'float-1',
  'float-2',
  'float-3',
  'inline-1',
  'inline-2',
  'inline-3',
  'b1',
  'b2',
  'b3',
  'g1',
  'g2',
  'g3',
];

/** Where each box starts: its left edge, and its top relative to the first box of its group. */
const places = (page: Page) =>
  page.evaluate((ids) => {
    const out: Record<string, { left: number; top: number }> = {};
    for (const id of ids) {
      const box = document.getElementById(id)!.getBoundingClientRect();
      const first = document.getElementById(id.replace(/\d$/, '1'))!.getBoundingClientRect();
      out[id] = { left: Math.round(box.left), top: Math.round(box.top - first.top) };
    }
    return out;
  }, BOXES);

// The pseudo-translation keeps lengths, so boxes may move only when Verso's own nodes move them.
const TOLERANCE = 2;

test.describe('page translation: the page layout survives', () => {
  for (const mode of ['replace', 'bilingual'] as const) {
    test(`flex, float, inline-block and grid boxes keep their places (${mode}); the original comes back exactly`, async ({
      configure,
      background,
      page,
    }) => {
      await configure();
      await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page', pageMode: mode });
      await servePages(page, { '/layout.html': PAGE });
      await page.goto(URL);
      const before = await page.evaluate(() => document.body.innerHTML);
      const original = await places(page);
      await pressTranslatePage(background, URL);
      await expect(indicatorStatus(page)).toHaveText('Translated into German');
      const shown = await places(page);
      const moved = BOXES.filter(
        (id) =>
          Math.abs(shown[id]!.left - original[id]!.left) > TOLERANCE ||
          Math.abs(shown[id]!.top - original[id]!.top) > TOLERANCE,
      ).map((id) => `${id}: ${JSON.stringify(original[id])} -> ${JSON.stringify(shown[id])}`);
      expect(moved).toEqual([]);
      if (mode === 'bilingual') {
        // Each line goes under its original, never as one more item of a flex row or a grid.
        const lines = await page.evaluate(() =>
          [...document.querySelectorAll('.verso-bilingual')].map((line) => ({
            text: line.textContent,
            parent: getComputedStyle(line.parentElement!).display,
          })),
        );
        expect(lines.length).toBeGreaterThanOrEqual(BOXES.length);
        expect(lines.filter((line) => /flex|grid/.test(line.parent))).toEqual([]);
      }
      await indicator(page).getByRole('button', { name: 'Show original' }).click();
      await expect(indicatorStatus(page)).toHaveText('Showing the original');
      expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
      expect(await places(page)).toEqual(original);
    });
  }
});
