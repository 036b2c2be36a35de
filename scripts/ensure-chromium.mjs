// Finds a Chromium for the end-to-end tests, installing Debian's package when missing and possible.
// Order: $VERSO_CHROMIUM, /usr/bin/chromium, apt-get install chromium (as root), Playwright's own browser.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium() {
  if (process.env.VERSO_CHROMIUM && existsSync(process.env.VERSO_CHROMIUM)) return process.env.VERSO_CHROMIUM;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (hasApt) {
    const sudo = isRoot ? '' : 'sudo -n ';
    console.log('[verso] Chromium not found: installing Debian package "chromium"…');
    try {
      execSync(
        `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
        {
          stdio: 'inherit',
        },
      );
    } catch {
      console.warn('[verso] Could not install chromium with apt-get.');
    }
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.warn('[verso] Using Playwright\'s own Chromium (run "npx playwright install chromium" if it is missing).');
  return undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium() ?? 'playwright-managed');
}
