// Chromium for the benchmarks: with Verso keyed to the local service (the page and writing
// benchmarks), or without and with Verso in a profile of the caller's (the idle benchmark).
import { type BrowserContext, chromium, type Worker } from '@playwright/test';
import { BROWSER_FLAGS, chromiumPath, EXTENSION_DIR, launchWithExtension } from '../../tests/e2e/browser.ts';
import { PAID_KEY } from './service.ts';

/** Verso's service worker in `context`. */
export async function versoWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Chromium with Verso in a fresh profile (tests/e2e/browser.ts), the paid key and `serverUrl` as its
 * credentials, and `storage`'s other items (preferences, typing settings) set before anything runs.
 */
export async function launchKeyedVerso(
  serverUrl: string,
  storage: Record<string, unknown>,
): Promise<{ context: BrowserContext; background: Worker }> {
  const context = await launchWithExtension();
  try {
    const background = await versoWorker(context);
    await background.evaluate((items) => chrome.storage.local.set(items), {
      credentials: { apiKey: PAID_KEY, serverUrl, adminKey: '' },
      ...storage,
    });
    return { context, background };
  } catch (error) {
    await context.close();
    throw error;
  }
}

export type Kind = 'without' | 'with';

/**
 * Headless Chromium in `userDataDir`, without Verso or with the built extension, and otherwise the same
 * flags (tests/e2e/browser.ts's, and `flags`).
 */
export async function launchChromium(kind: Kind, userDataDir: string, flags: string[]): Promise<BrowserContext> {
  const extension =
    kind === 'with' ? [`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`] : [];
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...extension, ...BROWSER_FLAGS, ...flags],
  });
}
