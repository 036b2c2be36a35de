// `npm start`: the local service, a demo page, and Chromium with Verso loaded and configured for them.
// Headed when a display is available, headless otherwise (then reachable on the remote debugging port).
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const servicePort = Number(process.env.PORT || 8787);
const demoPort = Number(process.env.DEMO_PORT || 8788);
const headless = process.env.HEADLESS ? process.env.HEADLESS !== '0' : !process.env.DISPLAY;

console.log('[verso] Building the extension…');
const build = spawnSync('npx', ['wxt', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const service = spawn('npx', ['tsx', 'service/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(servicePort), VERSO_TEST_MODE: process.env.VERSO_TEST_MODE ?? '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = new Promise((resolve, reject) => {
  service.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    if (String(chunk).includes('listening on')) resolve();
  });
  service.on('exit', (code) => reject(new Error(`local service exited (${code})`)));
});
await ready;

const demoDir = path.join(root, 'demo');
const demo = createServer((req, res) => {
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
demo.listen(demoPort, '127.0.0.1');

const extensionDir = path.join(root, '.output/chrome-mv3');
const context = await chromium.launchPersistentContext(path.join(root, '.verso-profile'), {
  executablePath: ensureChromium(),
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
    ...(headless ? ['--remote-debugging-port=9222'] : []),
  ],
});
const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
const extensionId = new URL(worker.url()).host;
const serviceUrl = `http://127.0.0.1:${servicePort}`;
await worker.evaluate((c) => chrome.storage.local.set({ credentials: c }), {
  apiKey: process.env.VERSO_PAID_KEY || '00000000-0000-4000-8000-00000000a001',
  serverUrl: serviceUrl,
  adminKey: process.env.VERSO_ADMIN_KEY || '00000000-0000-4000-8000-0000000ad001',
});
const page = context.pages()[0] ?? (await context.newPage());
await page.goto(`http://127.0.0.1:${demoPort}/`);
const options = await context.newPage();
await options.goto(`chrome-extension://${extensionId}/options.html`);

console.log(`
Verso is running.
  local service: ${serviceUrl}
  demo page:     http://127.0.0.1:${demoPort}/
  extension id:  ${extensionId} (configured with the local service's paid and admin keys)
  browser:       ${headless ? 'headless (no display); remote debugging on http://127.0.0.1:9222' : 'window open'}
Press Ctrl+C to stop.`);

const stop = async () => {
  await context.close().catch(() => {});
  service.kill('SIGTERM');
  demo.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
context.on('close', stop);
