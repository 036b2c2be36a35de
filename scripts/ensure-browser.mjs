// Finds the browsers for `npm test`, `npm start` and the benchmark: Chromium for all of them, Firefox
// for the Firefox smoke suite. Each is taken from its environment variable ($VERSO_CHROMIUM,
// $VERSO_FIREFOX), else from Debian's package (/usr/bin/chromium, /usr/bin/firefox-esr), which is
// installed with apt-get only when asked (VERSO_INSTALL_BROWSERS=1, or CI set: it needs root or sudo;
// VERSO_INSTALL_CHROMIUM=1, the older name, still counts). Chromium may also be Playwright's own
// browser when it is installed. Nothing is downloaded otherwise; without a browser it says what to do
// and stops the run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const DEBIAN_FIREFOX = '/usr/bin/firefox-esr';

function flag(value) {
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

function installAllowed() {
  return flag(process.env.VERSO_INSTALL_BROWSERS) || flag(process.env.VERSO_INSTALL_CHROMIUM) || flag(process.env.CI);
}

let updated = false;

/** Installs one of Debian's packages with apt-get (as root, or with password-less sudo). */
function installWithApt(pkg) {
  if (!existsSync('/usr/bin/apt-get')) {
    console.warn(`[verso] apt-get is not available here: cannot install Debian's "${pkg}" package.`);
    return;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? '' : 'sudo -n ';
  console.log(`[verso] ${pkg} not found: installing Debian's "${pkg}" package (${sudo || 'as root'})…`);
  try {
    if (!updated) execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
    updated = true;
    execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`, { stdio: 'inherit' });
  } catch {
    console.warn(`[verso] apt-get could not install ${pkg}.`);
  }
}

/** The path in `variable`, which must exist; undefined when the variable is not set. */
function chosen(variable) {
  const value = process.env[variable];
  if (!value) return undefined;
  if (existsSync(value)) return value;
  console.error(`[verso] ${variable} is set to ${value}, which does not exist.`);
  process.exit(1);
}

/** A Debian package's executable: there already, or installed when allowed. */
function debian(exe, pkg) {
  if (existsSync(exe)) return exe;
  if (installAllowed()) {
    installWithApt(pkg);
    if (existsSync(exe)) return exe;
  }
  return undefined;
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
  const found = chosen('VERSO_CHROMIUM') ?? debian(DEBIAN_CHROMIUM, 'chromium');
  if (found) return found;
  if (playwrightChromium()) return undefined;
  console.error(`[verso] No Chromium found (the end-to-end tests and npm start load Verso into it). Do one of these:
  - install Debian's package:      sudo apt-get install chromium
  - or point to a Chromium build:  VERSO_CHROMIUM=/path/to/chromium npm test
  - or install Playwright's own:   npx playwright install chromium   (needs internet)
  - or let npm test run apt-get:   VERSO_INSTALL_BROWSERS=1 npm test   (as root, or with password-less sudo)
Branded Google Chrome does not work: since version 137 it ignores --load-extension.`);
  process.exit(1);
}

/** The Firefox executable for the Firefox smoke suite. Exits the process with instructions when there is none. */
export function ensureFirefox() {
  const found = chosen('VERSO_FIREFOX') ?? debian(DEBIAN_FIREFOX, 'firefox-esr');
  if (found) return found;
  console.error(`[verso] No Firefox found (the Firefox smoke tests load Verso into it). Do one of these:
  - install Debian's package:      sudo apt-get install firefox-esr
  - or point to a Firefox 140+:    VERSO_FIREFOX=/path/to/firefox npm test
  - or let npm test run apt-get:   VERSO_INSTALL_BROWSERS=1 npm test   (as root, or with password-less sudo)`);
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`chromium: ${ensureChromium() ?? 'playwright-managed'}`);
  console.log(`firefox: ${ensureFirefox()}`);
}
