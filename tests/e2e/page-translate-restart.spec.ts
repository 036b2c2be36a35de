import type { Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { attemptsTo } from './helpers/attempts.ts';
import {
  indicator,
  longPage,
  ORIGIN,
  pressTranslatePage,
  queuedRows,
  servePages,
  tally,
  workerStopper,
} from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

const LONG = `${ORIGIN}/long.html`;
const COUNT = 600;

/** The first request (the screen) is answered as usual; every later one waits until the test releases it. */
const HOLD_AFTER_THE_FIRST = [
  { path: '/v2/translate', count: 1 },
  { path: '/v2/translate', hold: true, count: 1000 },
];

const textsOf = (request: Request): string[] => (request.postDataJSON() as { text: string[] }).text;

/** How many times each paragraph is among `texts`. */
function timesAsked(texts: readonly string[]): number[] {
  const times = new Array<number>(COUNT).fill(0);
  for (const text of texts) {
    const match = /^Paragraph (\d+) is/.exec(text);
    if (match) times[Number(match[1])]! += 1;
  }
  return times;
}

test('the service worker stops in the middle of a page: nothing is lost and nothing is sent twice unasked', async ({
  page,
  background,
  configure,
  context,
  extensionId,
  svc,
}) => {
  test.setTimeout(90_000);
  await configure();
  await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
  await servePages(page, { '/long.html': longPage(COUNT) });
  await svc.addFaults(HOLD_AFTER_THE_FIRST);
  // The browser's view: which answers reached Verso, and which requests ended without one.
  const attempts = attemptsTo(context, `${svc.url}/v2/translate`);
  await page.goto(LONG);
  const stopWorker = await workerStopper(context, extensionId);
  await page.bringToFront();
  await pressTranslatePage(background, LONG);

  // The condition: part of the page translated, requests in flight (held), the rest waiting in the
  // stored queue. Nothing is answered until the worker has stopped.
  await expect.poll(async () => (await tally(page, COUNT)).german).toBeGreaterThan(0);
  await expect.poll(() => svc.held()).toBeGreaterThan(0);
  await expect.poll(() => queuedRows(background)).toBeGreaterThan(0);
  await background.evaluate(() => {
    (self as unknown as { marker?: number }).marker = 1;
  });
  await stopWorker();
  const atStop = await tally(page, COUNT);
  expect(atStop.english).toBeGreaterThan(0);

  // From now on the service answers: what a new worker sends, and what was held (its client is gone).
  await svc.clearFaults();
  await svc.release();
  // The page's status check wakes the worker; the restored queue finishes what was never sent. What was
  // in flight may have been billed (Verso cannot tell a held request from one the service answered to
  // nobody): it is reported, and goes again only when the person asks.
  const card = indicator(page);
  await expect(card.getByRole('status')).toHaveText('Partly translated into German', { timeout: 60_000 });
  await expect(card.getByRole('alert')).toContainText('may already have billed them');
  await card.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => tally(page, COUNT), { timeout: 60_000 }).toEqual({ german: COUNT, english: 0 });
  await expect(card.getByRole('status')).toHaveText('Translated into German');
  // The worker that finished is a new one: the old one's memory is gone.
  expect(await background.evaluate(() => (self as unknown as { marker?: number }).marker)).toBeUndefined();

  attempts.stop();
  const answered = (await attempts.ended()).filter((a) => a.status === 200);
  // Every paragraph's answer reached Verso exactly once: everything answered before the stop was kept
  // and not asked for again.
  expect(timesAsked(answered.flatMap((a) => a.texts))).toEqual(new Array(COUNT).fill(1));
  // A text went out twice only when its first request was in flight as the worker stopped (the browser
  // never saw an answer to it: the worker that sent it was gone), and the person asked again.
  const withAnswer = new Set(answered.map((a) => a.request));
  const unanswered = attempts.started.filter((r) => !withAnswer.has(r));
  expect(unanswered.length).toBeGreaterThan(0);
  const inFlightAtStop = timesAsked(unanswered.flatMap((r) => textsOf(r)));
  const asked = timesAsked(attempts.started.flatMap((r) => textsOf(r)));
  // ...and every text in flight at the stop went out once more.
  for (let i = 0; i < COUNT; i++) expect(asked[i], `paragraph ${i}`).toBe(1 + inFlightAtStop[i]!);
});

/**
 * The long page translated with the screen answered, the next requests held by the service and the rest
 * waiting in the queue.
 */
type Fixtures = Parameters<Parameters<typeof test>[2]>[0];

async function translateUntilHeld({
  page,
  background,
  configure,
  svc,
}: Pick<Fixtures, 'page' | 'background' | 'configure' | 'svc'>) {
  await configure();
  await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
  await servePages(page, { '/long.html': longPage(COUNT) });
  await svc.addFaults(HOLD_AFTER_THE_FIRST);
  await page.goto(LONG);
  await pressTranslatePage(background, LONG);
  await expect.poll(async () => (await tally(page, COUNT)).german).toBeGreaterThan(0);
  await expect.poll(() => svc.held()).toBeGreaterThan(0);
  await expect.poll(() => queuedRows(background)).toBeGreaterThan(0);
}

test('leaving a page in the middle drops what it still waited for, but never a request that left; back on the page, each text was sent once', async ({
  page,
  background,
  configure,
  svc,
}) => {
  await translateUntilHeld({ page, background, configure, svc });

  // The person leaves: the queue drops the page's waiting work. The requests out are not given up (the
  // service may bill them whether anyone waits or not): answered, they fill the cache.
  await page.goto(`${ORIGIN}/article.html`);
  await expect.poll(() => queuedRows(background)).toBe(0);
  await svc.clearFaults();
  expect(await svc.release()).toBeGreaterThan(0);
  await expect.poll(async () => (await svc.requests('/v2/translate')).every((r) => r.status !== null)).toBe(true);
  const before = await svc.requests('/v2/translate');
  expect(before.map((r) => r.status)).toEqual(new Array(before.length).fill(200));
  // Only what had gone out before the person left: the first request and the ones held.
  const sentBefore = before.flatMap((r) => (r.body?.text ?? []) as string[]);
  expect(sentBefore.length).toBeLessThan(COUNT);

  // Back on the page: what those requests answered comes from the cache, the rest goes once.
  await page.goto(LONG);
  await pressTranslatePage(background, LONG);
  await expect.poll(async () => (await tally(page, COUNT)).german, { timeout: 30_000 }).toBe(COUNT);
  const all = (await svc.requests('/v2/translate')).flatMap((r) => (r.body?.text ?? []) as string[]);
  expect(timesAsked(all)).toEqual(new Array(COUNT).fill(1));
});

test('reloading a page in the middle of its translation waits for the requests already out: each text is sent once', async ({
  page,
  background,
  configure,
  svc,
}) => {
  await translateUntilHeld({ page, background, configure, svc });

  // The reload asks again for the texts that are out: they wait for those answers.
  await page.reload();
  await pressTranslatePage(background, LONG);
  await svc.clearFaults();
  await svc.release();
  await expect.poll(async () => (await tally(page, COUNT)).german, { timeout: 30_000 }).toBe(COUNT);
  await expect.poll(async () => (await svc.requests('/v2/translate')).every((r) => r.status !== null)).toBe(true);
  const requests = await svc.requests('/v2/translate');
  expect(requests.map((r) => r.status)).toEqual(new Array(requests.length).fill(200));
  expect(timesAsked(requests.flatMap((r) => (r.body?.text ?? []) as string[]))).toEqual(new Array(COUNT).fill(1));
});
