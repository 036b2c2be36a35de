import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import {
  badgeOf,
  brokenImageFailed,
  indicator,
  longPage,
  ORIGIN,
  pressTranslatePage,
  servePages,
  tally,
} from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

const LONG = `${ORIGIN}/long.html`;
const COUNT = 300;

test.describe('translate page when the service pushes back', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
    await servePages(page, { '/long.html': longPage(COUNT) });
  });

  test('a storm of 429s (with and without Retry-After) slows it down, and every paragraph ends translated once', async ({
    page,
    background,
    svc,
  }) => {
    test.setTimeout(90_000);
    await svc.addFaults([
      { path: '/v2/translate', status: 429, count: 6 },
      { path: '/v2/translate', status: 429, retryAfter: 1, count: 4 },
    ]);
    await page.goto(LONG);
    await pressTranslatePage(background, LONG);
    await expect.poll(() => tally(page, COUNT), { timeout: 60_000 }).toEqual({ german: COUNT, english: 0 });

    const requests = await svc.requests('/v2/translate');
    expect(requests.filter((r) => r.status === 429)).toHaveLength(10);
    const answered = requests.filter((r) => r.status === 200);
    const texts = answered.flatMap((r) => r.body?.text as string[]);
    // Each paragraph was answered exactly once: nothing lost, nothing paid twice.
    for (let i = 0; i < COUNT; i++) {
      expect(
        texts.filter((t) => t.startsWith(`Paragraph ${i} is`)),
        `paragraph ${i}`,
      ).toHaveLength(1);
    }
    // Packed: 50 texts a request, plus the first screen's own request.
    expect(answered.length).toBeLessThanOrEqual(Math.ceil(COUNT / 50) + 2);
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
  });

  test('a 456 in the middle stops everything and says what to do; "Try again" finishes the page', async ({
    page,
    background,
    svc,
  }) => {
    // The first request (the screen) is answered; the next ones are held until the page shows that
    // answer, then find the quota used up: the 456 comes in the middle of the page on any machine.
    await svc.addFaults([
      { path: '/v2/translate', count: 1 },
      { path: '/v2/translate', hold: true, status: 456, count: 1000 },
    ]);
    await page.goto(LONG);
    await pressTranslatePage(background, LONG);
    await expect.poll(async () => (await tally(page, COUNT)).german).toBeGreaterThan(0);
    await expect.poll(() => svc.held()).toBeGreaterThan(0);
    await svc.clearFaults();
    await svc.addFaults([{ path: '/v2/translate', status: 456, count: 1000 }]);
    await svc.release();

    const card = indicator(page);
    await expect(card.getByRole('alert')).toContainText('The character quota is used up');
    await expect(card.getByRole('status')).toHaveText('Translation stopped');
    await expect.poll(() => badgeOf(background, LONG)).toBe('!');
    const stopped = await tally(page, COUNT);
    expect(stopped.english).toBeGreaterThan(0);
    expect(stopped.german + stopped.english).toBe(COUNT);

    // Stopped means stopped: nothing is in flight, and the 456 stays armed until the person tries again,
    // so anything sent before then would show in the log as another 456.
    await expect.poll(async () => (await svc.requests('/v2/translate')).every((r) => r.status !== null)).toBe(true);
    const sent = (await svc.requests('/v2/translate')).length;

    // The page itself cannot press "Try again": 20 synthetic clicks start nothing. An action changes the
    // indicator's status at once (before any message), so a turn of the event loop later it would show.
    const afterClicks = await page.evaluate(async () => {
      const host = [...document.querySelectorAll('*')].find((el) => el.tagName.startsWith('VERSO-') && el.shadowRoot);
      const retry = [...(host?.shadowRoot?.querySelectorAll('button') ?? [])].find(
        (b) => b.textContent === 'Try again',
      );
      for (let i = 0; i < 20; i++) retry?.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return { clicked: Boolean(retry), status: host?.shadowRoot?.querySelector('[role="status"]')?.textContent };
    });
    expect(afterClicks).toEqual({ clicked: true, status: 'Translation stopped' });
    expect(await tally(page, COUNT)).toEqual(stopped);

    // The quota renewed.
    await svc.clearFaults();
    // The person tries again and the page finishes.
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => tally(page, COUNT), { timeout: 30_000 }).toEqual({ german: COUNT, english: 0 });
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    await expect.poll(() => badgeOf(background, LONG)).toBe('');
    // Nothing went out between the stop and the person's "Try again": every later request was answered.
    const later = (await svc.requests('/v2/translate')).slice(sent);
    expect(later.length).toBeGreaterThan(0);
    expect(new Set(later.map((r) => r.status))).toEqual(new Set([200]));
  });

  test('a refused key stops the page with a way to the settings', async ({ page, background, configure, context }) => {
    await configure({ apiKey: 'not-a-key' });
    await page.goto(`${ORIGIN}/article.html`);
    await pressTranslatePage(background, `${ORIGIN}/article.html`);
    const card = indicator(page);
    await expect(card.getByRole('alert')).toContainText('The service refused the key');
    const options = context.waitForEvent('page');
    await card.getByRole('button', { name: 'Open settings' }).click();
    expect((await options).url()).toContain('/options.html');
  });

  test('hostile markup in the answer never runs and adds no element', async ({ page, background, svc }) => {
    const url = `${ORIGIN}/article.html`;
    const hostile =
      '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">x</a>';
    await svc.addFaults([{ path: '/v2/translate', inject: hostile, count: 100 }]);
    await page.goto(url);
    const elements = () => page.evaluate(() => document.body.querySelectorAll('*').length);
    const before = await elements();
    await pressTranslatePage(background, url);
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
    // Only the text of the injected markup is left ("x"), in front of the translation.
    await expect(page.locator('#title')).toHaveText(`x${toGerman('Rowing on the river')}`);
    await expect(page.locator('#photo')).toHaveAttribute('alt', `${hostile}${toGerman('A boat on calm water')}`);
    await page.locator('#intro a').click();
    await brokenImageFailed(page);
    expect(await elements()).toBe(before);
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect((await sentTexts(svc)).length).toBeGreaterThan(0);
  });
});
