import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { TestService } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { indicator, ORIGIN, pressTranslatePage, servePages, workerStopper } from './helpers/pages.ts';
import { setPreferences } from './helpers/settings.ts';

// The worker stopped while a page was preparing (page.prepare asked, not answered): the page must not
// stay at "Preparing the translation…" for good. What prepare waits on here is the service's language
// list (`/v3/languages`), held by the service until the test releases it.

const PAGE = `${ORIGIN}/prepare.html`;
const BODY =
  '<!doctype html><html lang="en"><head><title>Boats</title></head><body><p id="p">The boat is on the water.</p></body></html>';
const GERMAN = toGerman('The boat is on the water.');

const HOLD_LANGUAGES = [{ path: '/v3/languages', hold: true, count: 1000 }];

/** How many language requests the hold has caught so far (each use of the rule counts one down). */
async function languageHolds(svc: TestService): Promise<number> {
  const rule = (await svc.faults()).find((r) => r.path === '/v3/languages');
  return HOLD_LANGUAGES[0]!.count - (rule?.count ?? HOLD_LANGUAGES[0]!.count);
}

/** Every held language request: whichever of them page.prepare waits on, it waits. */
async function preparing(page: Page, svc: TestService): Promise<void> {
  await expect(indicator(page).getByRole('status')).toHaveText('Preparing the translation…');
  await expect.poll(() => svc.held()).toBeGreaterThan(0);
}

test.beforeEach(async ({ page, background, configure, svc }) => {
  await configure();
  await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
  // Each test starts with Verso's database deleted (fixtures.ts): no language list is cached, so prepare
  // asks the service for it.
  await servePages(page, { '/prepare.html': BODY });
  await svc.addFaults(HOLD_LANGUAGES);
});

/**
 * Opens the page, presses the shortcut and waits until its preparation is held at the service; returns
 * the stop of the worker (prepared before the shortcut, so that nothing else wakes it meanwhile).
 */
async function translateAndHoldPrepare(
  page: Page,
  background: Worker,
  context: BrowserContext,
  extensionId: string,
  svc: TestService,
): Promise<() => Promise<void>> {
  await page.goto(PAGE);
  const stop = await workerStopper(context, extensionId);
  await page.bringToFront();
  await pressTranslatePage(background, PAGE);
  await preparing(page, svc);
  return stop;
}

test('the worker stops once while the page prepares: the page asks again and is translated', async ({
  page,
  background,
  context,
  extensionId,
  svc,
}) => {
  const stopWorker = await translateAndHoldPrepare(page, background, context, extensionId, svc);

  await stopWorker();
  // From now on the service answers: the held requests' client is gone, and the page's second question
  // (which starts a new worker) is not held.
  await svc.clearFaults();
  await svc.release();

  const card = indicator(page);
  await expect(card.getByRole('status')).toHaveText('Translated into German');
  await expect(page.locator('#p')).toHaveText(GERMAN);
  await expect(card.getByRole('alert')).toHaveCount(0);
  // The page asked for the language list again: a new worker answered the second question.
  expect((await svc.requests('/v3/languages')).filter((r) => r.status === 200).length).toBeGreaterThan(0);
});

test('the worker stops twice while the page prepares: the page says so, and Try again translates it', async ({
  page,
  background,
  context,
  extensionId,
  svc,
}) => {
  const firstStop = await translateAndHoldPrepare(page, background, context, extensionId, svc);
  const heldBefore = await languageHolds(svc);
  await firstStop();

  // The page's own second question wakes a new worker, whose language request is held as well (counted by
  // the hold rule's uses: the old request may still be counted as held while the new one arrives).
  await expect.poll(() => languageHolds(svc)).toBeGreaterThan(heldBefore);
  const card = indicator(page);
  await expect(card.getByRole('status')).toHaveText('Preparing the translation…');
  const secondStop = await workerStopper(context, extensionId);
  await page.bringToFront();
  await secondStop();

  await expect(card.getByRole('status')).toHaveText('The page could not be translated');
  await expect(card.getByRole('alert')).toHaveText('Verso stopped before the page was ready: try again.');
  await expect(page.locator('#p')).toHaveText('The boat is on the water.');

  // The service answers again; the person's click on Try again starts the page anew.
  await svc.clearFaults();
  await svc.release();
  await card.getByRole('button', { name: 'Try again' }).click();
  await expect(card.getByRole('status')).toHaveText('Translated into German');
  await expect(page.locator('#p')).toHaveText(GERMAN);
});
