import {
  badgeOf,
  indicator,
  longPage,
  ORIGIN,
  paragraphText,
  pressTranslatePage,
  sentTexts,
  servePages,
  setPreferences,
  tally,
  toGerman,
} from '../fixtures/pages/helpers.ts';
import { expect, test } from './fixtures.ts';

const LONG = `${ORIGIN}/long.html`;
const COUNT = 300;

test.describe('translate page when the service pushes back', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page, { '/long.html': longPage(COUNT) });
  });

  test('a storm of 429s (with and without Retry-After) slows it down, and every paragraph ends translated once', async ({
    page,
    background,
    svc,
  }) => {
    test.setTimeout(90_000);
    await svc.faults([
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
    await svc.config({ latencyMs: 300 });
    await page.goto(LONG);
    await pressTranslatePage(background, LONG);
    await expect(page.locator('#p0')).toHaveText(toGerman(paragraphText(0)));
    await svc.faults([{ path: '/v2/translate', status: 456, count: 1000 }]);

    const card = indicator(page);
    await expect(card.getByRole('alert')).toContainText('The character quota is used up');
    await expect(card.getByRole('status')).toHaveText('Translation stopped');
    await expect.poll(() => badgeOf(background, LONG)).toBe('!');
    const stopped = await tally(page, COUNT);
    expect(stopped.english).toBeGreaterThan(0);
    expect(stopped.german + stopped.english).toBe(COUNT);

    // Stopped means stopped: nothing more is sent.
    const sent = (await svc.requests('/v2/translate')).length;
    await page.waitForTimeout(1500);
    expect(await svc.requests('/v2/translate')).toHaveLength(sent);
    expect(await tally(page, COUNT)).toEqual(stopped);

    // The quota renewed. The page itself cannot press "Try again": 20 synthetic clicks send nothing.
    await svc.clearFaults();
    const clicked = await page.evaluate(() => {
      const host = [...document.querySelectorAll('*')].find((el) => el.tagName.startsWith('VERSO-') && el.shadowRoot);
      const retry = [...(host?.shadowRoot?.querySelectorAll('button') ?? [])].find(
        (b) => b.textContent === 'Try again',
      );
      for (let i = 0; i < 20; i++) retry?.click();
      return Boolean(retry);
    });
    expect(clicked).toBe(true);
    await page.waitForTimeout(1000);
    expect(await svc.requests('/v2/translate')).toHaveLength(sent);
    // The person tries again and the page finishes.
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => tally(page, COUNT), { timeout: 30_000 }).toEqual({ german: COUNT, english: 0 });
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    await expect.poll(() => badgeOf(background, LONG)).toBe('');
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
    await svc.faults([{ path: '/v2/translate', inject: hostile, count: 100 }]);
    await page.goto(url);
    const elements = () => page.evaluate(() => document.body.querySelectorAll('*').length);
    const before = await elements();
    await pressTranslatePage(background, url);
    await expect(indicator(page).getByRole('status')).toHaveText('Translated into German');
    // Only the text of the injected markup is left ("x"), in front of the translation.
    await expect(page.locator('#title')).toHaveText(`x${toGerman('Rowing on the river')}`);
    await expect(page.locator('#photo')).toHaveAttribute('alt', `${hostile}${toGerman('A boat on calm water')}`);
    await page.locator('#intro a').click();
    await page.waitForTimeout(300);
    expect(await elements()).toBe(before);
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect((await sentTexts(svc)).length).toBeGreaterThan(0);
  });
});
