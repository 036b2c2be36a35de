import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../service/testing/service.ts';
import { toGerman } from '../e2e/helpers/german.ts';
import { inUi, servePages, until, VersoFirefox, waitForText } from './firefox.ts';

// Clicks only where a person could see (lib/ui/visible-click.ts) in Firefox, which has no
// IntersectionObserver v2: a real, visible click on Verso's selection button still acts, and a decoy the
// page lays over it from its own top layer is refused. One Firefox and one local service for the file.

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Boats</title></head><body>
<p id="target">We rowed across the lake before breakfast.</p>
<div id="decoy" popover="manual" style="margin:0;padding:0;border:0;inset:auto;position:fixed;pointer-events:none;background:#c00;color:#fff">Continue</div>
</body></html>`;

let ff: VersoFirefox;
let service: RunningService;
let site: Awaited<ReturnType<typeof servePages>>;

beforeAll(async () => {
  [ff, service] = await Promise.all([VersoFirefox.launch(), startService()]);
  site = await servePages({ '/boats.html': PAGE });
  const control = await ff.openExtensionPage('options.html');
  ff.control = control;
  const credentials = { apiKey: service.options.paidKey, serverUrl: service.url, adminKey: '' };
  await control.evaluate(
    (c) => browser.storage.local.set({ credentials: c, preferences: { targetLang: 'de' } }),
    credentials,
  );
}, 120_000);

afterAll(async () => {
  await ff?.close();
  await site?.close();
  await service?.close();
});

describe("Verso's in-page buttons in Firefox", () => {
  it('the selection button, in the top layer, refuses a click under a top-layer decoy and acts on a visible one', async () => {
    const page = await ff.openPage(`${site.origin}/boats.html`);
    await (await page.waitForSelector('#target'))!.click({ count: 3 });
    const button = await inUi(page, 'verso-selection-button', 'button', 'Translate the selection (Alt+Shift+U)').catch(
      () => inUi(page, 'verso-selection-button', 'button', 'Translate the selection'),
    );
    expect(await page.evaluate(() => document.querySelector('verso-selection-button')?.matches(':popover-open'))).toBe(
      true,
    );

    // The page's popover, shown after Verso's button, lies over it and lets the click through.
    await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const decoy = document.getElementById('decoy')!;
      Object.assign(decoy.style, {
        left: `${r.left}px`,
        top: `${r.top}px`,
        width: `${r.width}px`,
        height: `${r.height}px`,
      });
      decoy.showPopover();
    });
    await button.click();
    await waitForText(page, 'verso-selection-button >>> [role=alert]', "Verso's button was covered or hidden");
    expect(await service.control.requests('/v2/translate')).toHaveLength(0);

    // The decoy gone, the person's visible click translates the sentence.
    await page.evaluate(() => document.getElementById('decoy')!.hidePopover());
    await button.click();
    await waitForText(page, 'verso-selection >>> .result', toGerman('We rowed across the lake'));
    await until('one request', async () => (await service.control.requests('/v2/translate')).length === 1);
    const [request] = await service.control.requests('/v2/translate');
    expect(request!.body?.text).toEqual(['We rowed across the lake before breakfast.']);
  });
});
