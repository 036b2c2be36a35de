import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const lock = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

describe('installing downloads no browser', () => {
  it('has no package that fetches browsers on install (puppeteer, geckodriver, chromedriver)', () => {
    const fetchers = Object.keys(lock.packages).filter((name) =>
      /node_modules\/(puppeteer|geckodriver|chromedriver|electron)$/.test(name),
    );
    expect(fetchers).toEqual([]);
  });

  it('runs install scripts of reviewed packages only', () => {
    // esbuild picks its platform binary (and works without it, from its platform package); spawn-sync,
    // under web-ext, installs a helper for Node versions before 0.12; core-js, under draft-js (an e2e
    // editor fixture), only prints a banner, inside a try, and fetches nothing. npm 11 skips dependencies'
    // scripts unless allowed, but a new one still needs a look: add it here once it is known to fetch
    // no browser.
    const withScripts = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && entry.hasInstallScript)
      .map(([name]) => name.replace(/^.*node_modules\//, ''));
    expect([...new Set(withScripts)].sort()).toEqual(['core-js', 'esbuild', 'spawn-sync']);
  });
});
