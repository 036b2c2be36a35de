import type { Page, Worker } from '@playwright/test';
import { type RunningService, startService } from '../../service/testing/service.ts';
import { expect, test } from './fixtures.ts';
import { attemptsTo } from './helpers/attempts.ts';
import { WORKER_CLOCK_FACTOR } from './helpers/clock.ts';
import { toGerman } from './helpers/german.ts';
import { bubble, clickTranslateSelection, ORIGIN, selectContents, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

// Faults on the way to the service, met by a selection's translation: 429 with Retry-After (a burst and
// one that does not end), 5xx (a burst and one that does not end), a hung request, the service going
// away and coming back. The bubble shows the translation or a clear message, and the requests stay
// within the retry policy (5 attempts, 15 s each, lib/api/retry.ts). The figures asserted here are in
// docs/security.md, "Faults on page translation and selection".
// The service worker's timers run WORKER_CLOCK_FACTOR times faster (helpers/clock.ts): the seconds of
// the policy, and those the tests measure, are the worker's.

const TEXT = 'The boat is on the water and the oars are in the boat.';
const PAGE = `<!doctype html><html lang="en"><body><p id="p">${TEXT}</p></body></html>`;
const PAGE_URL = `${ORIGIN}/faults.html`;

const alert = (page: Page) => bubble(page).getByRole('alert');
const result = (page: Page) => bubble(page).locator('.result');

/** Selects the paragraph and picks "Translate selection" from the menu. */
async function translateSelection(page: Page, background: Worker) {
  await selectContents(page, '#p');
  await clickTranslateSelection(background, PAGE_URL);
  await expect(bubble(page)).toBeVisible();
}

async function expectTranslation(page: Page, timeout = 10_000) {
  await expect(result(page)).toHaveText(toGerman(TEXT), { timeout });
  await expect(alert(page)).toHaveCount(0);
  await expect(bubble(page).getByRole('button', { name: 'Copy' })).toBeEnabled();
}

/** While Verso waits, the bubble says it is working and offers nothing to copy. */
async function expectWaiting(page: Page) {
  await expect(result(page)).toHaveText('Translating…');
  await expect(result(page)).toHaveAttribute('aria-busy', 'true');
  await expect(bubble(page).getByRole('button', { name: 'Copy' })).toBeDisabled();
}

test.describe('translate selection under faults', () => {
  test.use({ workerClockFactor: WORKER_CLOCK_FACTOR });
  // `svc` first: it resets the service and clears extension storage before the preferences are set.
  test.beforeEach(async ({ svc, background, page }) => {
    await svc.clearRequests();
    await setPreferences(background, { targetLang: 'de' });
    await serve(page, { '/faults.html': PAGE });
  });

  test('a burst of 429 with Retry-After is waited out: 2 faults, 3 requests, the translation', async ({
    page,
    background,
    svc,
    configure,
    workerClock,
  }) => {
    await configure();
    await page.goto(PAGE_URL);
    // The third request waits at the service until the test has seen the bubble waiting.
    await svc.addFaults([
      { path: '/v2/translate', status: 429, retryAfter: 1, count: 2 },
      { path: '/v2/translate', hold: true },
    ]);
    const started = await workerClock.elapsed();
    await translateSelection(page, background);
    await expectWaiting(page);
    await expect.poll(() => svc.held()).toBe(1);
    // Two Retry-After waits of a second before the third request.
    expect((await workerClock.elapsed()) - started).toBeGreaterThanOrEqual(2_000);
    await expectWaiting(page);
    await svc.release();
    await expectTranslation(page);
    expect((await svc.requests('/v2/translate')).map((r) => r.status)).toEqual([429, 429, 200]);
  });

  test('a 429 that does not end stops after 5 requests with a clear message; asked again later, it works', async ({
    page,
    background,
    svc,
    configure,
  }) => {
    await configure();
    await page.goto(PAGE_URL);
    await svc.addFaults([{ path: '/v2/translate', status: 429, retryAfter: 1, count: 50 }]);
    await translateSelection(page, background);
    await expect(alert(page)).toContainText('The service is busy (too many requests)', { timeout: 20_000 });
    await expect(bubble(page).getByRole('button', { name: 'Copy' })).toBeDisabled();
    expect((await svc.requests('/v2/translate')).map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);

    // Later, "Try again" in the bubble asks once more, with the same choices.
    await svc.clearFaults();
    await svc.clearRequests();
    await bubble(page).getByRole('button', { name: 'Try again' }).click();
    await expectTranslation(page);
    await expect(bubble(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(await svc.requests('/v2/translate')).toHaveLength(1);
  });

  test('a burst of 500, 502, 503 and 529 is retried with back-off: 5 requests, the translation', async ({
    page,
    background,
    svc,
    configure,
  }) => {
    await configure();
    await page.goto(PAGE_URL);
    await svc.addFaults([
      { path: '/v2/translate', status: 500 },
      { path: '/v2/translate', status: 502, body: '<html><body>Bad gateway</body></html>' },
      { path: '/v2/translate', status: 503 },
      { path: '/v2/translate', status: 529 },
      // The fifth waits at the service until the test has seen the bubble waiting.
      { path: '/v2/translate', hold: true },
    ]);
    await translateSelection(page, background);
    await expectWaiting(page);
    await expect.poll(() => svc.held(), { timeout: 20_000 }).toBe(1);
    await expectWaiting(page);
    await svc.release();
    await expectTranslation(page);
    expect((await svc.requests('/v2/translate')).map((r) => r.status)).toEqual([500, 502, 503, 529, 200]);
  });

  test('a 503 that does not end is given up after 5 requests with the status in the message', async ({
    page,
    background,
    svc,
    configure,
  }) => {
    await configure();
    await page.goto(PAGE_URL);
    await svc.addFaults([{ path: '/v2/translate', status: 503, count: 50 }]);
    await translateSelection(page, background);
    await expect(alert(page)).toContainText('The service had a problem', { timeout: 20_000 });
    await expect(alert(page)).toContainText('503');
    expect((await svc.requests('/v2/translate')).map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);

    // Nothing more left after the fifth: asked again once the service is well, one request follows them.
    await svc.clearFaults();
    await bubble(page).getByRole('button', { name: 'Try again' }).click();
    await expectTranslation(page);
    expect((await svc.requests('/v2/translate')).map((r) => r.status)).toEqual([503, 503, 503, 503, 503, 200]);
  });

  test('a hung request is abandoned after 15 s and sent again: 2 requests, the translation', async ({
    page,
    background,
    svc,
    configure,
    workerClock,
  }) => {
    await configure();
    await page.goto(PAGE_URL);
    await svc.addFaults([{ path: '/v2/translate', hang: true }]);
    const started = await workerClock.elapsed();
    await translateSelection(page, background);
    await expectWaiting(page);
    await expectTranslation(page, 25_000);
    expect((await workerClock.elapsed()) - started).toBeGreaterThanOrEqual(15_000);
    // The abandoned request is logged as 499 once the browser gives up on it.
    await expect.poll(async () => (await svc.requests('/v2/translate')).map((r) => r.status)).toEqual([499, 200]);
  });

  test.describe('the service going away', () => {
    let own: RunningService | undefined;
    test.afterEach(async () => {
      await own?.close();
      own = undefined;
    });

    test('stopped for good: 5 attempts, then "cannot be reached" in the bubble', async ({
      page,
      context,
      background,
      configure,
    }) => {
      own = await startService();
      await configure({ serverUrl: own.url, apiKey: own.options.paidKey });
      await page.goto(PAGE_URL);
      const url = own.url;
      await own.close();
      own = undefined;
      const attempts = attemptsTo(context, `${url}/v2/translate`);
      await translateSelection(page, background);
      await expectWaiting(page);
      await expect(alert(page)).toContainText('The service cannot be reached', { timeout: 30_000 });
      // The browser reports the fifth failure on its own channel: wait for it rather than for a while.
      await expect.poll(() => attempts.failed.length).toBe(5);
      attempts.stop();
      expect(attempts.started).toHaveLength(5);
    });

    // On real time: the service must be back before the fifth attempt, some 5 s after the second (on a
    // fast worker clock, one second: less than a busy machine may take to start a service).
    test.describe(() => {
      test.use({ workerClockFactor: 1 });
      test('stopped and started again on the same port while Verso retries: the translation, no request lost', async ({
        page,
        context,
        background,
        configure,
      }) => {
        own = await startService();
        const port = Number(new URL(own.url).port);
        await configure({ serverUrl: own.url, apiKey: own.options.paidKey });
        await page.goto(PAGE_URL);
        const url = own.url;
        await own.close();
        own = undefined;
        const attempts = attemptsTo(context, `${url}/v2/translate`);
        await translateSelection(page, background);
        // Back after two refused attempts (the back-off between them is about a second).
        await expect.poll(() => attempts.failed.length).toBeGreaterThanOrEqual(2);
        own = await startService({ port });
        await expectTranslation(page, 20_000);
        attempts.stop();
        expect(attempts.failed.length).toBeGreaterThanOrEqual(2);
        expect(attempts.started.length).toBe(attempts.failed.length + 1);
        expect(attempts.started.length).toBeLessThanOrEqual(5);
        expect((await own.control.requests('/v2/translate')).map((r) => r.status)).toEqual([200]);
      });
    });
  });
});
