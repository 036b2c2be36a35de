import type { Page, Worker } from '@playwright/test';
import type { LoggedRequest } from '../../service/testing/control.ts';
import { expect, test } from './fixtures.ts';
import { HOSTILE_ORIGIN, serveHostile } from './helpers/hostile.ts';
import { setPreferences } from './helpers/settings.ts';
import { focusField, setTyping, writingButton, writingPanel } from './helpers/writing.ts';

// Pages that type for the person (tests/fixtures/hostile/typing-loop.html) and fields the person
// expects to be left alone (left-alone.html): the typing features act only on what the person's own
// keys, pastes, drops and compositions did (lib/features/writing/person-input.ts), and only in fields
// that are neither secret nor asked to be left alone (eligibility.ts). docs/security.md, "Only a
// person's action sends text", quotes the figures printed here.

type Attack = { spaces: number; sentences: number; trustedInputs: number; ms: number; done: boolean };
type AttackWindow = { attack: Attack; startAttack(): Promise<void> };

let stopServing: (() => Promise<void>) | undefined;
test.beforeEach(async ({ context, configure, background }) => {
  stopServing = await serveHostile(context);
  await configure();
  await setPreferences(background, { targetLang: 'de' });
});
test.afterEach(async () => {
  await stopServing?.();
});

/** The texts a logged request carries (`text` is an array for both endpoints). */
function textsOf(request: LoggedRequest): string[] {
  const text = request.body?.text;
  return Array.isArray(text) ? text.map(String) : typeof text === 'string' ? [text] : [];
}

type Billed = { requests: number; chars: number; byPath: Record<string, number> };

/** The characters of the requests whose texts contain `marker` (in all and by endpoint): what the page got billed. */
function billedFor(requests: LoggedRequest[], marker: RegExp): Billed {
  const billed: Billed = { requests: 0, chars: 0, byPath: {} };
  for (const r of requests) {
    if (!textsOf(r).some((t) => marker.test(t))) continue;
    const chars = textsOf(r).reduce((n, t) => n + t.length, 0);
    billed.requests++;
    billed.chars += chars;
    billed.byPath[r.path] = (billed.byPath[r.path] ?? 0) + chars;
  }
  return billed;
}

/** Runs the page's attack to its end (its own clock decides the window) and answers what it did. */
async function runAttack(page: Page): Promise<Attack> {
  await page.evaluate(() => (window as unknown as AttackWindow).startAttack());
  const attack = await page.evaluate(() => (window as unknown as AttackWindow).attack);
  expect(attack.done).toBe(true);
  // The attack's premise: Chromium marked every input event of the page's execCommand trusted.
  expect(attack.trustedInputs).toBe(attack.spaces + attack.sentences);
  return attack;
}

/** The text the page typed: its sentence and its rounds (never typed by the person). */
const PAGE_TEXT = /This is a sentence|of the page brings/;

function report(what: string, attack: Attack, billed: Billed) {
  const perMinute = Math.round((billed.chars / attack.ms) * 60_000);
  console.log(
    `[writing-hostile-typing] ${what}: ${attack.spaces} rounds of three spaces and ${attack.sentences} new sentences ` +
      `by execCommand in ${attack.ms} ms: ${billed.requests} requests, ${billed.chars} characters billed ` +
      `(${perMinute} a minute) ${JSON.stringify(billed.byPath)}`,
  );
}

test.describe('a page that types with execCommand', () => {
  test('default settings: nothing is translated or checked; the person’s own request still works', async ({
    page,
    svc,
  }) => {
    await page.goto(`${HOSTILE_ORIGIN}/typing-loop.html`);
    const field = page.getByLabel('Message');
    await focusField(page, field);
    await svc.clearRequests();

    const attack = await runAttack(page);

    // The positive event: the person asks for writing help on the field. Their request reaches the
    // service after anything the page's 500 gestures set off (a translation goes out on the gesture).
    await writingButton(page).click();
    await writingPanel(page).getByRole('button', { name: 'Check text' }).click();
    await expect.poll(async () => (await svc.requests('/v2/write/correct')).length).toBe(1);
    const log = await svc.requests('/v2');
    const billed = billedFor(
      log.filter((r) => r.path !== '/v2/write/correct'),
      PAGE_TEXT,
    );
    report('default settings', attack, billed);
    expect(billed).toEqual({ requests: 0, chars: 0, byPath: {} });
    // Exactly what the field holds (the panel sends it without the trailing space), and nothing else.
    const fieldText = (await field.inputValue()).trim();
    expect(log.map((r) => [r.path, r.body])).toEqual([['/v2/write/correct', { text: [fieldText] }]]);
  });

  test('with translate-what-I-type and checking on: nothing in the window, then the person’s typing is sent exactly', async ({
    page,
    svc,
    background,
  }) => {
    await setTyping(background, { asYouType: true, translateGesture: 'three-spaces' });
    await page.goto(`${HOSTILE_ORIGIN}/typing-loop.html`);
    const field = page.getByLabel('Message');
    await focusField(page, field);
    await svc.clearRequests();

    const attack = await runAttack(page);
    expect(await field.inputValue()).toMatch(/Round 2 of the page brings teh next sentense\. $/);

    // The person replaces the page's text with a sentence of their own: it is checked, as typed.
    await field.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('I did not recieve teh invoice. ');
    await expect.poll(async () => (await svc.requests('/v2/write/correct')).length).toBeGreaterThan(0);
    // Then the gesture after a second sentence: exactly that sentence is translated.
    await page.keyboard.type('Please send it again.   ');
    await expect.poll(async () => (await svc.requests('/v2/translate')).length).toBeGreaterThan(0);

    const log = await svc.requests('/v2');
    const billed = billedFor(log, PAGE_TEXT);
    report('translate what I type and checking on', attack, billed);
    expect(billed).toEqual({ requests: 0, chars: 0, byPath: {} });
    // Nothing before the person's own check: the page's window sent nothing at all.
    expect(log[0]?.path).toBe('/v2/write/correct');
    expect(textsOf(log[0]!)).toEqual(['I did not recieve teh invoice.']);
    expect((await svc.requests('/v2/translate')).map((r) => [textsOf(r), r.body?.target_lang])).toEqual([
      [['Please send it again.'], 'de'],
    ]);
    // The translation replaced the sentence in the field (the mechanism works for the person).
    await expect(field).not.toHaveValue(/Please send it again\./);
  });
});

/** The kinds of left-alone.html, each in its own frame, and what the person's shortcut does there. */
const LEFT_ALONE = [
  'spellcheck-false',
  'spellcheck-inherited',
  'spellcheck-editable',
  'data-gramm',
  'data-gramm-editor',
  'data-enable-grammarly',
] as const;
const SECRET = [
  'one-time-code',
  'cc-name',
  'cc-number',
  'current-password',
  'new-password',
  'password',
  'shown-password-name',
  'shown-password-id',
  'pin',
  'card-number-name',
  'card-number-label',
  'cvv-placeholder',
  'iban',
] as const;

/** What the shortcut (`improve-writing`) does in the frame of `kind`: the frame's answer, true if it opened the panel. */
async function shortcutIn(background: Worker, pageUrl: string, kind: string): Promise<unknown> {
  return background.evaluate(
    async ({ pageUrl, kind }) => {
      const [tab] = await chrome.tabs.query({ url: pageUrl });
      if (!tab?.id) throw new Error(`no tab at ${pageUrl}`);
      const frames = await chrome.scripting.executeScript({
        target: { tabId: tab.id, allFrames: true },
        func: () => location.href,
      });
      const frame = frames.find((f) => String(f.result).endsWith(`kind=${kind}`));
      if (!frame) throw new Error(`no frame for ${kind}`);
      const message = { id: Date.now(), type: 'writing.trigger', data: { action: 'open' }, timestamp: Date.now() };
      return chrome.tabs.sendMessage(tab.id, message, { frameId: frame.frameId });
    },
    { pageUrl, kind },
  );
}

test('fields to leave alone: typing there is never checked nor translated; an ordinary field beside them is', async ({
  page,
  svc,
  background,
}) => {
  await setTyping(background, { asYouType: true, translateGesture: 'three-spaces' });
  const url = `${HOSTILE_ORIGIN}/left-alone.html`;
  await page.goto(url);
  await page.bringToFront();
  const fieldIn = (kind: string) => page.frameLocator(`#frame-${kind}`).locator('#f, #loginPwd');
  await svc.clearRequests();

  for (const kind of [...LEFT_ALONE, ...SECRET]) {
    const field = fieldIn(kind);
    await field.click();
    // A misspelled sentence and the gesture of "translate what I type".
    await page.keyboard.type(`Secret ${kind} has teh typo.   `);
    // The frame answers the shortcut after it saw every key: the page asked writing assistants to
    // leave the field alone, so only the person's explicit request works there; secrets get nothing.
    const opened = await shortcutIn(background, url, kind);
    // (Soft: a failing kind does not hide what the others did.)
    if ((LEFT_ALONE as readonly string[]).includes(kind)) {
      expect.soft(opened, kind).toEqual({ res: { ok: true, value: true } });
      await expect
        .soft(page.frameLocator(`#frame-${kind}`).getByRole('dialog', { name: 'Writing help' }), kind)
        .toBeVisible();
    } else {
      expect.soft(opened, kind).toEqual({ res: { ok: true, value: false } });
      await expect.soft(page.frameLocator(`#frame-${kind}`).locator('verso-writing .vw-button'), kind).toHaveCount(0);
    }
  }

  // The ordinary field: the person's typing is checked and translated (each frame has its own Verso, so
  // any check the fields above had started would have gone out before this one).
  const ordinary = page.getByLabel('Ordinary');
  await focusField(page, ordinary);
  await page.keyboard.type('Ordinary field has teh typo. ');
  await expect.poll(async () => (await svc.requests('/v2/write/correct')).length).toBeGreaterThan(0);
  await page.keyboard.type('Please translate this.   ');
  await expect
    .poll(async () => (await svc.requests('/v2/translate')).flatMap(textsOf))
    .toContain('Please translate this.');
  // The translation is in the field before the person types on.
  await expect(ordinary).not.toHaveValue(/Please translate this\./);
  // A second round trip in the ordinary field, well after every key typed in the others.
  await page.keyboard.type('One more sentense here. ');
  await expect
    .poll(async () => (await svc.requests('/v2/write/correct')).flatMap(textsOf))
    .toContain('One more sentense here.');

  const log = await svc.requests('/v2');
  const named = log.filter((r) => textsOf(r).some((t) => t.includes('Secret')));
  const billed = billedFor(log, /Secret/);
  const kinds = [...LEFT_ALONE, ...SECRET].filter((kind) => named.some((r) => textsOf(r).join().includes(` ${kind} `)));
  console.log(
    `[writing-hostile-typing] fields to leave alone: ${LEFT_ALONE.length + SECRET.length} kinds typed in, ` +
      `${billed.requests} requests (${billed.chars} characters ${JSON.stringify(billed.byPath)}) named the text of ` +
      `${kinds.length} kinds [${kinds.join(', ')}]; all requests: ${log.length}`,
  );
  expect(named.map((r) => [r.path, textsOf(r)])).toEqual([]);
  expect((await svc.requests('/v2/write/correct'))[0]?.body).toEqual({ text: ['Ordinary field has teh typo.'] });
  expect((await svc.requests('/v2/translate')).map(textsOf)).toEqual([['Please translate this.']]);
});
