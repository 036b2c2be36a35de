import { expect, test } from './fixtures.ts';
import { clickTranslateSelection, ORIGIN, selectContents, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

const PAGE = '<!doctype html><html lang="en"><body><p id="p">Some text to translate.</p></body></html>';
const URL = `${ORIGIN}/errors.html`;

test.describe('translate selection: errors', () => {
  // `svc` first: it resets the service and clears extension storage before the preferences are set.
  test.beforeEach(async ({ svc, background, page }) => {
    await svc.clearRequests();
    await setPreferences(background, { targetLang: 'de' });
    await serve(page, { '/errors.html': PAGE });
  });

  test('an exhausted quota (456) says so, and is not retried', async ({ page, background, svc, configure }) => {
    await configure();
    await svc.addFaults([{ path: '/v2/translate', status: 456, body: JSON.stringify({ message: 'Quota exceeded' }) }]);
    await page.goto(URL);
    await selectContents(page, '#p');
    await clickTranslateSelection(background, URL);
    const alert = page.getByRole('dialog', { name: 'Translation' }).getByRole('alert');
    await expect(alert).toContainText('The character quota is used up');
    expect(await svc.requests('/v2/translate')).toHaveLength(1);
  });

  test('a refused key points to the key setting', async ({ page, background, configure }) => {
    await configure({ apiKey: 'not-a-real-key' });
    await page.goto(URL);
    await selectContents(page, '#p');
    await clickTranslateSelection(background, URL);
    const alert = page.getByRole('dialog', { name: 'Translation' }).getByRole('alert');
    await expect(alert).toContainText('The service refused the key. Check the API key in Verso options.');
    await expect(alert).toContainText('403');
  });

  test('no key at all says where to enter one', async ({ page, background, svc }) => {
    await page.goto(URL);
    await selectContents(page, '#p');
    await clickTranslateSelection(background, URL);
    const alert = page.getByRole('dialog', { name: 'Translation' }).getByRole('alert');
    await expect(alert).toContainText('No key yet');
    expect(await svc.requests('/v2/translate')).toHaveLength(0);
  });

  test('offline: said at once, nothing sent', async ({ page, background, svc, configure, context }) => {
    await configure();
    await page.goto(URL);
    await selectContents(page, '#p');
    await context.setOffline(true);
    try {
      await clickTranslateSelection(background, URL);
      const alert = page.getByRole('dialog', { name: 'Translation' }).getByRole('alert');
      await expect(alert).toContainText('cannot be reached');
      await expect(alert).toContainText('offline');
    } finally {
      await context.setOffline(false);
    }
    expect(await svc.requests('/v2/translate')).toHaveLength(0);
  });

  test('too long a selection is refused before anything is sent', async ({ page, background, svc, configure }) => {
    await configure();
    const block = `<p>${'Forty-eight characters of text, repeated often. '.repeat(40)}</p>`;
    await serve(page, {
      '/huge.html': `<!doctype html><html><body><div id="all">${block.repeat(60)}</div></body></html>`,
    });
    await page.goto(`${ORIGIN}/huge.html`);
    await selectContents(page, '#all');
    await clickTranslateSelection(background, `${ORIGIN}/huge.html`);
    const alert = page.getByRole('dialog', { name: 'Translation' }).getByRole('alert');
    await expect(alert).toContainText('Verso translates at most 100,000 at once');
    expect(await svc.requests('/v2/translate')).toHaveLength(0);
  });
});
