// Finds a Chromium for `npm test`, `npm start` and the benchmark.
// Order: $VERSO_CHROMIUM, /usr/bin/chromium, Debian's package installed with apt-get (only when
// VERSO_INSTALL_CHROMIUM=1 or CI is set: it needs root or sudo), Playwright's own browser when it is
// installed. Without any of them it says what to do and stops the run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function flag(value) {
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

function installWithApt() {
  if (!existsSync('/usr/bin/apt-get')) {
    console.warn('[verso] apt-get is not available here: cannot install Debian\'s "chromium" package.');
    return;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? '' : 'sudo -n ';
  console.log(`[verso] Chromium not found: installing Debian's "chromium" package (${sudo || 'as root'})…`);
  try {
    execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
      stdio: 'inherit',
    });
  } catch {
    console.warn('[verso] apt-get could not install chromium.');
  }
}

function playwrightChromium() {
  try {
    const exe = chromium.executablePath();
    return exe && existsSync(exe) ? exe : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Chromium executable to launch: a path, or `undefined` for Playwright's own browser. Exits the
 * process with instructions when there is none.
 */
export function ensureChromium() {
  const chosen = process.env.VERSO_CHROMIUM;
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    console.error(`[verso] VERSO_CHROMIUM is set to ${chosen}, which does not exist.`);
    process.exit(1);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (flag(process.env.VERSO_INSTALL_CHROMIUM) || flag(process.env.CI)) {
    installWithApt();
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  if (playwrightChromium()) return undefined;
  console.error(`[verso] No Chromium found (the end-to-end tests and npm start load Verso into it). Do one of these:
  - install Debian's package:      sudo apt-get install chromium
  - or point to a Chromium build:  VERSO_CHROMIUM=/path/to/chromium npm test
  - or install Playwright's own:   npx playwright install chromium   (needs internet)
  - or let npm test run apt-get:   VERSO_INSTALL_CHROMIUM=1 npm test   (as root, or with password-less sudo)
Branded Google Chrome does not work: since version 137 it ignores --load-extension.`);
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium() ?? 'playwright-managed');
}
