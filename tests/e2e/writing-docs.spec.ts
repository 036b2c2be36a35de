import type { BrowserContext, Page } from '@playwright/test';
import { docsPage } from '../fixtures/editors/pages.ts';
import { expect, test } from './fixtures.ts';
import { suggestionCard as card, checkedTexts, enableTyping, marks, editorState as state } from './helpers/writing.ts';

// Google Docs draws its text on a canvas. The fixture (tests/fixtures/editors/docs.ts) reproduces the
// annotated-canvas mode as extensions that use it describe it in public: with the page's flag set (as
// for an extension Google approved), an SVG of rects carries each drawn line's text; typing goes to a
// hidden contenteditable in an input iframe. With the annotations, Verso checks the text, underlines it
// over the canvas and applies a suggestion by selecting on the canvas and typing into the input frame,
// so the document (#state) changes and Docs' own Ctrl+Z undoes it. Without them (docs.google.com for an
// extension it did not approve, Verso), Verso says once that it cannot check there and sends nothing.

const START = 'Notes from the meeting are below.\nPlease send the adress list.\n';
const TYPED = 'I did not recieve teh invoice.';
let pageCounter = 0;

async function openDocs(context: BrowserContext, page: Page, annotated: boolean): Promise<void> {
  const url = `https://docs.verso.test/document/d/${++pageCounter}/edit`;
  const body = await docsPage(annotated);
  await context.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }));
  await page.goto(url);
}

const canvas = (page: Page) => page.locator('.kix-canvas-tile-content');

/** Clicks the document's canvas (the caret goes there, focus to the input frame) and goes to its end. */
async function caretToEnd(page: Page): Promise<void> {
  await canvas(page).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+End');
}

/** The spelling underlines over the canvas, with a point just above each (on its word), in text order. */
async function underlined(page: Page): Promise<{ x: number; y: number }[]> {
  const boxes = await page
    .locator('verso-writing .vw-mark[data-kind="spelling"]')
    .evaluateAll((found) => found.map((m) => m.getBoundingClientRect().toJSON() as DOMRect));
  return boxes.map((b) => ({ x: b.x + b.width / 2, y: b.y - 6 })).sort((a, b) => a.y - b.y || a.x - b.x);
}

test.describe('writing help in Google Docs', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await enableTyping(background);
  });

  test('with the annotated canvas: typed words are underlined over the canvas; Apply types into the input frame; Ctrl+Z undoes', async ({
    context,
    page,
    svc,
  }) => {
    await openDocs(context, page, true);
    await expect(state(page)).toHaveText(START);
    // The first press brings Verso's features into the page (the bootstrap): type once they listen.
    // A press Verso did not see yet is taken back before the next try, so the document holds one "I".
    await expect(async () => {
      await caretToEnd(page);
      if (await state(page).evaluate((el) => (el.textContent ?? '').endsWith('I'))) {
        await page.keyboard.press('Backspace');
        await expect(state(page)).toHaveText(START, { timeout: 5_000 });
      }
      await page.keyboard.type('I');
      await expect(state(page)).toHaveText(`${START}I`, { timeout: 5_000 });
      await expect(page.locator('verso-writing')).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await page.keyboard.type(TYPED.slice(1));
    await expect(state(page)).toHaveText(START + TYPED);
    await expect(marks(page)).toHaveCount(3);

    // Each underline lies on its word: a click there puts Docs' caret in it, and Verso's card is that word's.
    const [adress] = await underlined(page);
    await page.mouse.click(adress!.x, adress!.y);
    await expect(card(page)).toHaveAccessibleName('Suggestion: “adress” → “address”');
    await card(page).getByRole('button', { name: 'Apply' }).click();
    await expect(state(page)).toHaveText(START.replace('adress', 'address') + TYPED);
    await expect(marks(page)).toHaveCount(2);

    const [recieve] = await underlined(page);
    await page.mouse.click(recieve!.x, recieve!.y);
    await expect(card(page)).toHaveAccessibleName('Suggestion: “recieve” → “receive”');
    await card(page).getByRole('button', { name: 'Apply' }).click();
    const fixed = START.replace('adress', 'address') + TYPED.replace('recieve', 'receive');
    await expect(state(page)).toHaveText(fixed);

    // Docs' own undo (its key in the input frame, where focus is) takes the last change back, and only it.
    await page.keyboard.press('Control+z');
    await expect(state(page)).toHaveText(START.replace('adress', 'address') + TYPED);
    await expect(marks(page)).toHaveCount(2);

    // F8 from the document reaches the suggestions too; Enter applies the one it opened.
    await page.keyboard.press('F8');
    await expect(card(page)).toHaveAccessibleName('Suggestion: “recieve” → “receive”');
    await page.keyboard.press('Enter');
    await expect(state(page)).toHaveText(fixed);
    await expect(marks(page)).toHaveCount(1);

    // Only the document's sentences went out, each once.
    const sent = (await checkedTexts(svc)).flat() as string[];
    expect(sent.filter((t) => t.includes('recieve'))).toHaveLength(1);
  });

  test('without the annotations (Docs opens them only to extensions it approved): Verso says so once and sends nothing', async ({
    context,
    page,
    svc,
  }) => {
    await openDocs(context, page, false);
    await expect(async () => {
      await caretToEnd(page);
      await page.keyboard.type('I');
      await expect(page.getByText(/Verso can't check text in Google Docs/)).toBeVisible({ timeout: 1_500 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.type(` ${TYPED}`);
    await expect(state(page)).toContainText(TYPED);
    const notice = page.getByRole('status').filter({ hasText: /Verso can't check text in Google Docs/ });
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);
    // Typing on (past the pause) brings it back no more, and no character was sent.
    await caretToEnd(page);
    await page.keyboard.type(' Thanks.');
    await expect(state(page)).toContainText('Thanks.');
    await expect(page.getByText(/Verso can't check text in Google Docs/)).toHaveCount(0);
    expect(await svc.requests('/v2/write/correct')).toEqual([]);
    await expect(marks(page)).toHaveCount(0);
  });
});
