import { expect, test } from './fixtures.ts';
import { fixtureOpener, focusField, openWritingPanel, writingButton, writingPanel } from './helpers/writing.ts';

const HOST = 'writing.verso.test';
const MISSPELLED = 'Thank you for your message. I did not recieve teh invoice yet, could you send it again please?';
const CORRECTED = 'Thank you for your message. I did not receive the invoice yet, could you send it again please?';

const openFixture = fixtureOpener(HOST);

test.describe('writing help', () => {
  test('corrects a textarea: accept one, accept all, undo, and the browser undo still works', async ({
    context,
    page,
    svc,
    configure,
  }) => {
    await configure();
    await openFixture(
      context,
      page,
      `<label>Message <textarea id="msg" rows="4" cols="60">${MISSPELLED}</textarea></label>`,
    );
    const field = page.getByLabel('Message');
    await focusField(page, field);
    // Focusing a field sends nothing.
    expect(await svc.requests('/v2/write')).toHaveLength(0);

    await writingButton(page).click();
    const dialog = writingPanel(page);
    await dialog.getByRole('button', { name: 'Check text' }).click();
    await expect(dialog.getByText('2 suggested changes, 0 applied, 2 left.')).toBeVisible();

    const requests = await svc.requests('/v2/write');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toBe('/v2/write/correct');
    expect(requests[0]!.body).toEqual({ text: [MISSPELLED] });

    // Accept and reject are touch targets of at least 24 by 24 px.
    for (const name of ['Accept: “recieve” → “receive”', 'Reject: “recieve” → “receive”']) {
      const box = await dialog.getByRole('button', { name }).boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(24);
      expect(box?.height).toBeGreaterThanOrEqual(24);
    }
    await dialog.getByRole('button', { name: 'Accept: “recieve” → “receive”' }).click();
    await expect(field).toHaveValue(MISSPELLED.replace('recieve', 'receive'));
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await expect(field).toHaveValue(CORRECTED);

    await dialog.getByRole('button', { name: 'Undo' }).click();
    await expect(field).toHaveValue(MISSPELLED);

    // Applied through the browser's editing commands, so the field's own undo takes it back too.
    await dialog.getByRole('button', { name: 'Accept: “teh” → “the”' }).click();
    await expect(field).toHaveValue(MISSPELLED.replace('teh', 'the'));
    await field.focus();
    await page.keyboard.press('Control+z');
    await expect(field).toHaveValue(MISSPELLED);
  });

  test('keeps bold text in a contenteditable editor', async ({ context, page, configure }) => {
    await configure();
    await openFixture(
      context,
      page,
      `<div id="editor" contenteditable="true" role="textbox" aria-label="Editor">
        <p>Thank you for <b>your</b> message. I did not <b>recieve</b> teh <i>invoice</i> yet, could you send it again please?</p>
      </div>`,
    );
    const dialog = await openWritingPanel(page, page.getByRole('textbox', { name: 'Editor' }));
    await dialog.getByRole('button', { name: 'Check text' }).click();
    await dialog.getByRole('button', { name: 'Accept all' }).click();

    const editor = page.locator('#editor');
    await expect(editor).toHaveText(CORRECTED, { useInnerText: true });
    await expect(editor.locator('b')).toHaveText(['your', 'receive']);
    await expect(editor.locator('i')).toHaveText('invoice');
    await dialog.getByRole('button', { name: 'Undo' }).click();
    await expect(editor.locator('b')).toHaveText(['your', 'recieve']);
    await expect(editor.locator('p')).toContainText('teh invoice');
  });

  test('updates a framework-controlled input through its own input events', async ({ context, page, configure }) => {
    await configure();
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
        let state = ${JSON.stringify(MISSPELLED)};
        window.renders = 0;
        const render = () => { window.renders++; if (input.value !== state) input.value = state; out.textContent = state; };
        input.addEventListener('input', () => { state = input.value; render(); });
        setInterval(render, 30);
        render();
      </script>`,
    );
    const field = page.getByLabel('Subject');
    const dialog = await openWritingPanel(page, field);
    await dialog.getByRole('button', { name: 'Check text' }).click();
    await dialog.getByRole('button', { name: 'Accept: “teh” → “the”' }).click();
    await expect(page.locator('#state')).toHaveText(MISSPELLED.replace('teh', 'the'));
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.locator('#state')).toHaveText(CORRECTED);
    // The page's own render writes its state back into the field: after two more of them, the field
    // still holds the corrected text (a value set without an input event would have been discarded).
    const renders = () => page.evaluate(() => (window as unknown as { renders: number }).renders);
    const seen = await renders();
    await expect.poll(renders).toBeGreaterThanOrEqual(seen + 2);
    await expect(field).toHaveValue(CORRECTED);
  });

  test('a page script cannot make it send the text', async ({ context, page, svc, configure }) => {
    await configure();
    await openFixture(context, page, `<label>Message <textarea>${MISSPELLED}</textarea></label>`);
    const dialog = await openWritingPanel(page, page.getByLabel('Message'));
    await page.evaluate(() => {
      const root = document.querySelector('verso-writing')?.shadowRoot;
      root?.querySelector<HTMLButtonElement>('button.vw-primary')?.click();
    });
    // Then the person's own click. A run the script had started would have sent its text first (or kept
    // the button busy until its result replaced it), so once the person's result shows, the log holds
    // exactly one request.
    await dialog.getByRole('button', { name: 'Check text' }).click();
    await expect(dialog.getByText(/suggested changes?/)).toBeVisible();
    expect(await svc.requests('/v2/write')).toHaveLength(1);
  });

  test('explains that a free key cannot use writing help, and sends nothing', async ({
    context,
    page,
    svc,
    configure,
  }) => {
    await configure({ apiKey: svc.freeKey });
    await openFixture(context, page, `<label>Message <textarea>${MISSPELLED}</textarea></label>`);
    const dialog = await openWritingPanel(page, page.getByLabel('Message'));
    await expect(dialog.getByRole('status')).toContainText('Writing help needs a paid API key');
    await expect(dialog.getByRole('button', { name: 'Check text' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Open Verso options' })).toBeVisible();
    expect(await svc.requests('/v2/write')).toHaveLength(0);
  });

  test('a 403 from the service for writing is explained the same way', async ({ context, page, svc, configure }) => {
    await configure();
    await svc.addFaults([{ path: '/v2/write', status: 403, body: '{"message":"Forbidden"}' }]);
    await openFixture(context, page, `<label>Message <textarea>${MISSPELLED}</textarea></label>`);
    const dialog = await openWritingPanel(page, page.getByLabel('Message'));
    await dialog.getByRole('button', { name: 'Check text' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Writing help needs a paid API key');
  });

  test('a language the service cannot improve gets a clear message', async ({ context, page, configure }) => {
    await configure();
    const russian = 'Привет! Я не получил счёт, пожалуйста, отправьте его ещё раз. Спасибо за помощь.';
    await openFixture(context, page, `<label>Message <textarea>${russian}</textarea></label>`);
    const dialog = await openWritingPanel(page, page.getByLabel('Message'));
    await dialog.getByRole('button', { name: 'Check text' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Writing help does not support the language of this text');
    await expect(page.getByLabel('Message')).toHaveValue(russian);
  });

  test('a writing style and a tone can never both be sent', async ({ context, page, svc, configure }) => {
    await configure();
    await openFixture(context, page, `<label>Message <textarea>${MISSPELLED}</textarea></label>`);
    const dialog = await openWritingPanel(page, page.getByLabel('Message'));
    await dialog.getByLabel('Rephrase').check();
    const adjust = dialog.getByLabel('Style or tone');
    await adjust.selectOption({ label: 'Business' });
    await adjust.selectOption({ label: 'Friendly' });
    // One control holds both kinds, so choosing a tone replaces the style.
    await expect(adjust).toHaveValue('tone:friendly');
    await dialog.getByLabel('Language').selectOption('en-US');
    await dialog.getByRole('button', { name: 'Improve text' }).click();
    await expect(dialog.getByText(/suggested changes?/)).toBeVisible();

    await adjust.selectOption({ label: 'Academic' });
    await dialog.getByRole('button', { name: 'Improve text' }).click();
    await expect(dialog.getByText(/suggested changes?/)).toBeVisible();

    // Where support is unknown or missing, the prefer_ form lets the service fall back, and the panel says so.
    await dialog.getByLabel('Language').selectOption('ja');
    await expect(dialog.getByText('Japanese has no writing styles or tones')).toBeVisible();
    await dialog.getByLabel('Language').selectOption('');
    await expect(dialog.getByText('If the language of the text has no styles or tones')).toBeVisible();
    await dialog.getByRole('button', { name: 'Improve text' }).click();
    await expect(dialog.getByText(/suggested changes?/)).toBeVisible();

    const sent = (await svc.requests('/v2/write/rephrase')).map((r) => r.body);
    expect(sent).toEqual([
      { text: [MISSPELLED], target_lang: 'en-US', tone: 'friendly' },
      { text: [MISSPELLED], target_lang: 'en-US', writing_style: 'academic' },
      { text: [MISSPELLED], writing_style: 'prefer_academic' },
    ]);
    for (const body of sent) expect(body && 'writing_style' in body && 'tone' in body).toBe(false);
  });

  test('the shortcut and the right-click items act on the focused field', async ({
    context,
    page,
    background,
    svc,
    configure,
  }) => {
    await configure();
    await openFixture(context, page, `<label>Message <textarea>${MISSPELLED}</textarea></label>`);
    const field = page.getByLabel('Message');
    await focusField(page, field);
    await page.bringToFront();
    // What the command and the menu items do in the background: ask the tab's content script.
    const trigger = (action: string) =>
      background.evaluate(async (action) => {
        const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        const message = { id: Date.now(), type: 'writing.trigger', data: { action }, timestamp: Date.now() };
        return chrome.tabs.sendMessage(tab!.id!, message);
      }, action);

    expect(await trigger('correct')).toEqual({ res: { ok: true, value: true } });
    const dialog = writingPanel(page);
    await expect(dialog.getByText('2 suggested changes, 0 applied, 2 left.')).toBeVisible();
    expect((await svc.requests('/v2/write')).map((r) => r.path)).toEqual(['/v2/write/correct']);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(field).toBeFocused();
    expect(await trigger('open')).toEqual({ res: { ok: true, value: true } });
    // The shortcut opens the panel with the keyboard in it, and sends nothing by itself.
    await expect(dialog.getByRole('radio', { name: 'Correct spelling and grammar' })).toBeFocused();
    expect(await svc.requests('/v2/write')).toHaveLength(1);
  });

  test('Tab from a field in the middle of a form reaches its button next, then the next field', async ({
    context,
    page,
    configure,
  }) => {
    await configure();
    await openFixture(
      context,
      page,
      `<form>
        <label>Name <input id="name" type="text"></label>
        <label>Message <textarea id="msg" rows="4" cols="60">${MISSPELLED}</textarea></label>
        <label>Email <input id="email" type="email"></label>
        <button type="submit">Send</button>
      </form>`,
    );
    const message = page.getByLabel('Message');
    await focusField(page, message);

    await page.keyboard.press('Tab');
    await expect(writingButton(page)).toBeFocused();
    // From the button, Tab goes on where it would have gone from the field, Shift+Tab back to the field.
    await page.keyboard.press('Shift+Tab');
    await expect(message).toBeFocused();
    await expect(writingButton(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(writingButton(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused();

    // Enter on the button opens the panel with the keyboard in it.
    await page.getByLabel('Name').focus();
    await focusField(page, message);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(writingPanel(page).getByRole('radio', { name: 'Correct spelling and grammar' })).toBeFocused();

    // Closed, the panel gives the keyboard back to the field; leaving the button for something that is
    // not a text field takes the button away.
    await page.keyboard.press('Escape');
    await expect(message).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(writingButton(page)).toBeFocused();
    await page.getByRole('button', { name: 'Send' }).focus();
    await expect(writingButton(page)).toBeHidden();
  });

  test('a text over the 10 KiB limit goes in several requests and comes back in order', async ({
    context,
    page,
    svc,
    configure,
  }) => {
    await configure();
    const paragraphs = Array.from(
      { length: 90 },
      (_, i) =>
        `Paragraph ${i + 1}: thank you for the notes, I did not recieve teh files and the rest of the work is fine, so we can go on with the plan as it is.`,
    );
    const text = paragraphs.join('\n\n');
    expect(new TextEncoder().encode(text).length).toBeGreaterThan(10 * 1024);
    await openFixture(context, page, '<label>Report <textarea rows="10" cols="80"></textarea></label>');
    const field = page.getByLabel('Report');
    await field.fill(text);
    const dialog = await openWritingPanel(page, field);
    await dialog.getByRole('button', { name: 'Check text' }).click();
    await expect(dialog.getByText(/sent in \d+ parts/)).toBeVisible();

    const requests = await svc.requests('/v2/write');
    expect(requests.length).toBeGreaterThan(1);
    for (const r of requests) {
      expect(r.status).toBe(200);
      expect(new TextEncoder().encode(JSON.stringify(r.body)).length).toBeLessThanOrEqual(10 * 1024);
    }
    // Every paragraph was sent once, in order, and cuts fall between paragraphs.
    const sent = requests.flatMap((r) => ((r.body?.text ?? []) as string[]).flatMap((t) => t.split('\n\n')));
    expect(sent).toEqual(paragraphs);

    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await expect(field).toHaveValue(text.replaceAll('recieve', 'receive').replaceAll('teh', 'the'));
  });

  test('never offers itself in password, payment, one-time-code or opted-out fields, nor on a disabled site', async ({
    context,
    page,
    background,
    configure,
  }) => {
    await configure();
    await openFixture(
      context,
      page,
      `<label>Password <input type="password"></label>
      <label>Card <input type="text" autocomplete="cc-number"></label>
      <label>Code <input type="text" autocomplete="one-time-code"></label>
      <label>Private <textarea data-verso="off"></textarea></label>
      <label>Notes <textarea></textarea></label>`,
    );
    // The shortcut's question to the tab ("is writing help offered for the focused field?") is the
    // positive answer that the field was looked at and turned down, instead of a wait.
    await page.bringToFront();
    // As the worker does for the shortcut: Verso's features into the frame first (lib/background/boot.ts).
    const offered = () =>
      background.evaluate(async () => {
        const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        const boot = { id: Date.now(), type: 'boot.features', data: {}, timestamp: Date.now() };
        await chrome.tabs.sendMessage(tab!.id!, boot, { frameId: 0 });
        const message = { id: Date.now(), type: 'writing.trigger', data: { action: 'open' }, timestamp: Date.now() };
        return chrome.tabs.sendMessage(tab!.id!, message, { frameId: 0 });
      });
    for (const name of ['Password', 'Card', 'Code', 'Private']) {
      await page.getByLabel(name).click();
      await expect.poll(offered, { message: name }).toEqual({ res: { ok: true, value: false } });
      await expect(writingButton(page), name).toBeHidden();
    }
    await focusField(page, page.getByLabel('Notes'));
    // The same question about an ordinary field is answered yes (and opens the panel).
    expect(await offered()).toEqual({ res: { ok: true, value: true } });

    await background.evaluate(
      (host) =>
        chrome.storage.local.set({
          siteRules: [{ host, translate: 'ask', formality: '', modelType: '', disableWriting: true }],
        }),
      HOST,
    );
    await openFixture(context, page, '<label>Notes <textarea></textarea></label>');
    await page.getByLabel('Notes').click();
    // Asked after the focus, with the page focused: the site rule was read for this field, and said no.
    expect(await page.evaluate(() => document.hasFocus())).toBe(true);
    await expect.poll(offered).toEqual({ res: { ok: true, value: false } });
    await expect(writingButton(page)).toBeHidden();
  });
});
