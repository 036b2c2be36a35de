// `npm start`: the local service, a demo page, and Chromium with Verso loaded and configured for them.
// Headed when a display is available, headless otherwise (then reachable on the remote debugging port).
// The service and the demo page run inside this process, so however it stops (Ctrl+C, SIGTERM, SIGHUP,
// the browser closing) nothing is left listening.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { ensureChromium } from './ensure-browser.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** A port from the environment, or `fallback`; anything but 1..65535 stops with a message. */
function portFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`[verso] ${name} must be a port number from 1 to 65535, got "${raw}".`);
    process.exit(1);
  }
  return port;
}

const servicePort = portFromEnv('PORT', 8787);
const demoPort = portFromEnv('DEMO_PORT', 8788);
const headless = process.env.HEADLESS ? process.env.HEADLESS !== '0' : !process.env.DISPLAY;
// Remote debugging: always when headless (the only way in), and when headed only if DEBUG_PORT is set.
const debugPort = headless || process.env.DEBUG_PORT ? portFromEnv('DEBUG_PORT', 9222) : undefined;
const outDir = process.env.VERSO_OUT_DIR || '.output';
const executablePath = ensureChromium();

console.log('[verso] Building the extension…');
const build = spawnSync('npx', ['wxt', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

/** @type {{ close(): Promise<void> } | undefined} */
let service;
/** @type {import('node:http').Server | undefined} */
let demo;
/** @type {import('@playwright/test').BrowserContext | undefined} */
let context;
let stopping = false;

async function stop(reason, code = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`\n[verso] ${reason}: stopping the browser, the demo page and the local service.`);
  await context?.close().catch(() => {});
  await service?.close().catch(() => {});
  demo?.closeAllConnections();
  demo?.close();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// `npm start` runs this script under `sh -c`: a SIGTERM sent to npm kills that shell and never reaches
// us, and the service would keep listening. Being handed to another parent means whoever started us
// is gone, so stop then too (Node has no parent-death signal to ask for).
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('The parent process ended');
}, 500).unref();

async function main() {
  const { listen } = await tsImport('../service/listen.ts', import.meta.url);
  const { optionsFromEnv } = await tsImport('../service/config.ts', import.meta.url);
  // Test mode (the unauthenticated /__control API) only when asked for with VERSO_TEST_MODE=1.
  const options = { ...optionsFromEnv(), port: servicePort };
  service = await listen(options);
  if (stopping) return;

  const demoDir = path.join(root, 'demo');
  demo = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(demoDir, path.normalize(url.pathname === '/' ? '/index.html' : url.pathname));
    if (!file.startsWith(demoDir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    const type = file.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve, reject) => {
    demo.once('error', (error) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${demoPort} is already in use: set DEMO_PORT.`) : error),
    );
    demo.listen(demoPort, '127.0.0.1', resolve);
  });
  if (stopping) return;

  const extensionDir = path.join(root, outDir, 'chrome-mv3');
  context = await chromium.launchPersistentContext(path.join(root, '.verso-profile'), {
    executablePath,
    headless,
    viewport: null,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(debugPort ? [`--remote-debugging-port=${debugPort}`] : []),
    ],
  });
  // Closing the window (or Browser.close over remote debugging) ends the whole run.
  context.on('close', () => stop('The browser closed'));
  if (stopping) return;

  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  await worker.evaluate((c) => chrome.storage.local.set({ credentials: c }), {
    apiKey: options.paidKey,
    serverUrl: service.url,
    adminKey: options.adminKey,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`http://127.0.0.1:${demoPort}/`);
  const settings = await context.newPage();
  await settings.goto(`chrome-extension://${extensionId}/options.html`);

  const debugging = debugPort ? `remote debugging on http://127.0.0.1:${debugPort}` : 'no remote debugging';
  console.log(`
Verso is running.
  local service: ${service.url}${options.testMode ? ' (test mode: the /__control API is on, unauthenticated)' : ''}
  demo page:     http://127.0.0.1:${demoPort}/
  extension id:  ${extensionId} (configured with the local service's paid and admin keys)
  browser:       ${headless ? 'headless (no display)' : 'window open'}; ${debugging}
Press Ctrl+C (or close the browser) to stop.`);
}

main().catch((error) => {
  if (stopping) return;
  console.error(`[verso] ${error instanceof Error ? error.message : error}`);
  stop('Start failed', 1);
});
