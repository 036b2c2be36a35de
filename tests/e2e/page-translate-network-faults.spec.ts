import type { BrowserContext, Page, Worker } from '@playwright/test';
import { type RunningService, startService } from '../../service/testing/service.ts';
import { expect, test, type VersoFixtures } from './fixtures.ts';
import { type Attempt, attemptsTo } from './helpers/attempts.ts';
import { WORKER_CLOCK_FACTOR } from './helpers/clock.ts';
import { toGerman } from './helpers/german.ts';
import {
  allGerman,
  reportedFailed,
  sendsPerRequest,
  statuses,
  textsOf,
  timesSent,
  translateLog,
} from './helpers/page-faults.ts';
import { indicator, longPage, ORIGIN, paragraphText, pressTranslatePage, servePages, tally } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

// Faults on the way to the service, met by page translation: bursts of 5xx, a 503 that does not end,
// a hung request, the service going away (and coming back); the service worker stopped under faults is
// page-translate-restart-faults.spec.ts. In each case every paragraph ends translated exactly once or is reported as
// failed with "Try again", and no request is repeated beyond the retry policy (5 attempts,
// lib/features/page-translate/queue/README.md). The figures asserted here are in docs/security.md, "Faults on page translation
// and selection". The service worker's timers run WORKER_CLOCK_FACTOR times faster (helpers/clock.ts):
// the seconds of the policy, and those the tests measure, are the worker's.

const LONG = `${ORIGIN}/long.html`;

test.describe('translate page under faults', () => {
  test.use({ workerClockFactor: WORKER_CLOCK_FACTOR });
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
  });

  test('bursts of 500, 502, 503 and 529 are retried: 8 faults, every paragraph translated once', async ({
    page,
    background,
    svc,
  }) => {
    const COUNT = 300;
    await servePages(page, { '/long.html': longPage(COUNT) });
    // The first request (the screen) is answered; the next answers fail, two of each kind: the faults
    // come mid-page however fast the machine is.
    await svc.addFaults([
      { path: '/v2/translate', count: 1 },
      { path: '/v2/translate', status: 500, count: 2 },
      { path: '/v2/translate', status: 502, body: '<html><body>Bad gateway</body></html>', count: 2 },
      { path: '/v2/translate', status: 503, count: 2 },
      { path: '/v2/translate', status: 529, count: 2 },
    ]);
    await page.goto(LONG);
    await pressTranslatePage(background, LONG);
    await expect.poll(() => tally(page, COUNT), { timeout: 30_000 }).toEqual(allGerman(COUNT));
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
    await expect(indicator(page).getByRole('alert')).toHaveCount(0);

    const requests = await svc.requests('/v2/translate');
    const faulted = requests.filter((r) => r.status !== 200);
    expect(faulted.map((r) => r.status).sort()).toEqual([500, 500, 502, 502, 503, 503, 529, 529]);
    const answered = requests.filter((r) => r.status === 200);
    // Each paragraph was answered exactly once; a failed request went again as it was, within 5 sends.
    expect(timesSent(textsOf(answered), COUNT)).toEqual(new Array(COUNT).fill(1));
    for (const sends of sendsPerRequest(requests.map((r) => textsOf([r])))) expect(sends).toBeLessThanOrEqual(5);
    expect(answered.length).toBeLessThanOrEqual(Math.ceil(COUNT / 50) + 2);
    expect(requests).toHaveLength(answered.length + 8);
  });

  test('a 503 that does not end: 5 sends per request, every part reported, "Try again" finishes the page', async ({
    page,
    background,
    svc,
  }) => {
    // The back-offs of 5 sends add up to about 10 s a request, and a busy machine stretches them: the
    // limits below only catch a page that never gives up.
    test.setTimeout(120_000);
    const COUNT = 120;
    await servePages(page, { '/long.html': longPage(COUNT) });
    await svc.addFaults([{ path: '/v2/translate', status: 503, count: 1000 }]);
    await page.goto(LONG);
    await pressTranslatePage(background, LONG);

    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('The page could not be translated', { timeout: 75_000 });
    await expect(card.getByRole('alert')).toHaveText(
      `${COUNT} parts were not translated. The service had a problem. Try again in a moment. (503: Injected fault: status 503)`,
    );
    expect(await tally(page, COUNT)).toEqual({ german: 0, english: COUNT });
    await expect(card.getByRole('button', { name: 'Show original' })).toHaveCount(0);

    // Given up after the policy's 5 sends of each request.
    const log = await svc.requests('/v2/translate');
    expect(new Set(statuses(log))).toEqual(new Set([503]));
    expect(new Set(sendsPerRequest(log.map((r) => textsOf([r]))))).toEqual(new Set([5]));
    expect(timesSent(textsOf(log), COUNT)).toEqual(new Array(COUNT).fill(5));

    // The service is well again: the person tries again, and each paragraph is sent once. Nothing more
    // left in between: a sixth send would be in the log after the fifth, as another 503 or a text twice.
    await svc.clearFaults();
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => tally(page, COUNT), { timeout: 20_000 }).toEqual(allGerman(COUNT));
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    await expect(card.getByRole('alert')).toHaveCount(0);
    const again = (await svc.requests('/v2/translate')).slice(log.length);
    expect(new Set(statuses(again))).toEqual(new Set([200]));
    expect(timesSent(textsOf(again), COUNT)).toEqual(new Array(COUNT).fill(1));
  });

  test('an answer 20,000 times longer than its paragraph is refused: the page keeps its text there and says so', async ({
    page,
    background,
    svc,
  }) => {
    // Two paragraphs on the first screen (the first request), four far below (the next).
    const above = [0, 1].map((i) => `<p id="p${i}">${paragraphText(i)}</p>`);
    const below = [2, 3, 4, 5].map((i) => `<p id="p${i}">${paragraphText(i)}</p>`);
    const html = `<!doctype html><html lang="en"><head><title>Answers</title></head><body>${above.join('')}<div style="height: 4000px"></div>${below.join('')}</body></html>`;
    await servePages(page, { '/answers.html': html });
    // The first request's answers come back with a million characters before each translation.
    await svc.addFaults([{ path: '/v2/translate', inject: 'ä'.repeat(1_000_000) }]);
    const url = `${ORIGIN}/answers.html`;
    await page.goto(url);
    const before = await page.evaluate(() => document.body.innerHTML.length);
    await pressTranslatePage(background, url);

    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('Partly translated into German', { timeout: 30_000 });
    await expect(card.getByRole('alert')).toHaveText(
      /^2 parts were not translated\. The service's translation was [\d,]+ times as long as the text, so it was not used \(at most 10 times is accepted\)$/,
    );
    for (const i of [0, 1]) await expect(page.locator(`#p${i}`)).toHaveText(paragraphText(i));
    for (const i of [2, 3, 4, 5]) await expect(page.locator(`#p${i}`)).toHaveText(toGerman(paragraphText(i)));
    expect(await page.evaluate(() => document.body.innerHTML.length)).toBeLessThan(before + 100);
    // Each paragraph went once; the refused answers were not retried.
    const requests = await svc.requests('/v2/translate');
    expect(requests).toHaveLength(2);
    expect(timesSent(textsOf(requests), 6)).toEqual([1, 1, 1, 1, 1, 1]);

    // Nothing of them was cached: "Try again" asks the service again, which now answers in proportion.
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => tally(page, 6)).toEqual(allGerman(6));
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    expect(timesSent(textsOf(await svc.requests('/v2/translate')), 6)).toEqual([2, 2, 1, 1, 1, 1]);
  });

  // The rest of the page is translated while the first request hangs, within its 15 s: some 2 s of
  // real time (the first screen's head start of 1 s included). A clock 3 times faster leaves 5 s for it.
  test.describe(() => {
    test.use({ workerClockFactor: 3 });
    test('a hung request is abandoned after 15 s and sent again; the status checks meanwhile send nothing', async ({
      page,
      background,
      svc,
      workerClock,
    }) => {
      const COUNT = 120;
      await servePages(page, { '/long.html': longPage(COUNT) });
      // The first request (the screen) never gets an answer.
      await svc.addFaults([{ path: '/v2/translate', hang: true }]);
      const started = await workerClock.elapsed();
      await page.goto(LONG);
      await pressTranslatePage(background, LONG);
      const card = indicator(page);
      // The rest of the page does not wait for it: translated while the first request still hangs (the
      // service's log says so: it has not ended), the first screen still in English.
      await expect(page.locator(`#p${COUNT - 1}`)).toHaveText(toGerman(paragraphText(COUNT - 1)));
      const meanwhile = await page.evaluate(() => document.getElementById('p0')?.textContent);
      const meanwhileStatus = await card.getByRole('status').textContent();
      const [first] = await svc.requests('/v2/translate');
      expect(first!.status, 'the first request still hangs while the rest is translated').toBeNull();
      expect(meanwhile).toBe(paragraphText(0));
      expect(meanwhileStatus).toContain('Translating into German…');
      await expect.poll(() => tally(page, COUNT), { timeout: 30_000 }).toEqual(allGerman(COUNT));
      expect((await workerClock.elapsed()) - started).toBeGreaterThanOrEqual(15_000);
      await expect(card.getByRole('status')).toHaveText('Translated into German');
      await expect(card.getByRole('alert')).toHaveCount(0);

      await expect.poll(async () => (await svc.requests('/v2/translate')).every((r) => r.status !== null)).toBe(true);
      const requests = await svc.requests('/v2/translate');
      // The abandoned request is logged as 499; its texts went exactly once more; nothing else twice.
      expect(statuses(requests).filter((s) => s !== 200)).toEqual([499]);
      const hung = requests.find((r) => r.status === 499)!;
      expect(sendsPerRequest(requests.map((r) => textsOf([r]))).sort()).toEqual([
        ...new Array(requests.length - 2).fill(1),
        2,
      ]);
      const answered = requests.filter((r) => r.status === 200);
      expect(timesSent(textsOf(answered), COUNT)).toEqual(new Array(COUNT).fill(1));
      expect(timesSent(textsOf([hung]), COUNT)[0]).toBe(1);
    });
  });

  test.describe('the service going away', () => {
    let own: RunningService | undefined;
    test.afterEach(async () => {
      await own?.close();
      own = undefined;
    });

    /**
     * A service of the test's own (so it can be stopped), Verso configured for it, a long page started:
     * the first request (the screen) answered, at least `inFlight` more held in flight by the service
     * until it goes away, the rest of the page waiting in the queue.
     */
    async function startOnOwnService(
      {
        page,
        context,
        background,
        configure,
      }: { page: Page; context: BrowserContext; background: Worker; configure: VersoFixtures['configure'] },
      count: number,
      inFlight: number,
    ) {
      own = await startService();
      const { url } = own;
      const { control } = own;
      await control.addFaults([
        { path: '/v2/translate', count: 1 },
        { path: '/v2/translate', hold: true, count: 1000 },
      ]);
      await configure({ serverUrl: url, apiKey: own.options.paidKey });
      await servePages(page, { '/long.html': longPage(count) });
      const attempts = attemptsTo(context, `${url}/v2/translate`);
      await page.goto(LONG);
      await pressTranslatePage(background, LONG);
      await expect.poll(async () => (await tally(page, count)).german).toBeGreaterThan(0);
      await expect.poll(() => control.held()).toBeGreaterThanOrEqual(inFlight);
      return { service: own, port: Number(new URL(url).port), attempts };
    }

    const answeredIn = (attempts: readonly Attempt[]) =>
      attempts.filter((a) => a.status === 200).flatMap((a) => a.texts);

    // On real time: the service must be back before the fifth attempt, some 5 s after the second (on a
    // fast worker clock, one second: less than a busy machine may take to start a service).
    test.describe(() => {
      test.use({ workerClockFactor: 1 });
      test('stopped mid-page and started again on the same port: every paragraph once, within 5 sends', async ({
        page,
        context,
        background,
        configure,
      }) => {
        const COUNT = 300;
        // The rest of the page is in flight, or waiting, when the service goes away.
        const { service, port, attempts } = await startOnOwnService({ page, context, background, configure }, COUNT, 2);
        const old = service;
        own = undefined;
        await old.close();
        // Refused a few times (the back-off between them is about a second), then the service is back.
        await expect.poll(() => attempts.failed.length).toBeGreaterThanOrEqual(5);
        const arrivedBefore = (await attempts.ended()).filter((a) => a.status === 200);
        own = await startService({ port });
        await expect.poll(() => tally(page, COUNT), { timeout: 30_000 }).toEqual(allGerman(COUNT));
        await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
        await expect(indicator(page).getByRole('alert')).toHaveCount(0);
        attempts.stop();

        const ended = await attempts.ended();
        expect(ended).toHaveLength(attempts.started.length);
        // Every attempt was answered 200 or got no answer at all; each paragraph was answered once.
        expect(ended.filter((a) => a.status !== undefined && a.status !== 200)).toHaveLength(0);
        expect(timesSent(answeredIn(ended), COUNT)).toEqual(new Array(COUNT).fill(1));
        for (const sends of sendsPerRequest(ended.map((a) => a.texts))) expect(sends).toBeLessThanOrEqual(5);
        expect(attempts.failed.length).toBeGreaterThanOrEqual(5);
        // The new service saw only what it answered. Whatever the old one answered that never reached
        // Verso (an answer finished after its connection was gone) was asked again.
        expect(new Set(statuses(translateLog(own)))).toEqual(new Set([200]));
        expect(translateLog(own)).toHaveLength(ended.filter((a) => a.status === 200).length - arrivedBefore.length);
        const arrived = new Set(arrivedBefore.flatMap((a) => a.texts));
        const askedAgain = new Set(textsOf(translateLog(own)));
        const neverArrived = textsOf(translateLog(old).filter((r) => r.status === 200)).filter((t) => !arrived.has(t));
        expect(neverArrived.filter((t) => !askedAgain.has(t))).toEqual([]);
      });
    });

    test('away longer than the retries: the failed parts reported, "Try again" once it is back', async ({
      page,
      context,
      background,
      configure,
    }) => {
      const COUNT = 120;
      const { service, port, attempts } = await startOnOwnService({ page, context, background, configure }, COUNT, 1);
      const old = service;
      own = undefined;
      await old.close();

      const card = indicator(page);
      await expect(card.getByRole('status')).toHaveText('Partly translated into German', { timeout: 30_000 });
      await expect(card.getByRole('alert')).toContainText(
        /(part was|parts were) not translated. The service cannot be reached/,
      );
      await expect(card.getByRole('button', { name: 'Open settings' })).toBeVisible();
      const stopped = await tally(page, COUNT);
      expect(stopped.english).toBeGreaterThan(0);
      expect(stopped.german + stopped.english).toBe(COUNT);
      expect(await reportedFailed(page)).toBe(stopped.english);
      // Each request that failed went 5 times, and then nothing more.
      const ended = await attempts.ended();
      const failing = ended.filter((a) => a.status === undefined);
      expect(sendsPerRequest(failing.map((a) => a.texts)).every((n) => n === 5)).toBe(true);
      expect(
        timesSent(
          failing.flatMap((a) => a.texts),
          COUNT,
        ).filter((n) => n > 0),
      ).toEqual(new Array(stopped.english).fill(5));
      const sent = attempts.started.length;

      // Back on the same port: "Try again" sends what failed, once.
      own = await startService({ port });
      await card.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => tally(page, COUNT), { timeout: 20_000 }).toEqual(allGerman(COUNT));
      await expect(card.getByRole('status')).toHaveText('Translated into German');
      attempts.stop();
      // Nothing more went out after the fifth sends: every attempt since then was "Try again"'s, and
      // answered (one sent while the service was away would have failed).
      const sinceGivingUp = new Set(attempts.started.slice(sent));
      const answers = (await attempts.ended()).filter((a) => sinceGivingUp.has(a.request));
      expect(answers).toHaveLength(sinceGivingUp.size);
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
      const log = translateLog(own);
      expect(new Set(statuses(log))).toEqual(new Set([200]));
      const times = timesSent(textsOf(log), COUNT);
      expect(times.filter((n) => n === 1)).toHaveLength(stopped.english);
      expect(times.filter((n) => n > 1)).toHaveLength(0);
    });
  });
});
