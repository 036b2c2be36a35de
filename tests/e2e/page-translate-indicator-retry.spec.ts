import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { indicator, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

// No <title>: the page's text is all the service is asked about.
const PAGE = `${ORIGIN}/busy.html`;
const BUSY = `<!doctype html><html lang="en"><body>
<p id="one">Boats go out at noon.</p><p id="two">Our club has four boats.</p></body></html>`;
const RETRY_AFTER = 6;

const secondsIn = (text: string | null): number | undefined => {
  const match = /trying again in (\d+) s/.exec(text ?? '');
  return match ? Number(match[1]) : undefined;
};

test('while the service asks to wait (429 with Retry-After) the card counts down to the retry, then the page is translated', async ({
  page,
  background,
  configure,
  svc,
}) => {
  await configure();
  await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
  await servePages(page, { '/busy.html': BUSY });
  await svc.addFaults([{ path: '/v2/translate', status: 429, retryAfter: RETRY_AFTER, count: 1 }]);
  await page.goto(PAGE);
  await pressTranslatePage(background, PAGE);

  const card = indicator(page);
  const note = card.getByText(/The service is busy: trying again in \d+ s/);
  await expect(note).toBeVisible();
  const first = secondsIn(await note.textContent());
  expect(first).toBeGreaterThanOrEqual(1);
  expect(first).toBeLessThanOrEqual(RETRY_AFTER);
  // It counts down (or is gone, its time up).
  if (first !== undefined && first > 1) {
    await expect
      .poll(async () => ((await note.count()) === 0 ? 0 : (secondsIn(await note.textContent()) ?? 0)))
      .toBeLessThan(first);
  }

  await expect(page.locator('#two')).toHaveText(toGerman('Our club has four boats.'));
  await expect(card.getByRole('status')).toHaveText('Translated into German');
  await expect(note).toHaveCount(0);
  const statuses = (await svc.requests('/v2/translate')).map((r) => r.status);
  expect(statuses[0]).toBe(429);
});
