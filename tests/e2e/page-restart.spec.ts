import {
  indicator,
  longPage,
  ORIGIN,
  paragraphText,
  pressTranslatePage,
  servePages,
  setPreferences,
  tally,
  toGerman,
  workerStopper,
} from '../fixtures/pages/helpers.ts';
import { expect, test } from './fixtures.ts';

const LONG = `${ORIGIN}/long.html`;
const COUNT = 600;

test('the service worker stops in the middle of a page: nothing is lost and nothing is translated twice', async ({
  page,
  background,
  configure,
  context,
  extensionId,
  svc,
}) => {
  test.setTimeout(90_000);
  await configure();
  await setPreferences(background, { targetLang: 'de' });
  await servePages(page, { '/long.html': longPage(COUNT) });
  await svc.config({ latencyMs: 600 });
  await page.goto(LONG);
  const stopWorker = await workerStopper(context, extensionId);
  await page.bringToFront();
  await pressTranslatePage(background, LONG);
  await expect(page.locator('#p0')).toHaveText(toGerman(paragraphText(0)));

  await background.evaluate(() => {
    (self as unknown as { marker?: number }).marker = 1;
  });
  const stopAt = Date.now();
  await stopWorker();
  const atStop = await tally(page, COUNT);
  expect(atStop.english).toBeGreaterThan(0);

  // The page's status check wakes the worker; the restored queue finishes the page.
  await expect.poll(() => tally(page, COUNT), { timeout: 60_000 }).toEqual({ german: COUNT, english: 0 });
  await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
  // The worker that finished is a new one: the old one's memory is gone.
  expect(await background.evaluate(() => (self as unknown as { marker?: number }).marker)).toBeUndefined();

  // A text went out twice only when its first request was in flight as the worker stopped (its answer
  // never arrived); everything answered before the stop was kept and not asked for again.
  const requests = await svc.requests('/v2/translate');
  const byText = new Map<string, typeof requests>();
  for (const request of requests) {
    for (const text of (request.body?.text ?? []) as string[]) byText.set(text, [...(byText.get(text) ?? []), request]);
  }
  for (let i = 0; i < COUNT; i++) {
    const asked = [...byText.entries()].filter(([text]) => text.startsWith(`Paragraph ${i} is`)).flatMap(([, r]) => r);
    expect(asked.length, `paragraph ${i}`).toBeGreaterThanOrEqual(1);
    expect(asked.length, `paragraph ${i}`).toBeLessThanOrEqual(2);
    if (asked.length === 2) {
      const first = asked[0]!;
      const endedAt = Date.parse(first.at) + (first.durationMs ?? Number.POSITIVE_INFINITY);
      expect(Date.parse(first.at), `paragraph ${i} first sent before the stop`).toBeLessThanOrEqual(stopAt + 1000);
      expect(endedAt, `paragraph ${i} was in flight at the stop`).toBeGreaterThanOrEqual(stopAt - 1000);
    }
  }
});

test('leaving a page in the middle drops what it still waited for', async ({ page, background, configure, svc }) => {
  await configure();
  await setPreferences(background, { targetLang: 'de' });
  await servePages(page, { '/long.html': longPage(COUNT) });
  await svc.config({ latencyMs: 500 });
  await page.goto(LONG);
  await pressTranslatePage(background, LONG);
  await expect(page.locator('#p0')).toHaveText(toGerman(paragraphText(0)));
  // The rest of the page is queued (a few requests in flight, most waiting): now the person leaves.
  await expect.poll(async () => (await svc.requests('/v2/translate')).length).toBeGreaterThanOrEqual(3);
  await page.waitForTimeout(300);
  await page.goto(`${ORIGIN}/article.html`);
  // What was in flight may still land; nothing more leaves after that.
  await page.waitForTimeout(1500);
  const after = (await svc.requests('/v2/translate')).length;
  await page.waitForTimeout(1500);
  const requests = await svc.requests('/v2/translate');
  expect(requests).toHaveLength(after);
  const texts = requests.flatMap((r) => (r.body?.text ?? []) as string[]);
  expect(texts.length).toBeLessThan(COUNT);
});
