import {
  distinctKey,
  focusField,
  HOSTILE_ORIGIN,
  harvest,
  openWritingPanel,
  readInVersoWorld,
  serveHostile,
  writingButton,
  writingPanel,
} from '../fixtures/hostile/helpers.ts';
import { expect, test } from './fixtures.ts';

// Hostile pages (tests/fixtures/hostile) attack Verso from the page's own script: forged messages,
// synthetic events, DOM clobbering, a rewritten platform. None of it may send a request the person did
// not ask for, read a setting, or learn the key. See docs/security.md.

const MISSPELLED = 'I did not recieve teh invoice yet, could you send it again please?';
const CORRECTED = 'I did not receive the invoice yet, could you send it again please?';

type Hostile = {
  forge(id: string): Promise<{ runtime: string; runtimeSend: string; extensionFetch: string }>;
  synthetic(): string[];
};
type HostileWindow = Window & { hostile: Hostile };

let stopServing: (() => Promise<void>) | undefined;
let apiKey = '';
test.beforeEach(async ({ context, svc, configure }) => {
  stopServing = await serveHostile(context);
  apiKey = await distinctKey(svc);
  await configure({ apiKey, adminKey: svc.adminKey });
});
test.afterEach(async () => {
  await stopServing?.();
});

/** What must never be found in anything a page can read. */
function secrets(svc: { adminKey: string }, extensionId: string): Record<string, string> {
  return { apiKey, adminKey: svc.adminKey, header: 'Service-Auth-Key', extensionId };
}

async function expectNoSecrets(text: string, found: Record<string, string>) {
  for (const [name, secret] of Object.entries(found)) expect(text, name).not.toContain(secret);
}

test.describe('hostile pages', () => {
  test('forged messages of every shape reach nothing: no request, no settings, no key', async ({
    page,
    svc,
    background,
    extensionId,
  }) => {
    await page.goto(`${HOSTILE_ORIGIN}/forged-messages.html`);
    const field = page.getByLabel('Message');
    await focusField(page, field);
    await svc.clearRequests();
    const stored = await background.evaluate(() => chrome.storage.local.get(null));

    const attempt = await page.evaluate((id) => (window as HostileWindow).hostile.forge(id), extensionId);
    // No runtime messaging and no extension files for a web page (no externally_connectable, no web
    // accessible resources).
    expect(attempt.runtime).toBe('undefined');
    expect(attempt.extensionFetch).toMatch(/^refused/);
    await page.waitForTimeout(1_000);
    expect(await svc.requests('/v2')).toEqual([]);
    expect(await svc.requests('/v3')).toEqual([]);
    expect(await background.evaluate(() => chrome.storage.local.get(null))).toEqual(stored);

    // Writing help still works, and sends only what the person asked for.
    await field.blur();
    const dialog = await openWritingPanel(page, field);
    await dialog.getByRole('button', { name: 'Check text' }).click();
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await expect(field).toHaveValue(CORRECTED);
    const sent = await svc.requests('/v2');
    expect(sent.map((r) => [r.path, r.body])).toEqual([['/v2/write/correct', { text: [MISSPELLED] }]]);

    await expectNoSecrets(await harvest(page), secrets(svc, extensionId));
  });
});
