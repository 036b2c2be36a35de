import type { Page } from '@playwright/test';
import { keepRootsClosed } from './closed-roots.ts';
import type { TestService } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import {
  distinctKey,
  HOSTILE_ORIGIN,
  harvest,
  readInVersoWorld,
  serveHostile,
  storageFromVersoWorld,
} from './helpers/hostile.ts';
import { brokenImageFailed, indicator, pressTranslatePage } from './helpers/pages.ts';
import { chooseWithKeys, clickTranslateSelection } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';
import { focusField, openWritingPanel, writingButton } from './helpers/writing.ts';

// Hostile pages (tests/fixtures/hostile) attack Verso from the page's own script: forged messages,
// synthetic events, DOM clobbering, a rewritten platform. None of it may send a request the person did
// not ask for, change a setting, or learn the key. docs/security.md lists what each test proves.

const MISSPELLED = 'I did not recieve teh invoice yet, could you send it again please?';
const CORRECTED = 'I did not receive the invoice yet, could you send it again please?';

type Hostile = {
  forge(id: string): Promise<{ runtime: string; runtimeSend: string; extensionFetch: string }>;
  synthetic(): string[];
};
type HostileWindow = { hostile: Hostile; overridden?: string[]; pwned?: unknown };

let stopServing: (() => Promise<void>) | undefined;
let apiKey = '';
test.beforeEach(async ({ context, svc, configure }) => {
  stopServing = await serveHostile(context);
  apiKey = await distinctKey(svc);
  await configure({ apiKey, adminKey: svc.adminKey });
});
test.afterEach(async () => {
  await stopServing?.();
});

/** The key, the admin key and the header that carries them: never in anything a page can read. */
async function expectNoKeys(page: Page, svc: TestService) {
  const seen = await harvest(page);
  expect(seen.length).toBeGreaterThan(1000);
  for (const [name, secret] of Object.entries({ apiKey, adminKey: svc.adminKey, header: 'Service-Auth-Key' })) {
    expect(seen, name).not.toContain(secret);
  }
}

/** Runs writing help as a person would and checks it sent exactly the field's text, once. */
async function correctAsAPerson(page: Page, svc: TestService, fieldText = MISSPELLED) {
  const field = page.getByLabel('Message');
  const dialog = await openWritingPanel(page, field);
  await svc.clearRequests();
  await dialog.getByRole('button', { name: 'Check text' }).click();
  await dialog.getByRole('button', { name: 'Accept all' }).click();
  const sent = await svc.requests('/v2');
  expect(sent.map((r) => [r.path, r.body])).toEqual([['/v2/write/correct', { text: [fieldText] }]]);
  return dialog;
}

test.describe('hostile pages', () => {
  test("Verso's in-page UI is in closed shadow roots: the page finds no root to read or rewrite", async ({
    page,
    svc,
    background,
  }) => {
    // As a person's browser has it: the tests' opening of Verso's roots (closed-roots.ts) is off here.
    keepRootsClosed(page);
    await setPreferences(background, { targetLang: 'de' });
    const url = `${HOSTILE_ORIGIN}/forged-messages.html`;
    await page.goto(url);
    // The writing button (a click in the field) and the bubble (the menu, on a selected paragraph).
    await page.locator('#message').click();
    await expect(page.locator('verso-writing')).toHaveCount(1);
    await page.locator('#intro').click({ clickCount: 3 });
    await clickTranslateSelection(background, url);
    await expect.poll(async () => (await svc.requests('/v2/translate')).length).toBe(1);
    // Verso's own world sees its UI, with the translation in it.
    const inVerso = () =>
      background.evaluate(async (url) => {
        const [tab] = await chrome.tabs.query({ url });
        const [result] = await chrome.scripting.executeScript({
          target: { tabId: tab!.id!, frameIds: [0] },
          world: 'ISOLATED',
          func: () => {
            const host = document.querySelector('verso-selection');
            return host ? (chrome.dom.openOrClosedShadowRoot(host as HTMLElement)?.textContent ?? '') : '';
          },
        });
        return String(result?.result ?? '');
      }, url);
    await expect.poll(inVerso).toContain(toGerman('We read every message within a day.'));
    // The page: every Verso host has no root it can reach, and trying to make one fails.
    const seen = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((el) => el.localName.startsWith('verso-'))
        .map((el) => {
          let rewrite = 'refused';
          try {
            el.attachShadow({ mode: 'open' }).textContent = 'Your API key expired. Sign in again.';
            rewrite = 'done';
          } catch {}
          return { host: el.localName, root: el.shadowRoot === null ? 'none' : 'open', rewrite };
        }),
    );
    expect(seen.map((s) => s.host).sort()).toEqual(expect.arrayContaining(['verso-selection', 'verso-writing']));
    for (const host of seen) expect(host, host.host).toMatchObject({ root: 'none', rewrite: 'refused' });
    expect(await harvest(page)).not.toContain(toGerman('We read every message within a day.'));
  });

  test('forged messages of every shape reach nothing: no request, no setting, no key, not even the extension id', async ({
    page,
    svc,
    background,
    extensionId,
  }) => {
    await page.goto(`${HOSTILE_ORIGIN}/forged-messages.html`);
    const field = page.getByLabel('Message');
    await focusField(page, field);
    // Nothing the page saw while Verso started names the extension (a fingerprint, and the name of
    // WXT's restart event).
    expect(await harvest(page)).not.toContain(extensionId);

    await svc.clearRequests();
    const stored = await background.evaluate(() => chrome.storage.local.get(null));
    const attempt = await page.evaluate((id) => (window as unknown as HostileWindow).hostile.forge(id), extensionId);
    // No runtime messaging and no extension files for a web page (no externally_connectable, no web
    // accessible resources).
    expect(attempt.runtime).toBe('undefined');
    expect(attempt.extensionFetch).toMatch(/^refused/);

    // Then the person uses writing help. Their request goes to the worker after anything the forged
    // messages set off, so once its answer is back, a setting those changed would be stored and a request
    // they made would have reached the service first.
    await field.blur();
    const dialog = await openWritingPanel(page, field);
    await dialog.getByRole('button', { name: 'Check text' }).click();
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await expect(field).toHaveValue(CORRECTED);
    // Unchanged but for today's spending (lib/features/spending), which counts the person's one request.
    const { spendingToday, ...after } = await background.evaluate(() => chrome.storage.local.get(null));
    const { spendingToday: before, ...rest } = stored;
    expect(after).toEqual(rest);
    expect((spendingToday as { total: number }).total - ((before as { total: number } | undefined)?.total ?? 0)).toBe(
      MISSPELLED.length,
    );
    // Writing help still works, and sent only what the person asked for.
    expect((await svc.requests('/v2')).map((r) => [r.path, r.body])).toEqual([
      ['/v2/write/correct', { text: [MISSPELLED] }],
    ]);
    // On /v3 nothing but the writing panel's own read of its language list.
    expect((await svc.requests('/v3')).filter((r) => !(r.method === 'GET' && r.path === '/v3/languages'))).toEqual([]);
    await expectNoKeys(page, svc);
  });

  test("Verso's content-script world, in the page's renderer, cannot read extension storage; the worker can", async ({
    page,
    svc,
    background,
  }) => {
    // A renderer taken over by the page could call chrome.storage with the content scripts' rights.
    // storage.local is set to trusted contexts when the worker starts (lib/settings/storage-access.ts).
    const url = `${HOSTILE_ORIGIN}/forged-messages.html`;
    await page.goto(url);
    const field = page.getByLabel('Message');
    await focusField(page, field);
    const seen = await storageFromVersoWorld(background, url);
    expect(seen.local).toMatch(/^refused: .*not allowed/);
    expect(seen.session).toMatch(/^refused: .*not allowed/);
    const stored = await background.evaluate(() => chrome.storage.local.get('credentials'));
    expect(stored.credentials).toMatchObject({ apiKey });
    // Content features still start and work without it (they get what they need by message).
    await field.blur();
    await correctAsAPerson(page, svc);
    await expect(field).toHaveValue(CORRECTED);
  });

  test('synthetic clicks, keys and submits on the writing UI send nothing; a real click sends once', async ({
    page,
    svc,
  }) => {
    await page.goto(`${HOSTILE_ORIGIN}/forged-messages.html`);
    const field = page.getByLabel('Message');
    await focusField(page, field);
    await svc.clearRequests();

    // On the round control and its host: at most the panel opens, which sends no text.
    const before = await page.evaluate(() => (window as unknown as HostileWindow).hostile.synthetic());
    expect(before).toContain('verso-writing');
    // With the panel open, on every control in it ("Check text" included), several times.
    if (!(await page.getByRole('dialog', { name: 'Writing help' }).isVisible())) await writingButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Writing help' });
    // Synthetic clicks do flip radio buttons (a page may change what the panel shows), so the run
    // button is "Check text" or "Improve text": neither may send.
    const run = dialog.getByRole('button', { name: /^(Check|Improve) text$/ });
    await expect(run).toBeVisible();
    for (let i = 0; i < 3; i++) {
      const hits = await page.evaluate(() => (window as unknown as HostileWindow).hostile.synthetic());
      expect(hits).toContain('button');
    }
    await expect(field).toHaveValue(MISSPELLED);
    // The person's click follows: a run the script had started would have sent its text first (or kept
    // the button busy until its result replaced it), so once the person's result shows, one request.

    if (!(await dialog.isVisible())) await writingButton(page).click();
    await run.click();
    await expect(dialog.getByText(/suggested changes?/)).toBeVisible();
    expect(await svc.requests('/v2')).toHaveLength(1);
    await expectNoKeys(page, svc);
  });

  test('synthetic events on the selection bubble send nothing more', async ({ page, svc, background }) => {
    // The pickers act only on trusted input (components/selection, `trustedOnly`).
    const url = `${HOSTILE_ORIGIN}/forged-messages.html`;
    await page.goto(url);
    await background.evaluate(() => chrome.storage.local.set({ preferences: { targetLang: 'de' } }));
    await page.locator('#intro').click({ clickCount: 3 });
    await svc.clearRequests();
    await background.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      const info = { menuItemId: 'translate-selection', frameId: 0, pageUrl: url, editable: false };
      (chrome.contextMenus.onClicked as unknown as { dispatch(...args: unknown[]): void }).dispatch(info, tab);
    }, url);
    const bubble = page.getByRole('dialog', { name: 'Translation' });
    await expect(bubble.locator('.result')).toContainText('Pleäse');
    expect(await svc.requests('/v2/translate')).toHaveLength(1);

    // The page picks other targets and formalities in the bubble's open shadow root, by script.
    const hits = await page.evaluate(() => {
      const root = document.querySelector('verso-selection')?.shadowRoot;
      const selects = [...(root?.querySelectorAll('select') ?? [])];
      for (const select of selects) {
        for (const option of [...select.options].slice(0, 5)) {
          select.value = option.value;
          select.dispatchEvent(new Event('input', { bubbles: true }));
          select.dispatchEvent(new Event('change', { bubbles: true }));
        }
      }
      return selects.length + (window as unknown as HostileWindow).hostile.synthetic().length;
    });
    expect(hits).toBeGreaterThan(0);
    // The pickers still show the person's choice, not the page's.
    await expect(bubble.getByRole('combobox', { name: 'Target language' })).toHaveValue('de');
    await expectNoKeys(page, svc);

    // The person's own choice, by keyboard, translates once. Once its translation has replaced the
    // German one, the log holds it after the first: anything the script's picks had sent would be
    // between them, and the keys' passing choices settle into one request.
    await chooseWithKeys(bubble.getByRole('combobox', { name: 'Target language' }), 'fr');
    const answeredInFrench = async () =>
      (await svc.requests('/v2/translate')).some((r) => r.body?.target_lang === 'fr' && r.status !== null);
    await expect.poll(answeredInFrench).toBe(true);
    await expect(bubble.locator('.result')).not.toHaveAttribute('aria-busy', 'true');
    await expect(bubble.locator('.result')).not.toContainText('Pleäse');
    expect((await svc.requests('/v2/translate')).map((r) => r.body?.target_lang)).toEqual(['de', 'fr']);
  });

  test('DOM clobbering of chrome, browser, document members and verso-* names changes nothing', async ({
    page,
    svc,
  }) => {
    await page.goto(`${HOSTILE_ORIGIN}/clobbering.html`);
    // The page's globals really are clobbered.
    expect(
      await page.evaluate(() => [
        typeof (window as unknown as { chrome: unknown }).chrome,
        typeof document.execCommand,
      ]),
    ).toEqual(['object', 'object']);
    await correctAsAPerson(page, svc);
    await expect(page.getByLabel('Message')).toHaveValue(CORRECTED);
    // Verso's own host is a new element, not the page's look-alike.
    expect(await page.locator('verso-writing').count()).toBe(2);
    await expect(page.locator('#fake-host')).toBeEmpty();
    await expectNoKeys(page, svc);
  });

  test('forms whose controls shadow parentNode, querySelectorAll, matches, nodeType and firstChild: the page is translated in full and restored', async ({
    page,
    background,
  }) => {
    const url = `${HOSTILE_ORIGIN}/clobbering-forms.html`;
    await setPreferences(background, { targetLang: 'de' });
    await page.goto(url);
    // The page's forms and document really are clobbered (as they are in Verso's world).
    expect(
      await page.evaluate(() => {
        const member = (id: string, name: string) =>
          ((document.getElementById(id) as unknown as Record<string, Element>)[name] as Element).localName;
        return [
          member('form-parent', 'parentNode'),
          member('form-query', 'querySelectorAll'),
          member('form-query', 'matches'),
          member('form-type', 'nodeType'),
          member('form-type', 'firstChild'),
          (document as unknown as Record<string, Element>).host?.localName,
        ];
      }),
    ).toEqual(['input', 'input', 'input', 'input', 'input', 'img']);
    const before = await page.evaluate(() => document.body.innerHTML);
    const blocks = ['heading', 'intro', 'in-parent', 'after-parent', 'after-query', 'in-type', 'outro'];
    const english = await Promise.all(blocks.map((id) => page.locator(`#${id}`).textContent()));

    await pressTranslatePage(background, url);
    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    for (const [i, id] of blocks.entries()) await expect(page.locator(`#${id}`)).toHaveText(toGerman(english[i]!));
    // Text right inside a form, and the attributes of a form and of a control inside one.
    await expect(page.locator('#form-query')).toContainText(toGerman('Ask about your order:'));
    // A form's tooltip once the person points at it (at its paragraph: the clobbered form's own
    // members mislead the test driver's hit test, not the browser's).
    const inside = (await page.locator('#in-parent').boundingBox())!;
    await page.mouse.move(inside.x + 5, inside.y + inside.height / 2);
    await expect(page.locator('#form-parent')).toHaveAttribute('title', toGerman('Your details'));
    await expect(page.locator('input[name="parentNode"]')).toHaveAttribute(
      'placeholder',
      toGerman('First and last name'),
    );
    await expect(card.getByRole('alert')).toHaveCount(0);

    await card.getByRole('button', { name: 'Show original' }).click();
    await expect.poll(() => page.evaluate(() => document.body.innerHTML)).toBe(before);
  });

  test('forms whose controls shadow localName, nodeType, childNodes, getAttribute...: a selection across them is sent in full, with its context', async ({
    page,
    background,
    svc,
  }) => {
    const url = `${HOSTILE_ORIGIN}/clobbering-selection.html`;
    await setPreferences(background, { targetLang: 'de' });
    await page.goto(url);
    // The page's forms and document really are clobbered (as they are in Verso's world).
    expect(
      await page.evaluate(() => {
        const form = document.getElementById('form-names') as unknown as Record<string, Element>;
        const methods = document.getElementById('form-methods') as unknown as Record<string, Element>;
        const doc = document as unknown as Record<string, Element>;
        return [form.localName, form.nodeType, form.childNodes, methods.getAttribute, doc.getSelection].map(
          (m) => (m as Element).localName,
        );
      }),
    ).toEqual(['input', 'input', 'input', 'input', 'img']);

    // A person drags from the first paragraph to the end of the last one but one. The page is in English
    // and the target German, so Verso offers to translate it in a bar that pushes the page down: the drag
    // starts once the bar is in and a frame is drawn, or a box measured before would lie under the heading.
    await page.waitForFunction(() => document.querySelector('verso-offer') !== null);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => void document.fonts.ready.then(() => requestAnimationFrame(() => resolve()))),
    );
    const from = (await page.locator('#intro').boundingBox())!;
    const to = (await page.locator('#outro').boundingBox())!;
    await page.mouse.move(from.x + 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width - 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await svc.clearRequests();
    await background.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      (chrome.commands.onCommand as unknown as { dispatch(...args: unknown[]): void }).dispatch(
        'translate-selection',
        tab,
      );
    }, url);

    // Read from the page's side: Playwright's own locators ask the clobbered members too.
    const result = () =>
      page.evaluate(() => {
        const root = document.querySelector('verso-selection')?.shadowRoot;
        const box = root?.querySelector('.result');
        const link = box?.querySelector('a');
        return { text: box?.textContent ?? '', href: link?.href, busy: box?.getAttribute('aria-busy') };
      });
    await expect.poll(async () => (await result()).text).toContain(toGerman('Thank you for shopping with us.'));
    expect((await result()).text).toContain(toGerman('Orders leave our warehouse on Mondays.'));
    expect((await result()).href).toBe(`${HOSTILE_ORIGIN}/orders?session=abc123`);
    const [request, ...more] = await svc.requests('/v2/translate');
    expect(more).toHaveLength(0);
    expect(request!.body?.text).toEqual([
      'Please read these notes before you order.',
      'Orders leave our warehouse on Mondays.',
      'Ask <b>about</b> your <a id="a1">order</a> here.',
      'Thank you for shopping with us.',
    ]);
    expect(request!.body?.context).toBe('Orders and returns\n\nShop opening hours are on the next page.');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await result()).text).toBe('');

    // The text around a selection right after the forms is read through them too.
    const outro = (await page.locator('#outro').boundingBox())!;
    await page.mouse.click(outro.x + 5, outro.y + outro.height / 2, { clickCount: 3 });
    await svc.clearRequests();
    await background.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      (chrome.commands.onCommand as unknown as { dispatch(...args: unknown[]): void }).dispatch(
        'translate-selection',
        tab,
      );
    }, url);
    await expect.poll(async () => (await result()).text).toBe(toGerman('Thank you for shopping with us.'));
    const [second] = await svc.requests('/v2/translate');
    expect(second!.body?.context).toContain('Orders leave our warehouse on Mondays.\nAsk about your order here.');
  });

  test('a page that keeps adding text is paused at its budget for late content, asks, and goes on when the person says so', async ({
    page,
    svc,
    background,
  }) => {
    const { LATE_CHARS_PER_MINUTE } = await import('../../lib/features/page-translate/budget.ts');
    const url = `${HOSTILE_ORIGIN}/growing.html`;
    await setPreferences(background, { targetLang: 'de' });
    await page.goto(url);
    await svc.clearRequests();
    // The characters of the page's added paragraphs in the service's log; the first screen is not counted.
    const lateChars = async () => {
      let sum = 0;
      for (const request of await svc.requests('/v2/translate')) {
        const texts = (request.body as { text?: string[] } | null)?.text ?? [];
        for (const text of texts) if (text.startsWith('Update ')) sum += text.length;
      }
      return sum;
    };
    const added = () => page.evaluate(() => (window as unknown as { added: number }).added);
    /** Waits until the page has added `count` more paragraphs: its own clock, not the test's. */
    const whilePageAdds = async (count: number) => {
      const from = await added();
      await expect.poll(added, { timeout: 30_000 }).toBeGreaterThanOrEqual(from + count);
    };

    await pressTranslatePage(background, url);
    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    await expect(page.locator('#intro')).toHaveText(toGerman('The newest updates appear at the top of this page.'));
    await page.evaluate(() => (window as unknown as { startAdding(): void }).startAdding());
    const question = card.getByText('This page keeps adding text: translate more?');
    await expect(question).toBeVisible({ timeout: 60_000 });
    await expect(card.getByRole('status')).toHaveText('Partly translated into German');
    // Billing stops at the budget: 40 more paragraphs (about 12,000 characters) later the log has not grown.
    await whilePageAdds(40);
    const first = await lateChars();
    expect(first).toBeLessThanOrEqual(LATE_CHARS_PER_MINUTE);
    expect(first).toBeGreaterThan(LATE_CHARS_PER_MINUTE - 1_000);
    await whilePageAdds(40);
    expect(await lateChars()).toBe(first);
    await expect(page.locator('.update').first()).toHaveText(/^Update \d+/);

    // A synthetic click on the question's button grants nothing; the person's click does.
    await card.getByRole('button', { name: 'Translate more' }).dispatchEvent('click');
    await whilePageAdds(20);
    expect(await lateChars()).toBe(first);
    await card.getByRole('button', { name: 'Translate more' }).click();
    await expect.poll(lateChars, { timeout: 30_000 }).toBeGreaterThan(first);
    // Another budget, and then the same question again.
    await expect(question).toBeVisible({ timeout: 60_000 });
    await whilePageAdds(40);
    const second = await lateChars();
    expect(second).toBeLessThanOrEqual(first + LATE_CHARS_PER_MINUTE);
    await page.evaluate(() => (window as unknown as { stopAdding(): void }).stopAdding());
  });

  test('a page that rewrites the platform (execCommand, value, events, JSON, prototypes) cannot steer Verso', async ({
    page,
    svc,
    background,
  }) => {
    const url = `${HOSTILE_ORIGIN}/overrides.html`;
    await page.goto(url);
    // The page's own view is forged; Verso reads the real field and sends the real text.
    expect(await page.evaluate(() => (document.querySelector('#message') as HTMLTextAreaElement).value)).toBe(
      'forged value',
    );
    const overriddenBefore = await page.evaluate(() => (window as unknown as HostileWindow).overridden?.length ?? 0);
    await correctAsAPerson(page, svc);
    await expect.poll(() => readInVersoWorld(background, url, '#message')).toBe(CORRECTED);
    // None of the page's replacements ran for Verso: they live in the page's world only.
    const overridden = await page.evaluate(() => (window as unknown as HostileWindow).overridden ?? []);
    // The page's replacements live in its own world: Verso's edits, events and parsing never ran them.
    // (Only a custom element the page defined under Verso's host name sees that host created.)
    const ranForVerso = overridden
      .slice(overriddenBefore)
      .filter((note) => /^(execCommand|setSelectionRange|dispatchEvent|getSelection|JSON|value set)/.test(note));
    expect(ranForVerso).toEqual([]);
    const sent = await svc.requests('/v2');
    expect(sent.map((r) => r.headers['x-service-reporting-tag'])).toEqual(['verso-writing']);
    await expectNoKeys(page, svc);
  });

  test('a hostile service answer cannot run script or add elements: selection bubble and writing help', async ({
    page,
    svc,
    background,
  }) => {
    const url = `${HOSTILE_ORIGIN}/forged-messages.html`;
    await page.goto(url);
    await background.evaluate(() => chrome.storage.local.set({ preferences: { targetLang: 'de' } }));
    const payload =
      '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:window.pwned=3" onclick="window.pwned=4">link</a><iframe src="javascript:parent.pwned=5"></iframe><style>*{display:none}</style><b style="x" onmouseover="window.pwned=6">bold</b>';
    await svc.addFaults([{ path: '/v2/translate', inject: payload }]);
    await page.locator('#intro').click({ clickCount: 3 });
    await background.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      const info = { menuItemId: 'translate-selection', frameId: 0, pageUrl: url, editable: false };
      (chrome.contextMenus.onClicked as unknown as { dispatch(...args: unknown[]): void }).dispatch(info, tab);
    }, url);
    const result = page.getByRole('dialog', { name: 'Translation' }).locator('.result');
    await expect(result).toContainText('Pleäse');
    await expect(result).toContainText('bold');
    const inside = await result.evaluate((el) => ({
      tags: [...el.querySelectorAll('*')].map((e) => e.localName),
      attributes: [...el.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => `${a.name}=${a.value}`)),
    }));
    expect(inside.tags.filter((t) => !['p', 'b', 'a'].includes(t))).toEqual([]);
    expect(inside.attributes.filter((a) => !a.startsWith('lang='))).toEqual([]);

    // Writing help: an answer full of markup is text, shown and applied as text.
    await page.keyboard.press('Escape');
    const markup = '<img src=x onerror="window.pwned=7"> I did not receive the invoice yet.';
    await svc.addFaults([
      {
        path: '/v2/write/correct',
        status: 200,
        body: JSON.stringify({
          improvements: [{ text: markup, detected_source_language: 'en', target_language: 'en-US' }],
        }),
      },
    ]);
    const field = page.getByLabel('Message');
    await field.fill('I did not recieve the invoice yet.');
    const dialog = await openWritingPanel(page, field);
    await dialog.getByRole('button', { name: 'Check text' }).click();
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await expect(field).toHaveValue(markup);
    expect(await page.locator('img').count()).toBe(0);
    // An image made from the answers (even outside the page) would have failed by now and run its handler.
    await brokenImageFailed(page);
    expect(await page.evaluate(() => (window as unknown as HostileWindow).pwned)).toBeUndefined();
    await expectNoKeys(page, svc);
  });

  test('a hostile service answer during page translation adds no element and runs nothing', async ({
    page,
    svc,
    background,
  }) => {
    const url = `${HOSTILE_ORIGIN}/forged-messages.html`;
    await page.goto(url);
    await background.evaluate(() => chrome.storage.local.set({ preferences: { targetLang: 'de' } }));
    const before = await page.evaluate(() => [...document.body.querySelectorAll('*')].map((e) => e.localName));
    await svc.addFaults([
      {
        path: '/v2/translate',
        count: 20,
        inject:
          '<img id="v1" src=x onerror="window.pwned=1"><script>window.pwned=2</script><a id="v2" href="javascript:window.pwned=3">x</a><iframe src="javascript:parent.pwned=4"></iframe>',
      },
    ]);
    await background.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      (chrome.commands.onCommand as unknown as { dispatch(...args: unknown[]): void }).dispatch('translate-page', tab);
    }, url);
    await expect(page.locator('#intro')).toContainText('Pleäse');
    // Every answer is merged, and an image made from one (even outside the page) would have failed and
    // run its handler by now.
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
    await brokenImageFailed(page);
    // The translation is built from the page's own nodes: no element of the answer reaches the page.
    const after = await page.evaluate(() =>
      [...document.body.querySelectorAll('*')].map((e) => e.localName).filter((n) => !n.startsWith('verso-')),
    );
    expect(after).toEqual(before.filter((n) => !n.startsWith('verso-')));
    expect(await page.locator('[href^="javascript:" i], [onerror], iframe, script:not([src])').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as HostileWindow).pwned)).toBeUndefined();
    await expectNoKeys(page, svc);
  });

  test('a malformed service answer is refused with a message, and the field keeps its text', async ({ page, svc }) => {
    await page.goto(`${HOSTILE_ORIGIN}/forged-messages.html`);
    await svc.addFaults([
      { path: '/v2/write/correct', status: 200, body: '{"improvements":"all your base"}' },
      { path: '/v2/write/correct', status: 200, body: '<html>not json</html>' },
    ]);
    const field = page.getByLabel('Message');
    const dialog = await openWritingPanel(page, field);
    for (let i = 0; i < 2; i++) {
      await dialog.getByRole('button', { name: 'Check text' }).click();
      await expect(dialog.getByRole('alert')).toContainText(/^The service answered/);
    }
    await expect(field).toHaveValue(MISSPELLED);
    // Not retried: the answer was not a transient failure.
    expect(await svc.requests('/v2/write')).toHaveLength(2);
  });

  test("a page that names WXT's restart event only switches Verso off in itself, and learns nothing", async ({
    page,
    svc,
    background,
    extensionId,
  }) => {
    await page.goto(`${HOSTILE_ORIGIN}/forged-messages.html`);
    const field = page.getByLabel('Message');
    await focusField(page, field);
    await svc.clearRequests();
    // A store extension's id is public, so a page can name the event without being told it.
    await page.evaluate((id) => {
      const detail = { contentScriptName: 'content', messageId: 'forged' };
      // WXT names the event after the entry point: Verso's features are `features` (entrypoints/features.ts).
      document.dispatchEvent(new CustomEvent(`${id}:features:wxt:content-script-started`, { detail }));
    }, extensionId);
    await field.blur();
    await field.click();
    // Asked as the shortcut asks the tab: Verso there no longer offers help for the focused field (it
    // switched itself off), where before it did. The answer, or the refusal, is the positive event.
    await page.bringToFront();
    const offered = await background.evaluate(async () => {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      // As the worker does for the shortcut: Verso's features into the frame first (lib/background/boot.ts).
      const boot = { id: Date.now(), type: 'boot.features', data: {}, timestamp: Date.now() };
      await chrome.tabs.sendMessage(tab!.id!, boot, { frameId: 0 });
      const message = { id: Date.now(), type: 'writing.trigger', data: { action: 'open' }, timestamp: Date.now() };
      return chrome.tabs.sendMessage(tab!.id!, message, { frameId: 0 }).catch((e: Error) => `refused: ${e.message}`);
    });
    expect(offered).not.toEqual({ res: { ok: true, value: true } });
    await expect(writingButton(page)).toBeHidden();
    expect(await svc.requests('/v2')).toEqual([]);
    await expect(field).toHaveValue(MISSPELLED);
    await expectNoKeys(page, svc);
  });
});
