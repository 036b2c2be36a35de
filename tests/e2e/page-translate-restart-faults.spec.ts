import { expect, test } from './fixtures.ts';
import { allGerman, reportedFailed, statuses, textsOf, timesSent } from './helpers/page-faults.ts';
import {
  indicator,
  longPage,
  ORIGIN,
  pressTranslatePage,
  queuedRows,
  queuedRowsSent,
  servePages,
  tally,
  workerStopper,
} from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

// The service worker stopped while page translation meets a fault: while its queue waits out a 429, and
// with requests in flight that the service finishes (and bills) after the worker is gone. Every paragraph
// ends translated exactly once, or is reported as failed with "Try again" when it may already be billed.
// The figures asserted here are in docs/security.md, "Faults on page translation and selection".

const LONG = `${ORIGIN}/long.html`;

// On real time (no fast worker clock): a stopped worker's successor runs on it anyway, and the queue's
// pause after a 429 ends at a time of `Date.now()`, which stays real (helpers/clock.ts).

test.describe('translate page when the service worker stops under faults', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
  });

  test('the service worker stopped while the queue waits out a 429: every paragraph answered once', async ({
    page,
    background,
    context,
    extensionId,
    svc,
  }) => {
    test.setTimeout(90_000);
    const COUNT = 300;
    // Long enough that the stop, right after the worker has stored the pause, falls inside it.
    const RETRY_AFTER_S = 10;
    await servePages(page, { '/long.html': longPage(COUNT) });
    // The first request (the screen) is answered; the next ones are held until it is, then find the
    // service busy.
    await svc.addFaults([
      { path: '/v2/translate', count: 1 },
      { path: '/v2/translate', hold: true, status: 429, retryAfter: RETRY_AFTER_S, count: 1000 },
    ]);
    await page.goto(LONG);
    const stopWorker = await workerStopper(context, extensionId);
    await page.bringToFront();
    await pressTranslatePage(background, LONG);
    await expect.poll(async () => (await tally(page, COUNT)).german).toBeGreaterThan(0);
    await expect.poll(() => svc.held()).toBeGreaterThan(0);
    await svc.clearFaults();
    await svc.release();
    // The queue is in its pause: the worker has stored when it ends, and nothing is in flight.
    const pausedUntil = () =>
      background.evaluate(async () => (await chrome.storage.session.get('pageQueuePausedUntil')).pageQueuePausedUntil);
    await expect.poll(pausedUntil).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const log = await svc.requests('/v2/translate');
        return log.some((r) => r.status === 429) && log.every((r) => r.status !== null);
      })
      .toBe(true);
    // The 429s' texts are written back to the stored queue as not sent (unbilled): a worker stopped before
    // that write lands restores them as maybe billed and reports them instead of sending them again.
    await expect.poll(() => queuedRowsSent(background)).toBe(0);
    // And the answers that came before it are merged (and so saved): every text answered so far shows.
    const beforeStop = await svc.requests('/v2/translate');
    const answeredBefore = textsOf(beforeStop.filter((r) => r.status === 200)).length;
    await expect.poll(async () => (await tally(page, COUNT)).german).toBe(answeredBefore);
    const pauseEnds = (await pausedUntil()) as number;
    await background.evaluate(() => {
      (self as unknown as { marker?: number }).marker = 1;
    });
    await stopWorker();
    // Stopped inside the back-off: nothing went out after the 429s. Part of the page is still to come.
    expect(statuses(await svc.requests('/v2/translate'))).toEqual(statuses(beforeStop));
    const atStop = await tally(page, COUNT);
    expect(atStop.english).toBeGreaterThan(0);

    // The page's status check wakes the worker; the restored queue finishes the page.
    await expect.poll(() => tally(page, COUNT), { timeout: 45_000 }).toEqual(allGerman(COUNT));
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
    expect(await background.evaluate(() => (self as unknown as { marker?: number }).marker)).toBeUndefined();

    const requests = await svc.requests('/v2/translate');
    const answered = requests.filter((r) => r.status === 200);
    // Nothing was in flight at the stop: every paragraph was answered exactly once, nothing paid twice.
    expect(timesSent(textsOf(answered), COUNT)).toEqual(new Array(COUNT).fill(1));
    expect(new Set(statuses(requests))).toEqual(new Set([200, 429]));
    // The new worker still honoured the service's Retry-After: its first request came after the pause
    // the old one stored (less a few milliseconds: timers run on whole milliseconds).
    const afterStop = requests.slice(beforeStop.length);
    expect(afterStop.length).toBeGreaterThan(0);
    expect(Date.parse(afterStop[0]!.at)).toBeGreaterThanOrEqual(pauseEnds - 5);
  });

  test('the service worker stopped with requests in flight: no text billed twice unasked, those parts reported, "Try again" sends them', async ({
    page,
    background,
    context,
    extensionId,
    svc,
  }) => {
    test.setTimeout(90_000);
    const COUNT = 300;
    await servePages(page, { '/long.html': longPage(COUNT) });
    // The screen is answered; every later request is slow, and the service finishes (and bills) them
    // when their connection goes, as a real service may: Verso never sees those answers. As many are out
    // as the worker's limit allows at the time (4, or more when the rest was already waiting as the
    // screen's answer came).
    await svc.addFaults([
      { path: '/v2/translate', count: 1 },
      { path: '/v2/translate', delayMs: 120_000, count: 1000 },
    ]);
    await page.goto(LONG);
    const stopWorker = await workerStopper(context, extensionId);
    await page.bringToFront();
    await pressTranslatePage(background, LONG);
    const held = async () => (await svc.requests('/v2/translate')).filter((r) => r.status === null);
    await expect.poll(async () => (await held()).length).toBeGreaterThanOrEqual(4);
    // Every request the worker recorded as sent has reached the service: none is between the two.
    await expect.poll(async () => (await queuedRowsSent(background)) === textsOf(await held()).length).toBe(true);
    const screen = textsOf((await svc.requests('/v2/translate')).filter((r) => r.status === 200)).length;
    await expect.poll(async () => (await tally(page, COUNT)).german).toBe(screen);
    // Everything not answered is in the worker's store: the held requests' texts and the rest.
    await expect.poll(() => queuedRows(background)).toBe(COUNT - screen);
    await stopWorker();
    await svc.clearFaults();
    // The service has finished the held requests: billed, their answers lost with the worker.
    await expect.poll(async () => (await svc.requests('/v2/translate')).every((r) => r.status !== null)).toBe(true);
    const billedAtStop = textsOf((await svc.requests('/v2/translate')).filter((r) => r.status === 200));
    const inFlightAtStop = billedAtStop.length - screen;
    expect(inFlightAtStop).toBeGreaterThan(100);

    // The page's status check wakes the worker. What was not sent is translated; what may already be
    // billed is not sent again by itself: it is reported, and the person decides.
    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('Partly translated into German', { timeout: 45_000 });
    expect(await reportedFailed(page)).toBe(inFlightAtStop);
    await expect(card.getByRole('alert')).toContainText('may already have billed them');
    const before = await svc.requests('/v2/translate');
    expect(Math.max(...timesSent(textsOf(before.filter((r) => r.status === 200)), COUNT))).toBe(1);
    expect(await tally(page, COUNT)).toEqual({ german: COUNT - inFlightAtStop, english: inFlightAtStop });

    await card.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => tally(page, COUNT), { timeout: 30_000 }).toEqual(allGerman(COUNT));
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    // Sent again only on the person's click: those texts twice, every other once.
    const times = timesSent(textsOf((await svc.requests('/v2/translate')).filter((r) => r.status === 200)), COUNT);
    expect(times.filter((t) => t === 2)).toHaveLength(inFlightAtStop);
    expect(times.filter((t) => t === 1)).toHaveLength(COUNT - inFlightAtStop);
  });
});
