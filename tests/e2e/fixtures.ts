import { type BrowserContext, test as base, type Page, type Worker } from '@playwright/test';
import { ServiceControl } from '../../service/testing/control.ts';
import { send } from '../../service/testing/http.ts';
import { type RunningService, startService } from '../../service/testing/service.ts';
import { closeWelcome, extensionIdOf, launchWithExtension } from './browser.ts';
import { openVersoRoots } from './closed-roots.ts';
import { fastWorkerTimers, realWorkerClock, type WorkerClock } from './helpers/clock.ts';

/** The worker's local service as a test uses it: its control API, its seeded keys, direct API calls. */
export class TestService extends ServiceControl {
  constructor(readonly service: RunningService) {
    super(service.url);
  }

  get paidKey() {
    return this.service.options.paidKey;
  }
  get freeKey() {
    return this.service.options.freeKey;
  }
  get adminKey() {
    return this.service.options.adminKey;
  }

  /** A direct API call with a key, for checks that bypass the extension. */
  api(method: string, path: string, key: string, body?: unknown): Promise<Response> {
    return send(this.url, method, path, { key, json: body });
  }
}

export interface VersoFixtures {
  /** The local service for the current test: state was reset before the test. */
  svc: TestService;
  /** Opens an extension page (`options.html`, `popup.html`) in a new tab. */
  openExtensionPage: (file: string) => Promise<Page>;
  /** Saves credentials straight into extension storage (for tests that are not about the options page). */
  configure: (opts?: { apiKey?: string; serverUrl?: string; adminKey?: string }) => Promise<void>;
  /**
   * How many times faster the service worker's timers run in this test (helpers/clock.ts): 1, real time,
   * unless a spec sets it with `test.use({ workerClockFactor: WORKER_CLOCK_FACTOR })`.
   */
  workerClockFactor: number;
  /** The service worker's clock in this test, set before `svc` resets the rest and put back after. */
  workerClock: WorkerClock;
}

interface WorkerFixtures {
  service: RunningService;
  extensionContext: BrowserContext;
  extensionId: string;
  background: Worker;
}

/**
 * One local service and one Chromium with Verso per worker; each test starts from a reset service and
 * cleared extension storage, so tests are independent without paying for a browser per test.
 */
export const test = base.extend<VersoFixtures, WorkerFixtures>({
  service: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as an object pattern.
    async ({}, use) => {
      const svc = await startService();
      await use(svc);
      await svc.close();
    },
    { scope: 'worker' },
  ],
  extensionContext: [
    // biome-ignore lint/correctness/noEmptyPattern: see above.
    async ({}, use) => {
      const context = await launchWithExtension();
      // Verso's in-page UI is in closed shadow roots; its world attaches them open here (closed-roots.ts).
      await openVersoRoots(context);
      // A fresh install opens the options page (first run, tests/e2e/first-run.spec.ts); tests start
      // from their own pages.
      // A positive event, so the wait can be long: a browser starting on a busy machine is slow.
      await closeWelcome(context);
      await use(context);
      await context.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  extensionId: [async ({ extensionContext }, use) => use(await extensionIdOf(extensionContext)), { scope: 'worker' }],
  background: [
    async ({ extensionContext }, use) => {
      await extensionIdOf(extensionContext);
      await use(extensionContext.serviceWorkers()[0]!);
    },
    { scope: 'worker' },
  ],
  // The test's `context` is the worker's browser with the extension (one per worker, not per test).
  context: async ({ extensionContext }, use) => use(extensionContext),
  page: async ({ context }, use) => {
    const page = await context.newPage();
    await use(page);
    await page.close();
  },
  workerClockFactor: [1, { option: true }],
  workerClock: async ({ context, workerClockFactor }, use) => {
    if (workerClockFactor === 1) return use(realWorkerClock());
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const clock = await fastWorkerTimers(worker, workerClockFactor);
    await use(clock);
    await clock.restore();
  },
  // Every test with the service starts on the worker clock its spec chose.
  svc: async ({ service, context, workerClock: _ }, use) => {
    const svc = new TestService(service);
    await svc.reset();
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      await chrome.storage.local.clear();
      await chrome.storage.session.clear();
      const dbs = await indexedDB.databases();
      await Promise.all(
        dbs.map(
          (d) =>
            new Promise<void>((done) => {
              if (!d.name) return done();
              const req = indexedDB.deleteDatabase(d.name);
              req.onsuccess = req.onerror = req.onblocked = () => done();
            }),
        ),
      );
    });
    await use(svc);
    for (const p of context.pages()) if (!p.isClosed()) await p.close().catch(() => {});
  },
  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (file) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${file}`);
      return page;
    });
  },
  configure: async ({ context, svc }, use) => {
    await use(async (opts = {}) => {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const credentials = {
        apiKey: opts.apiKey ?? svc.paidKey,
        serverUrl: opts.serverUrl ?? svc.url,
        adminKey: opts.adminKey ?? '',
      };
      await worker.evaluate((c) => chrome.storage.local.set({ credentials: c }), credentials);
    });
  },
});

export { expect } from '@playwright/test';
