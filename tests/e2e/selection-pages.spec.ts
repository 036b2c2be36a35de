import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import {
  clickTranslateSelection,
  frameIdOf,
  ORIGIN,
  pressTranslateShortcut,
  selectContents,
  serve,
} from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

test.describe('translate selection on demanding pages', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
  });

  test('works under a strict Content Security Policy, without inline script or style in the page', async ({
    page,
    background,
  }) => {
    const csp = "default-src 'none'; script-src 'none'; style-src 'none'; require-trusted-types-for 'script'";
    await serve(
      page,
      {
        '/strict.html':
          '<!doctype html><html lang="en"><body><p id="p">A strict page about <i>rowing</i>.</p></body></html>',
      },
      { 'content-security-policy': csp },
    );
    await page.goto(`${ORIGIN}/strict.html`);
    await page.evaluate(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await selectContents(page, '#p');
    await clickTranslateSelection(background, `${ORIGIN}/strict.html`);

    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText(toGerman('A strict page about rowing.'));
    await expect(dialog.locator('.result i')).toHaveText('röwing');
    // The bubble's own stylesheet applied (shadow-root CSS from the extension).
    expect(await dialog.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    // The policy is really enforced: the page's own inline style is refused.
    await page.evaluate(() =>
      document.head.append(Object.assign(document.createElement('style'), { textContent: 'p{}' })),
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { violations: string[] }).violations.join()))
      .toContain('style-src');
  });

  test('works in a same-origin iframe, by the menu (its frame) and by the shortcut (the focused frame)', async ({
    page,
    background,
    svc,
  }) => {
    await serve(page, {
      '/outer.html':
        '<!doctype html><html><body><p id="outer">Outer page text.</p><iframe src="/inner.html" width="600" height="400"></iframe></body></html>',
      '/inner.html':
        '<!doctype html><html lang="en"><body><p id="inner">Inner frame text about boats.</p></body></html>',
    });
    await page.goto(`${ORIGIN}/outer.html`);
    const frame = page.frameLocator('iframe');
    await frame.locator('#inner').click({ clickCount: 3 });

    const frameId = await frameIdOf(background, `${ORIGIN}/outer.html`, `${ORIGIN}/inner.html`);
    expect(frameId).toBeGreaterThan(0);
    await clickTranslateSelection(background, `${ORIGIN}/outer.html`, frameId);
    const dialog = frame.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText(toGerman('Inner frame text about boats.'));
    await expect(page.locator('verso-selection')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The outer page also has a selection, but focus is in the frame: the frame answers the shortcut.
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('outer')!);
      getSelection()?.addRange(range);
    });
    await frame.locator('#inner').click({ clickCount: 3 });
    await svc.clearRequests();
    await pressTranslateShortcut(background, `${ORIGIN}/outer.html`);
    await expect(dialog.locator('.result')).toContainText(toGerman('Inner frame text about boats.'));
    const requests = await svc.requests('/v2/translate');
    expect(requests.map((r) => r.body?.text)).toEqual([['Inner frame text about boats.']]);
  });

  test('a very long selection is split within the limits and joined back in order', async ({
    page,
    background,
    svc,
  }) => {
    const filler = 'The crew rowed on past the old mill and the bridge while the sun went down. '.repeat(20);
    const paragraphs = Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i + 1}. ${filler}</p>`).join('');
    await serve(page, {
      '/long.html': `<!doctype html><html lang="en"><body><div id="all">${paragraphs}</div></body></html>`,
    });
    await page.goto(`${ORIGIN}/long.html`);
    await selectContents(page, '#all');
    await clickTranslateSelection(background, `${ORIGIN}/long.html`);

    const dialog = page.getByRole('dialog', { name: 'Translation' });
    const shown = dialog.locator('.result p');
    await expect(shown).toHaveCount(60, { timeout: 30_000 });
    for (const i of [0, 49, 50, 59]) await expect(shown.nth(i)).toContainText(`Pärägräph ${i + 1}.`);

    const requests = await svc.requests('/v2/translate');
    expect(requests.length).toBeGreaterThanOrEqual(2);
    const textsOf = (body: Record<string, unknown> | null) => (body?.text ?? []) as string[];
    expect(requests.flatMap((r) => textsOf(r.body))).toHaveLength(60);
    for (const r of requests) {
      expect(textsOf(r.body).length).toBeLessThanOrEqual(50);
      expect(new TextEncoder().encode(JSON.stringify(r.body)).length).toBeLessThanOrEqual(128 * 1024);
      expect(r.status).toBe(200);
    }
  });
});
