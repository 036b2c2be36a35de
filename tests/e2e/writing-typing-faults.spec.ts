import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { LoggedRequest } from '../../service/testing/control.ts';
import { expect, test } from './fixtures.ts';
import { fixtureOpener, focusField, marks, setTyping } from './helpers/writing.ts';

// Writing help as you type: its switches (global in options, per site in the panel), a free key, and
// faults: 429 and 5xx back off without requests piling up, a 456 stops checking and says so once, and
// a text over 10 KiB goes in requests within the body limit, one after another.

const HOST = 'typing-faults.verso.test';
const openFixture = fixtureOpener(HOST);

async function openField(context: BrowserContext, page: Page): Promise<Locator> {
  await openFixture(context, page, '<label>Message <textarea rows="8" cols="80"></textarea></label>');
  const field = page.getByLabel('Message');
  await focusField(page, field);
  return field;
}

const texts = (log: LoggedRequest[]) => log.map((r) => r.body?.text as string[]);

/** No two requests of the log were out at the same time (each ended before the next began). */
function oneAtATime(log: LoggedRequest[]): boolean {
  return log.every((r, i) => {
    const next = log[i + 1];
    return !next || Date.parse(r.at) + (r.durationMs ?? 0) <= Date.parse(next.at) + 1;
  });
}

test.describe('writing help as you type: switches', () => {
  test.beforeEach(async ({ configure }) => {
    await configure();
  });

  test('off until turned on: the global switch in options turns it on everywhere', async ({
    context,
    page,
    svc,
    openExtensionPage,
  }) => {
    const options = await openExtensionPage('options.html#writing');
    const global = options.getByLabel('Check spelling and grammar as I type, on every site');
    await expect(global).not.toBeChecked();
    await global.check();
    await options.close();

    await openField(context, page);
    await page.keyboard.type('I did not recieve teh invoice. ');
    await expect(marks(page)).toHaveCount(2);
    expect(texts(await svc.requests('/v2/write/correct'))).toEqual([['I did not recieve teh invoice.']]);
  });

  test("the site's own switch in the panel: on here while off elsewhere; while off, nothing typed is sent", async ({
    context,
    page,
    svc,
  }) => {
    const field = await openField(context, page);
    await page.getByRole('button', { name: 'Writing help: correct or improve this text' }).click();
    const panel = page.getByRole('dialog', { name: 'Writing help' });
    await panel.getByText(`As you type on ${HOST}`).click();
    const siteSwitch = panel.getByLabel('Check spelling and grammar as I type on this site');
    await siteSwitch.check();
    await panel.getByRole('button', { name: 'Close' }).click();

    await field.click();
    await page.keyboard.type('This is the first seperate note. ');
    await expect(marks(page)).toHaveCount(1);

    // Off for the site: what is typed now stays in the page ...
    await page.getByRole('button', { name: 'Writing help: correct or improve this text' }).click();
    await panel.getByText(`As you type on ${HOST}`).click();
    await siteSwitch.uncheck();
    await expect(marks(page)).toHaveCount(0);
    await panel.getByRole('button', { name: 'Close' }).click();
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.type('This is the second seperate note. ');

    // ... until it is on again: the next check carries it, so it was never sent before.
    await page.getByRole('button', { name: 'Writing help: correct or improve this text' }).click();
    await panel.getByText(`As you type on ${HOST}`).click();
    await siteSwitch.check();
    await panel.getByRole('button', { name: 'Close' }).click();
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.type('And that is the third.');
    await expect(marks(page)).toHaveCount(2);
    expect(texts(await svc.requests('/v2/write/correct'))).toEqual([
      ['This is the first seperate note.'],
      ['This is the second seperate note.', 'And that is the third.'],
    ]);
  });

  test('a free key gets the explanation once and nothing is sent', async ({
    context,
    page,
    svc,
    configure,
    background,
  }) => {
    await configure({ apiKey: svc.freeKey });
    await setTyping(background, { asYouType: true });
    await openField(context, page);
    await page.keyboard.type('I did not recieve it. ');
    const notice = page.locator('verso-writing .vw-notice[role="status"]');
    await expect(notice).toContainText('Writing help needs a paid API key');
    await notice.getByRole('button', { name: 'Close' }).click();
    await page.keyboard.type('More text here. ');
    await expect(notice).toHaveCount(0);
    expect(await svc.requests('/v2/write')).toEqual([]);
  });
});

test.describe('writing help as you type: faults', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setTyping(background, { asYouType: true });
  });

  test('a 429 is waited out (Retry-After) without requests piling up; what was typed meanwhile goes along', async ({
    context,
    page,
    svc,
  }) => {
    await openField(context, page);
    await svc.addFaults([{ path: '/v2/write', status: 429, retryAfter: 2 }]);
    await page.keyboard.type('I did not recieve teh invoice. ');
    await expect.poll(async () => (await svc.requests('/v2/write')).map((r) => r.status)).toEqual([429]);
    await page.keyboard.type('Could you send it again ?');
    await expect(marks(page)).toHaveCount(3);
    const log = await svc.requests('/v2/write');
    expect(log[0]!.status).toBe(429);
    expect(log.slice(1).every((r) => r.status === 200)).toBe(true);
    // Each sentence answered once, and never two requests out together.
    expect(texts(log.slice(1)).flat().sort()).toEqual(['Could you send it again ?', 'I did not recieve teh invoice.']);
    expect(oneAtATime(log)).toBe(true);
  });

  test('5xx answers back off and are tried again: 503, 500, then the underlines', async ({ context, page, svc }) => {
    await openField(context, page);
    await svc.addFaults([
      { path: '/v2/write', status: 503 },
      { path: '/v2/write', status: 500 },
    ]);
    await page.keyboard.type('I did not recieve teh invoice. ');
    await expect(marks(page)).toHaveCount(2, { timeout: 20_000 });
    const log = await svc.requests('/v2/write');
    expect(log.map((r) => r.status)).toEqual([503, 500, 200]);
    expect(oneAtATime(log)).toBe(true);
  });

  test('a 456 stops checking on the page and says so once', async ({ context, page, svc }) => {
    const field = await openField(context, page);
    await svc.addFaults([{ path: '/v2/write', status: 456, body: '{"message":"Quota exceeded"}' }]);
    await page.keyboard.type('I did not recieve teh invoice. ');
    const notice = page.locator('verso-writing .vw-notice[role="status"]');
    await expect(notice).toContainText('The character quota is used up, so Verso stopped checking as you type');
    await notice.getByRole('button', { name: 'Close' }).click();
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.type('Another sentense. ');
    // The person then asks the panel: its request is the only one after the 456.
    await page.getByRole('button', { name: 'Writing help: correct or improve this text' }).click();
    const panel = page.getByRole('dialog', { name: 'Writing help' });
    await panel.getByRole('button', { name: 'Check text' }).click();
    await expect(panel.getByText(/suggested changes?/)).toBeVisible();
    const log = await svc.requests('/v2/write');
    expect(log.map((r) => [r.status, r.body?.text])).toEqual([
      [456, ['I did not recieve teh invoice.']],
      [200, ['I did not recieve teh invoice. Another sentense.']],
    ]);
    await expect(notice).toHaveCount(0);
    await expect(marks(page)).toHaveCount(0);
  });

  test('a text over 10 KiB is checked in requests within the limit, one after another, each sentence once', async ({
    context,
    page,
    svc,
  }) => {
    await openField(context, page);
    const sentences = Array.from(
      { length: 300 },
      (_, i) => `Paragraph ${i + 1} says that we did not recieve the files and the plan goes on.`,
    );
    const text = `${sentences.map((s, i) => (i % 4 === 3 ? `${s}\n\n` : `${s} `)).join('')}`;
    expect(new TextEncoder().encode(text).length).toBeGreaterThan(2 * 10 * 1024);
    // Pasted in one go by the person (Ctrl+V: a trusted paste, which counts as their edit; automation's
    // insertText brings no key, paste or composition and starts nothing, person-input.ts), then the pause.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `https://${HOST}` });
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.keyboard.press('Control+v');
    await expect.poll(async () => (await svc.requests('/v2/write')).length, { timeout: 20_000 }).toBeGreaterThan(2);
    await expect(page.getByRole('button', { name: `Writing suggestions: ${sentences.length}` })).toBeVisible({
      timeout: 20_000,
    });
    const log = await svc.requests('/v2/write');
    for (const r of log) {
      expect(r.status).toBe(200);
      expect(new TextEncoder().encode(JSON.stringify(r.body)).length).toBeLessThanOrEqual(10 * 1024);
    }
    expect(texts(log).flat()).toEqual(sentences);
    expect(oneAtATime(log)).toBe(true);
  });
});
