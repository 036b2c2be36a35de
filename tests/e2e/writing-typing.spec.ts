import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  checkedTexts as checked,
  enableTyping,
  fixtureOpener,
  focusField,
  highlighted as highlightsOf,
  marks,
} from './helpers/writing.ts';

// Writing help as you type: a person types with the keyboard, pauses, and sees the changes underlined
// in the field itself; only changed sentences go to /v2/write/correct.

const HOST = 'typing.verso.test';
const openFixture = fixtureOpener(HOST);

/** Each underline's box, in page order. */
async function markBoxes(page: Page) {
  // Read in one go: the overlay may redraw between two separate reads.
  const boxes = await marks(page).evaluateAll((all) =>
    all.map((m) => {
      const r = m.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  return boxes.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Where the words of a monospace textarea are drawn: column and line times the cell size. */
async function cellOf(field: Locator) {
  return field.evaluate((el: HTMLTextAreaElement) => {
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
}

const MONO = 'font: 16px/24px monospace; padding: 8px; border: 1px solid #888; width: 420px; height: 120px';

/** The words Verso's spelling highlight covers, with the top of each in the viewport. */
const spellingHighlights = (page: Page) =>
  page.evaluate(() => {
    const registry = (CSS as unknown as { highlights: Map<string, Iterable<Range>> }).highlights;
    return [...(registry.get('verso-spelling') ?? [])].map((r) => ({
      text: r.toString(),
      top: Math.round(r.getBoundingClientRect().top),
    }));
  });

test.describe('writing help as you type', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await enableTyping(background);
  });

  test('a pause underlines the changes in place in a textarea; only new sentences are sent', async ({
    context,
    page,
    svc,
  }) => {
    await openFixture(
      context,
      page,
      `<label>Message <textarea style="${MONO}"></textarea></label><p id="after">After</p>`,
    );
    const field = page.getByLabel('Message');
    await focusField(page, field);
    const layoutBefore = await page.evaluate(() => ({
      after: document.getElementById('after')!.getBoundingClientRect().toJSON(),
      height: document.documentElement.scrollHeight,
      width: document.documentElement.scrollWidth,
    }));

    await page.keyboard.type('I did not recieve teh invoice. ');
    await expect(marks(page)).toHaveCount(2);
    expect(await checked(svc)).toEqual([['I did not recieve teh invoice.']]);
    await expect(page.locator('verso-writing .vw-mark[data-kind="spelling"]')).toHaveCount(2);

    // Under the words themselves: "recieve" is columns 10-16, "teh" 18-20 of line 1.
    const cell = await cellOf(field);
    const [recieve, teh] = await markBoxes(page);
    expect(Math.abs(recieve!.x - (cell.left + 10 * cell.width))).toBeLessThan(2);
    expect(Math.abs(recieve!.width - 7 * cell.width)).toBeLessThan(2);
    expect(Math.abs(teh!.x - (cell.left + 18 * cell.width))).toBeLessThan(2);
    expect(recieve!.y).toBeGreaterThan(cell.top + cell.line / 2);
    expect(recieve!.y + recieve!.height).toBeLessThanOrEqual(cell.top + cell.line + 1);

    // The page's layout did not move for the overlay.
    expect(
      await page.evaluate(() => ({
        after: document.getElementById('after')!.getBoundingClientRect().toJSON(),
        height: document.documentElement.scrollHeight,
        width: document.documentElement.scrollWidth,
      })),
    ).toEqual(layoutBefore);

    // A second sentence: only it is sent.
    await page.keyboard.type('Could you send it again ?');
    await expect(marks(page)).toHaveCount(3);
    expect(await checked(svc)).toEqual([['I did not recieve teh invoice.'], ['Could you send it again ?']]);
    await expect(page.locator('verso-writing .vw-mark[data-kind="punctuation"]')).toHaveCount(1);
  });

  test('underlines follow scrolling and wrapping, and go when the field is disabled or removed', async ({
    context,
    page,
  }) => {
    await openFixture(context, page, `<label>Message <textarea style="${MONO}"></textarea></label>`);
    const field = page.getByLabel('Message');
    await focusField(page, field);
    await page.keyboard.type('Line one.\nLine two.\nLine three.\nLine four.\nI did not recieve it.\n');
    await expect(marks(page)).toHaveCount(1);
    // Typing scrolled the field to the caret; from the top, the word is on line 5.
    await field.evaluate((el) => {
      el.scrollTop = 0;
    });
    // The line (0 is the first) an underline is drawn in: it sits below the letters, inside their line.
    const lineOfMark = async (cell: { top: number; line: number }) => {
      const [box] = await markBoxes(page);
      return Math.floor((box!.y + box!.height - 1 - cell.top) / cell.line);
    };
    const cell = await cellOf(field);
    await expect.poll(() => lineOfMark(cell)).toBe(4);
    const before = (await markBoxes(page))[0]!;

    // The field scrolls: the underline moves with its word.
    const scrolled = await field.evaluate((el) => {
      el.scrollTop = 20;
      return el.scrollTop;
    });
    expect(scrolled).toBe(20);
    await expect.poll(async () => Math.round((await markBoxes(page))[0]!.y)).toBe(Math.round(before.y - 20));

    // The field gets narrower: "recieve" wraps to the next line, and its underline with it.
    await field.evaluate((el) => {
      el.scrollTop = 0;
      el.style.width = '150px';
    });
    const narrow = await cellOf(field);
    await expect.poll(() => lineOfMark(narrow)).toBe(5);

    await field.evaluate((el: HTMLTextAreaElement) => {
      el.disabled = true;
    });
    await expect(marks(page)).toHaveCount(0);
    await field.evaluate((el: HTMLTextAreaElement) => {
      el.disabled = false;
    });
    await field.click();
    await page.keyboard.type(' ');
    await expect(marks(page)).toHaveCount(1);
    await field.evaluate((el) => el.remove());
    await expect(marks(page)).toHaveCount(0);
  });

  test('an answer for words that changed while it was out is never shown on the new words', async ({
    context,
    page,
    svc,
  }) => {
    await openFixture(context, page, `<label>Message <textarea style="${MONO}"></textarea></label>`);
    const field = page.getByLabel('Message');
    await focusField(page, field);
    await svc.addFaults([{ path: '/v2/write', hold: true }]);
    await page.keyboard.type('I did not recieve teh invoice.');
    await expect.poll(() => svc.held()).toBe(1);
    // While it is out, the person rewrites the sentence (same length, other words).
    await page.keyboard.press('Control+a');
    await page.keyboard.type('We have not got teh parcel.');
    await svc.release();
    // The answer came back (logged), and the next pause checks the new sentence: one mark, on "teh".
    await expect.poll(async () => (await svc.requests('/v2/write')).map((r) => r.status)).toEqual([200, 200]);
    expect(await checked(svc)).toEqual([['I did not recieve teh invoice.'], ['We have not got teh parcel.']]);
    await expect(marks(page)).toHaveCount(1);
    const cell = await cellOf(field);
    const [teh] = await markBoxes(page);
    expect(Math.abs(teh!.x - (cell.left + 16 * cell.width))).toBeLessThan(2);
  });

  test('in a long document only the underlines on screen or near it are laid out; scrolling brings the others', async ({
    context,
    page,
  }) => {
    // About 2,500 words in paragraphs: a misspelt word in the first and in the last, the rest clean.
    const filler = 'The quarterly figures were shared with every team before the meeting. ';
    const paragraphs = Array.from({ length: 40 }, (_, i) => {
      const body = filler.repeat(5);
      if (i === 0) return `<p>${body}We did not recieve it.</p>`;
      if (i === 39) return `<p>${body}Thank you for teh notes.</p>`;
      return `<p>${body}</p>`;
    }).join('');
    await openFixture(
      context,
      page,
      `<div id="editor" contenteditable="true" role="textbox" aria-label="Editor" style="width:500px;height:200px;overflow:auto;border:1px solid #888">${paragraphs}</div>`,
    );
    const editor = page.getByRole('textbox', { name: 'Editor' });
    await focusField(page, editor);
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('Hello. ');
    const highlighted = async () => (await spellingHighlights(page)).map((h) => h.text);
    await expect.poll(highlighted).toEqual(['recieve']);
    // Both suggestions are known (the counter says 2); the far one is underlined once scrolled near.
    await expect(page.getByRole('button', { name: 'Writing suggestions: 2' })).toBeVisible();
    await page.locator('#editor').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(highlighted).toEqual(['teh']);
    await page.locator('#editor').evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(highlighted).toEqual(['recieve']);
  });

  test('the page scrolls under a long mail: underlines and the counter move with it, the underlines near the screen stay', async ({
    context,
    page,
  }) => {
    // A compose box that grows with its text, in a page that scrolls (as typing at a mail's end does).
    const filler = '<div>The quarterly figures were shared with every team before the meeting.</div>';
    const lines = `${filler.repeat(150)}<div>Thank you for teh notes.</div>`;
    await openFixture(
      context,
      page,
      `<div id="editor" contenteditable="true" role="textbox" aria-label="Message" style="width:500px;border:1px solid #888">${lines}</div><div style="height:400px"></div>`,
    );
    const editor = page.getByRole('textbox', { name: 'Message' });
    await focusField(page, editor);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Bye.');
    const highlighted = () => spellingHighlights(page);
    await expect.poll(async () => (await highlighted()).map((h) => h.text)).toEqual(['teh']);
    const counter = page.getByRole('button', { name: 'Writing suggestions: 1' });
    await expect(counter).toBeVisible();
    const scrollY = () => page.evaluate(() => window.scrollY);
    const before = {
      y: await scrollY(),
      counter: (await counter.boundingBox())!.y,
      word: (await highlighted())[0]!.top,
    };
    // A few lines down: the word and the counter on the field's corner move up by as much.
    await page.mouse.wheel(0, 60);
    await expect.poll(scrollY).toBeGreaterThan(before.y);
    const moved = (await scrollY()) - before.y;
    await expect.poll(async () => (await counter.boundingBox())!.y).toBeCloseTo(before.counter - moved, 0);
    expect(await highlighted()).toEqual([{ text: 'teh', top: before.word - moved }]);
    // The page's style makes the box taller (nothing in it changed): the counter stays on its corner.
    const box = (await editor.boundingBox())!;
    const corner = (await counter.boundingBox())!.y - (box.y + box.height);
    await page.evaluate((height) => {
      const style = document.createElement('style');
      style.textContent = `.roomy #editor { min-height: ${height + 40}px }`;
      document.head.append(style);
      document.body.classList.add('roomy');
    }, box.height);
    await expect.poll(async () => (await editor.boundingBox())!.height).toBeGreaterThan(box.height);
    const grown = (await editor.boundingBox())!;
    await expect.poll(async () => (await counter.boundingBox())!.y - (grown.y + grown.height)).toBeCloseTo(corner, 0);
    // To the top, far from the word: its underline is not laid out; back down, it is again.
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await expect.poll(highlighted).toEqual([]);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
    await expect.poll(async () => (await highlighted()).map((h) => h.text)).toEqual(['teh']);
    await expect(counter).toBeVisible();
  });

  test('works in text, search and email inputs, never in password, payment or one-time-code fields', async ({
    context,
    page,
    svc,
  }) => {
    await openFixture(
      context,
      page,
      `<label>Subject <input type="text" size="60"></label>
      <label>Search <input type="search" size="60"></label>
      <label>Email <input type="email" size="60"></label>
      <label>Password <input type="password"></label>
      <label>Card <input type="text" autocomplete="cc-number"></label>
      <label>Code <input type="text" autocomplete="one-time-code"></label>
      <label>Notes <textarea></textarea></label>`,
    );
    for (const [i, name] of ['Password', 'Card', 'Code'].entries()) {
      await page.getByLabel(name).click();
      await page.keyboard.type(`Secret number ${i} teh end.`);
    }
    const subject = page.getByLabel('Subject');
    await focusField(page, subject);
    await page.keyboard.type('Teh plan. ');
    await expect(marks(page)).toHaveCount(1);
    await page.getByLabel('Search').click();
    await page.keyboard.type('recieve mail. ');
    // Each field keeps its own underlines (writing-fields.spec.ts).
    await expect(marks(page)).toHaveCount(2);
    await page.getByLabel('Email').click();
    await page.keyboard.type('Hello teh. ');
    await expect(marks(page)).toHaveCount(3);
    // The check of a later field came after the secret ones were typed: they were never sent.
    expect((await checked(svc)).flat()).toEqual(['Teh plan.', 'recieve mail.', 'Hello teh.']);
  });

  test('a form in the region whose control is named "parentNode" does not lead the read astray', async ({
    context,
    page,
  }) => {
    // A form's named controls shadow its own properties in every world: form.parentNode is the input.
    await openFixture(
      context,
      page,
      '<div id="editor" contenteditable="true" role="textbox" aria-label="Editor" style="width:500px"><p>First line.</p><form><input name="parentNode">Loose words<p>Last line.</p></form></div>',
    );
    expect(await page.locator('form').evaluate((f) => (f.parentNode as Element).localName)).toBe('input');
    const editor = page.getByRole('textbox', { name: 'Editor' });
    await focusField(page, editor);
    await page.getByText('First line.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' I did not recieve teh invoice. ');
    await expect.poll(() => highlightsOf(page).then((h) => h.map((x) => x.text))).toEqual(['recieve', 'teh']);
    // Typing next to the form's own text: read in its line, the underlines stay on their words. The
    // click is the mouse's: Playwright's own checks of a click's target are led astray by that form too.
    const end = await page.evaluate(() => {
      const text = [...document.querySelector('form')!.childNodes].find((n) => n.nodeType === 3)!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const r = range.getBoundingClientRect();
      return { x: r.right - 2, y: r.top + r.height / 2 };
    });
    await page.mouse.click(end.x, end.y);
    await page.keyboard.press('End');
    await page.keyboard.type(' and more');
    await expect
      .poll(() => page.evaluate(() => document.querySelector('form')!.textContent))
      .toContain('Loose words and more');
    await page.getByText('First line.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Thanks.');
    await expect.poll(() => highlightsOf(page).then((h) => h.map((x) => x.text))).toEqual(['recieve', 'teh']);
  });

  test('a contenteditable editor gets highlights on the words, its DOM untouched', async ({ context, page, svc }) => {
    await openFixture(
      context,
      page,
      '<div id="editor" contenteditable="true" role="textbox" aria-label="Editor" style="width:500px;min-height:80px;border:1px solid #888"><p><br></p></div><label>Notes <textarea></textarea></label>',
    );
    const editor = page.getByRole('textbox', { name: 'Editor' });
    await focusField(page, editor);
    await page.keyboard.type('I did not recieve teh invoice. ');
    const highlighted = async () => (await spellingHighlights(page)).map((h) => h.text);
    await expect.poll(highlighted).toEqual(['recieve', 'teh']);
    expect(await checked(svc)).toEqual([['I did not recieve teh invoice.']]);
    // No element was added to the editor (one paragraph of plain text); the overlay draws nothing for it.
    await expect(page.locator('#editor > *')).toHaveCount(1);
    await expect(page.locator('#editor p *')).toHaveCount(0);
    await expect(marks(page)).toHaveCount(0);

    // Typing in another field: that one is checked, and the editor keeps its highlights.
    await page.getByLabel('Notes').click();
    await page.keyboard.type('We got teh parcel. ');
    await expect(marks(page)).toHaveCount(1);
    await expect.poll(highlighted).toEqual(['recieve', 'teh']);
    // Until it leaves the page.
    await page.locator('#editor').evaluate((el) => el.remove());
    await expect.poll(highlighted).toEqual([]);
    await expect(marks(page)).toHaveCount(1);
  });

  test.describe('cards', () => {
    const card = (page: Page) => page.getByRole('dialog', { name: /^Suggestion: / });

    /** Clicks the middle of a word of a monospace textarea's first line (column `col`, `length` long). */
    async function clickWord(page: Page, field: Locator, col: number, length: number) {
      const cell = await cellOf(field);
      await page.mouse.click(cell.left + (col + length / 2) * cell.width, cell.top + cell.line / 2);
    }

    test('a click on an underlined word opens its card; Apply changes the field through its editing, Ctrl+Z undoes', async ({
      context,
      page,
      svc,
    }) => {
      await openFixture(context, page, `<label>Message <textarea style="${MONO}"></textarea></label>`);
      const field = page.getByLabel('Message');
      await focusField(page, field);
      await page.keyboard.type('I did not recieve teh invoice. ');
      await expect(marks(page)).toHaveCount(2);

      await clickWord(page, field, 10, 7);
      await expect(card(page)).toHaveAccessibleName('Suggestion: “recieve” → “receive”');
      await expect(card(page)).toContainText('Spelling');
      await card(page).getByRole('button', { name: 'Apply' }).click();
      await expect(field).toHaveValue('I did not receive teh invoice. ');
      await expect(card(page)).toBeHidden();
      await expect(marks(page)).toHaveCount(1);
      await expect(field).toBeFocused();

      // The browser's own undo takes the change back; the sentence is as checked before, so its
      // underlines come back without a new request.
      await page.keyboard.press('Control+z');
      await expect(field).toHaveValue('I did not recieve teh invoice. ');
      await expect(marks(page)).toHaveCount(2);
      expect(await checked(svc)).toEqual([['I did not recieve teh invoice.']]);

      // Ignore: that suggestion goes, the other stays.
      await clickWord(page, field, 18, 3);
      await card(page).getByRole('button', { name: 'Ignore', exact: true }).click();
      await expect(marks(page)).toHaveCount(1);
    });

    test('"Ignore everywhere" keeps the word out of every field, on every page', async ({ context, page, svc }) => {
      await openFixture(context, page, `<label>Message <textarea style="${MONO}"></textarea></label>`);
      const field = page.getByLabel('Message');
      await focusField(page, field);
      await page.keyboard.type('I did not recieve teh invoice. ');
      await expect(marks(page)).toHaveCount(2);
      await clickWord(page, field, 10, 7);
      await card(page).getByRole('button', { name: 'Ignore everywhere' }).click();
      await expect(marks(page)).toHaveCount(1);

      await openFixture(context, page, `<label>Other <textarea style="${MONO}"></textarea></label>`);
      const other = page.getByLabel('Other');
      await focusField(page, other);
      await page.keyboard.type('We recieve teh parcels. ');
      await expect.poll(async () => (await checked(svc)).length).toBe(2);
      // Only "teh": "recieve" is in the personal dictionary now.
      await expect(marks(page)).toHaveCount(1);
      const cell = await cellOf(other);
      const [teh] = await markBoxes(page);
      expect(Math.abs(teh!.x - (cell.left + 11 * cell.width))).toBeLessThan(2);
    });

    test('the keyboard: F8 goes from suggestion to suggestion, Enter applies, Escape closes, Tab enters the card', async ({
      context,
      page,
    }) => {
      await openFixture(context, page, `<label>Message <textarea style="${MONO}"></textarea></label>`);
      const field = page.getByLabel('Message');
      await focusField(page, field);
      await page.keyboard.type('I did not recieve teh invoice. Could you send it again ?');
      await expect(marks(page)).toHaveCount(3);
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('F8');
      await expect(card(page)).toHaveAccessibleName('Suggestion: “recieve” → “receive”');
      await page.keyboard.press('F8');
      await expect(card(page)).toHaveAccessibleName('Suggestion: “teh” → “the”');
      await page.keyboard.press('Escape');
      await expect(card(page)).toBeHidden();
      await expect(field).toHaveValue('I did not recieve teh invoice. Could you send it again ?');
      await page.keyboard.press('Shift+F8');
      await expect(card(page)).toHaveAccessibleName('Suggestion: Remove “␣”');
      await page.keyboard.press('Enter');
      await expect(field).toHaveValue('I did not recieve teh invoice. Could you send it again?');
      await page.keyboard.press('F8');
      await expect(card(page)).toHaveAccessibleName('Suggestion: “recieve” → “receive”');
      await page.keyboard.press('Tab');
      await expect(card(page).getByRole('button', { name: 'Apply' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(card(page).getByRole('button', { name: 'Ignore', exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(field).toBeFocused();
      await expect(marks(page)).toHaveCount(1);
      await expect(field).toHaveValue('I did not recieve teh invoice. Could you send it again?');
    });

    test("the key for the next suggestion is the person's choice in Options: keys a field needs are refused", async ({
      context,
      page,
      background,
      openExtensionPage,
    }) => {
      const options = await openExtensionPage('options.html#writing');
      const recorder = options.getByRole('button', { name: 'Key for the next suggestion' });
      await expect(recorder).toHaveText('F8');
      await recorder.click();
      await expect(recorder).toHaveText('Press the key…');
      await options.keyboard.press('j');
      await expect(options.getByRole('alert')).toHaveText(/^J alone is a key text fields need/);
      await options.keyboard.press('Control+z');
      await expect(options.getByRole('alert')).toHaveText(/^Ctrl\+Z is an editing shortcut of text fields/);
      // A modifier held alone waits for its key; Alt+J is taken.
      await options.keyboard.down('Alt');
      await expect(options.getByRole('alert')).toHaveText(/^Ctrl\+Z/);
      await options.keyboard.press('KeyJ');
      await options.keyboard.up('Alt');
      await expect(recorder).toHaveText('Alt+J');
      await expect(options.getByRole('alert')).toHaveCount(0);
      await expect
        .poll(() => background.evaluate(async () => (await chrome.storage.local.get('typingSettings')).typingSettings))
        .toMatchObject({ nextKey: 'Alt+KeyJ' });

      await openFixture(context, page, `<label>Message <textarea style="${MONO}"></textarea></label>`);
      const field = page.getByLabel('Message');
      await focusField(page, field);
      await page.keyboard.type('I did not recieve teh invoice. ');
      await expect(marks(page)).toHaveCount(2);
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('Alt+j');
      await expect(card(page)).toHaveAccessibleName('Suggestion: “recieve” → “receive”');
      await expect(card(page)).toContainText('Alt+J goes to the next suggestion');
      await page.keyboard.press('Alt+Shift+j');
      await expect(card(page)).toHaveAccessibleName('Suggestion: “teh” → “the”');
      await page.keyboard.press('Escape');
      // F8 is an ordinary key again: no card.
      await page.keyboard.press('F8');
      await expect(card(page)).toBeHidden();
      await expect(field).toHaveValue('I did not recieve teh invoice. ');

      // Back to F8 from Options.
      await options.getByRole('button', { name: 'Back to F8' }).click();
      await expect(recorder).toHaveText('F8');
    });

    test('the counter shows how many; its panel applies all, and a framework-controlled input sees it', async ({
      context,
      page,
    }) => {
      // Like a React controlled input: the value lives in the page's state, changes only through input
      // events, and every render writes the state back (a value set without an event is discarded).
      await openFixture(
        context,
        page,
        `<label>Subject <input id="subject" type="text" size="80"></label>
        <p>State: <output id="state"></output></p>
        <script>
          const input = document.getElementById('subject');
          const out = document.getElementById('state');
          let state = '';
          const render = () => { if (input.value !== state) input.value = state; out.textContent = state; };
          input.addEventListener('input', () => { state = input.value; render(); });
          setInterval(render, 30);
          render();
        </script>`,
      );
      const field = page.getByLabel('Subject');
      await focusField(page, field);
      await page.keyboard.type('I did not recieve teh invoice. ');
      const counter = page.getByRole('button', { name: 'Writing suggestions: 2' });
      await expect(counter).toBeVisible();
      await counter.click();
      const list = page.getByRole('dialog', { name: 'Writing suggestions' });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await list.getByRole('button', { name: 'Apply all' }).click();
      await expect(page.locator('#state')).toHaveText('I did not receive the invoice. ');
      await expect(field).toHaveValue('I did not receive the invoice. ');
      await expect(counter).toBeHidden();
      await expect(marks(page)).toHaveCount(0);
    });

    test('"Rephrase sentence" opens the panel on that sentence only', async ({ context, page, svc }) => {
      await openFixture(context, page, `<label>Message <textarea style="${MONO}"></textarea></label>`);
      const field = page.getByLabel('Message');
      await focusField(page, field);
      await page.keyboard.type('I recieve mail. In order to reply, I write. ');
      await expect(marks(page)).toHaveCount(1);
      await clickWord(page, field, 2, 7);
      await card(page).getByRole('button', { name: 'Rephrase sentence' }).click();
      const dialog = page.getByRole('dialog', { name: 'Writing help' });
      await expect(dialog.getByText('Only this sentence: “I recieve mail.”')).toBeVisible();
      await dialog.getByRole('button', { name: 'Improve text' }).click();
      await dialog.getByRole('button', { name: 'Accept all' }).click();
      await expect(field).toHaveValue('I receive mail. In order to reply, I write. ');
      const rephrased = await svc.requests('/v2/write/rephrase');
      expect(rephrased.map((r) => r.body?.text)).toEqual([['I recieve mail.']]);
    });
  });

  test.describe('translate what I type', () => {
    /** What the service answers for `text` into German (the local service translates deterministically). */
    async function german(
      svc: { api(m: string, p: string, k: string, b: unknown): Promise<Response>; paidKey: string },
      text: string,
    ) {
      const res = await svc.api('POST', '/v2/translate', svc.paidKey, { text: [text], target_lang: 'de' });
      return ((await res.json()) as { translations: { text: string }[] }).translations[0]!.text;
    }

    test('three spaces after a sentence put its translation into the site target in its place; Ctrl+Z brings it back', async ({
      context,
      page,
      svc,
      background,
    }) => {
      // Off until the person chooses a gesture (typing-settings.ts).
      await enableTyping(background, { translateGesture: 'three-spaces', sites: { [HOST]: { translateTo: 'de' } } });
      await openFixture(context, page, `<label>Message <textarea style="${MONO}"></textarea></label>`);
      const field = page.getByLabel('Message');
      await focusField(page, field);
      await page.keyboard.type('Hello there. I did not receive the invoice.   ');
      await expect(field).not.toHaveValue('Hello there. I did not receive the invoice.   ');
      const sent = await svc.requests('/v2/translate');
      expect(sent.map((r) => [r.body?.text, r.body?.target_lang])).toEqual([
        [['I did not receive the invoice.'], 'de'],
      ]);
      await expect(field).toHaveValue(`Hello there. ${await german(svc, 'I did not receive the invoice.')} `);
      await page.keyboard.press('Control+z');
      await expect(field).toHaveValue('Hello there. I did not receive the invoice.   ');
    });

    test('the gesture and the target chosen in Options apply on every site without one of its own', async ({
      context,
      page,
      svc,
      openExtensionPage,
    }) => {
      const options = await openExtensionPage('options.html#writing');
      await options
        .getByLabel('Translate what I type', { exact: true })
        .selectOption({ label: 'Alt+Enter after a sentence' });
      const target = options.getByLabel('Translate what I type into');
      await expect(target).toHaveValue('');
      await target.selectOption({ label: 'French' });
      await expect(target).toHaveValue('fr');
      await options.reload();
      await expect(options.getByLabel('Translate what I type into')).toHaveValue('fr');

      await openFixture(context, page, `<label>Message <textarea style="${MONO}"></textarea></label>`);
      const field = page.getByLabel('Message');
      await focusField(page, field);
      await page.keyboard.type('Thank you for the notes');
      await page.keyboard.press('Alt+Enter');
      await expect(field).not.toHaveValue('Thank you for the notes');
      const sent = await svc.requests('/v2/translate');
      expect(sent.map((r) => [r.body?.text, r.body?.target_lang])).toEqual([[['Thank you for the notes'], 'fr']]);
    });

    test('Alt+Enter, when chosen, translates the sentence before the caret in a contenteditable editor', async ({
      context,
      page,
      svc,
      background,
    }) => {
      await enableTyping(background, { translateGesture: 'alt-enter', sites: { [HOST]: { translateTo: 'de' } } });
      await openFixture(
        context,
        page,
        '<div contenteditable="true" role="textbox" aria-label="Editor" style="width:500px;min-height:60px;border:1px solid #888"><p><br></p></div>',
      );
      const editor = page.getByRole('textbox', { name: 'Editor' });
      await focusField(page, editor);
      await page.keyboard.type('Thank you for the notes');
      await page.keyboard.press('Alt+Enter');
      await expect(editor).toHaveText(await german(svc, 'Thank you for the notes'));
      await page.keyboard.press('Control+z');
      await expect(editor).toHaveText('Thank you for the notes');
    });
  });
});
