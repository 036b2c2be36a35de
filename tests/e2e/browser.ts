import { existsSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';

/**
 * The built extension: `$VERSO_OUT_DIR/chrome-mv3` (default `.output`) of this repository, or any built
 * `chrome-mv3` folder named by $VERSO_BENCH_EXTENSION_DIR (the benchmarks measure another build with it).
 */
export const EXTENSION_DIR = process.env.VERSO_BENCH_EXTENSION_DIR
  ? path.resolve(process.env.VERSO_BENCH_EXTENSION_DIR)
  : path.resolve(import.meta.dirname, '../..', process.env.VERSO_OUT_DIR || '.output', 'chrome-mv3');

/** The flags every Verso browser starts with, besides loading the extension (scripts/bench/idle.ts uses them too). */
export const BROWSER_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The browser to use: $VERSO_CHROMIUM, else Debian's /usr/bin/chromium, else Playwright's own. */
export function chromiumPath(): string | undefined {
  if (process.env.VERSO_CHROMIUM) return process.env.VERSO_CHROMIUM;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}

/**
 * Chromium with Verso loaded, in a fresh profile. Headless unless `headless: false`; `locale` sets the
 * browser's language (its UI language, as extensions read it).
 */
export async function launchWithExtension({
  headless = true,
  userDataDir = '',
  locale,
}: {
  headless?: boolean;
  userDataDir?: string;
  locale?: string;
} = {}): Promise<BrowserContext> {
  if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`No built extension in ${EXTENSION_DIR}: run \`npm run build\` first.`);
  }
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless,
    // On Linux Chromium takes its UI language from the environment (and --lang with a bare language);
    // Playwright's locale sets the pages' language.
    ...(locale
      ? {
          locale,
          env: { ...process.env, LANGUAGE: locale.split('-')[0], LANG: `${locale.replace('-', '_')}.UTF-8` },
        }
      : {}),
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      ...BROWSER_FLAGS,
      ...(locale ? [`--lang=${locale.split('-')[0]}`] : []),
    ],
  });
}

export async function extensionIdOf(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return new URL(worker.url()).host;
}

/**
 * Waits for the options page a fresh install opens (a positive event; long, as a browser starts slowly on
 * a busy machine) and closes it, so that it cannot take over a page the test opens meanwhile.
 */
export async function closeWelcome(context: BrowserContext, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const welcome = context.pages().find((p) => p.url().endsWith('/options.html'));
    if (welcome) return welcome.close();
    if (Date.now() > deadline) throw new Error('The options page a fresh install opens did not open.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
