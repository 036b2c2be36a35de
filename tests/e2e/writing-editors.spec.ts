import type { BrowserContext, Page } from '@playwright/test';
import { EDITORS, type EditorName, editorPage } from '../fixtures/editors/pages.ts';
import { expect, test } from './fixtures.ts';
import {
  suggestionCard as card,
  editorField,
  enableTyping,
  editorState as state,
  writingButton,
} from './helpers/writing.ts';

// Writing help as you type in the editors people type into: ProseMirror (TipTap), Quill, Lexical, a plain
// contenteditable and a React-controlled textarea, each bundled from its npm package into a fixture page.
// The person types with the keyboard; an applied suggestion must reach the editor's own state, and Ctrl+Z
// in the editor must take it back.

const TYPED = 'I did not recieve teh invoice. ';
let pageCounter = 0;

async function openEditor(context: BrowserContext, page: Page, name: EditorName): Promise<void> {
  const url = `https://editors.verso.test/${name}-${++pageCounter}.html`;
  const body = await editorPage(name);
  await context.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }));
  await page.goto(url);
}

/** The words underlined as misspelled, with the point to click on each, in text order. */
async function underlined(page: Page, name: EditorName): Promise<{ text: string; x: number; y: number }[]> {
  if (name === 'react') {
    // A textarea: the overlay's marks sit under the words; a click just above one lands on its word.
    // Read in one go: the overlay may redraw between two separate reads.
    const boxes = await page
      .locator('verso-writing .vw-mark[data-kind="spelling"]')
      .evaluateAll((marks) => marks.map((m) => m.getBoundingClientRect().toJSON() as DOMRect));
    return boxes.map((b) => ({ text: '', x: b.x + b.width / 2, y: b.y - 6 })).sort((a, b) => a.y - b.y || a.x - b.x);
  }
  return page.evaluate(() => {
    const registry = (CSS as unknown as { highlights: Map<string, Iterable<Range>> }).highlights;
    return [...(registry.get('verso-spelling') ?? [])].map((range) => {
      const r = range.getBoundingClientRect();
      return { text: range.toString(), x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
  });
}

test.describe('writing help as you type in real editors', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await enableTyping(background);
  });

  for (const name of EDITORS) {
    test(`${name}: typed text is underlined; Apply reaches the editor's state and Ctrl+Z undoes it`, async ({
      context,
      page,
      svc,
    }) => {
      await openEditor(context, page, name);
      const field = editorField(page);
      await expect(async () => {
        await field.click();
        await expect(writingButton(page)).toBeVisible({ timeout: 1_500 });
      }).toPass({ timeout: 15_000 });

      await page.keyboard.type(TYPED);
      await expect(state(page)).toHaveText(TYPED);
      await expect.poll(async () => (await underlined(page, name)).length).toBe(2);
      if (name !== 'react') expect((await underlined(page, name)).map((u) => u.text)).toEqual(['recieve', 'teh']);
      // The whole sentence went last. Typing is not timed: a pause of the machine while typing lets the
      // pause-to-check run and send the sentence as it was then, which is what a slow typist gets too.
      const sent = (await svc.requests('/v2/write/correct')).map((r) => r.body?.text as string[]);
      expect(sent.at(-1)).toEqual(['I did not recieve teh invoice.']);
      for (const texts of sent) expect(texts.every((text) => TYPED.startsWith(text))).toBe(true);

      const [first] = await underlined(page, name);
      await page.mouse.click(first!.x, first!.y);
      await expect(card(page)).toHaveAccessibleName('Suggestion: “recieve” → “receive”');
      await card(page).getByRole('button', { name: 'Apply' }).click();
      await expect(state(page)).toHaveText('I did not receive teh invoice.');
      await expect.poll(async () => (await underlined(page, name)).length).toBe(1);

      // The editor's own undo takes the change back.
      await expect(field).toBeFocused();
      await page.keyboard.press('Control+z');
      await expect(state(page)).toHaveText('I did not recieve teh invoice.');
      await expect.poll(async () => (await underlined(page, name)).length).toBe(2);

      // Ignore on the other word; the text stays as typed, and nothing more was sent.
      const [, teh] = await underlined(page, name);
      await page.mouse.click(teh!.x, teh!.y);
      await expect(card(page)).toHaveAccessibleName('Suggestion: “teh” → “the”');
      await card(page).getByRole('button', { name: 'Ignore', exact: true }).click();
      await expect.poll(async () => (await underlined(page, name)).length).toBe(1);
      await expect(state(page)).toHaveText('I did not recieve teh invoice.');
      expect(await svc.requests('/v2/write/correct')).toHaveLength(sent.length);
    });
  }
});
