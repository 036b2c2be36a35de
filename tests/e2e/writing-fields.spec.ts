import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  suggestionCard as card,
  checkedTexts as checked,
  enableTyping,
  fixtureOpener,
  focusField,
  marks,
} from './helpers/writing.ts';

// Writing help as you type in several fields of one page: each field keeps its own underlines while it
// is on the page and its text unchanged, and coming back to one sends nothing again.

const HOST = 'fields.verso.test';
const openFixture = fixtureOpener(HOST);

const MONO = 'font: 16px/24px monospace; padding: 8px; border: 1px solid #888; width: 420px; height: 96px';
const EDITOR =
  '<div id="editor" contenteditable="true" role="textbox" aria-label="Editor" style="width:420px;min-height:80px;border:1px solid #888"><p><br></p></div>';

/** The words Verso highlights (in editable regions) as spelling mistakes. */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const registry = (CSS as unknown as { highlights: Map<string, Iterable<Range>> }).highlights;
    const ranges = registry.get('verso-spelling');
    return ranges ? [...ranges].map((r) => r.toString()) : [];
  });

/** The underlines drawn within the box of `field`. */
async function marksIn(page: Page, field: Locator) {
  const box = (await field.boundingBox())!;
  const all = await marks(page).evaluateAll((list) => list.map((m) => m.getBoundingClientRect().toJSON()));
  return all.filter((r: DOMRect) => r.x >= box.x && r.x < box.x + box.width && r.y >= box.y && r.y < box.y + box.height)
    .length;
}

/** Clicks the middle of a word on the first line of a monospace textarea (column `col`, `length` long). */
async function clickWord(page: Page, field: Locator, col: number, length: number) {
  const cell = await field.evaluate((el: HTMLTextAreaElement) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontSize} ${style.fontFamily}`;
    const rect = el.getBoundingClientRect();
    return {
      left: rect.left + el.clientLeft + Number.parseFloat(style.paddingLeft),
      top: rect.top + el.clientTop + Number.parseFloat(style.paddingTop),
      width: ctx.measureText('x').width,
      line: Number.parseFloat(style.lineHeight),
    };
  });
  await page.mouse.click(cell.left + (col + length / 2) * cell.width, cell.top + cell.line / 2);
}

test.describe('writing help as you type, field by field', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await enableTyping(background);
  });

  test('a textarea keeps its underlines after typing in an editor, and the editor its own after', async ({
    context,
    page,
    svc,
  }) => {
    await openFixture(context, page, `<label>Message <textarea style="${MONO}"></textarea></label>${EDITOR}`);
    const message = page.getByLabel('Message');
    const editor = page.getByRole('textbox', { name: 'Editor' });
    await focusField(page, message);
    await page.keyboard.type('I did not recieve teh invoice. ');
    await expect(marks(page)).toHaveCount(2);

    await editor.click();
    await page.keyboard.type('We got teh parcel. ');
    await expect.poll(() => highlighted(page)).toEqual(['teh']);
    // The textarea's underlines are still drawn under its words.
    await expect(marks(page)).toHaveCount(2);
    expect(await marksIn(page, message)).toBe(2);
    const sent = [['I did not recieve teh invoice.'], ['We got teh parcel.']];
    expect(await checked(svc)).toEqual(sent);

    // Back in the textarea: a click on its underlined word opens the card at once; nothing is sent.
    await clickWord(page, message, 10, 7);
    await expect(card(page)).toHaveAccessibleName('Suggestion: “recieve” → “receive”');
    await card(page).getByRole('button', { name: 'Apply' }).click();
    await expect(message).toHaveValue('I did not receive teh invoice. ');
    await expect(marks(page)).toHaveCount(1);
    // The editor the person left keeps its highlight.
    await expect.poll(() => highlighted(page)).toEqual(['teh']);
    // The next check, after the person's next sentence, holds that sentence alone: nothing of either
    // field was sent again.
    await message.press('End');
    await page.keyboard.type('Thanks. ');
    await expect.poll(() => checked(svc)).toHaveLength(3);
    expect(await checked(svc)).toEqual([...sent, ['Thanks.']]);
  });

  test('two textareas both keep their underlines; a field that leaves the page takes its own', async ({
    context,
    page,
    svc,
  }) => {
    await openFixture(
      context,
      page,
      `<label>First <textarea style="${MONO}"></textarea></label><label>Second <textarea style="${MONO}"></textarea></label>`,
    );
    const first = page.getByLabel('First');
    const second = page.getByLabel('Second');
    await focusField(page, first);
    await page.keyboard.type('I did not recieve teh invoice. ');
    await expect(marks(page)).toHaveCount(2);

    await second.click();
    await page.keyboard.type('We got teh parcel. ');
    await expect(marks(page)).toHaveCount(3);
    expect(await marksIn(page, first)).toBe(2);
    expect(await marksIn(page, second)).toBe(1);

    // Back to the first with the keyboard: its underlines stay, nothing is sent again.
    await first.focus();
    await page.keyboard.press('End');
    await expect(marks(page)).toHaveCount(3);
    // The next check, after a new sentence, holds that sentence alone.
    await page.keyboard.type('Thanks. ');
    await expect.poll(() => checked(svc)).toHaveLength(3);
    expect(await checked(svc)).toEqual([['I did not recieve teh invoice.'], ['We got teh parcel.'], ['Thanks.']]);
    await expect(marks(page)).toHaveCount(3);

    // The second field leaves the page: its underline goes, the first keeps its two.
    await page.evaluate(() => document.querySelectorAll('label')[1]!.remove());
    await expect(marks(page)).toHaveCount(2);
    expect(await marksIn(page, first)).toBe(2);
  });
});
