import type { Page } from '@playwright/test';
import { appPages } from '../../fixtures/apps/pages.ts';
import { servePages } from './pages.ts';

let pages: Promise<Record<string, string>> | undefined;

/** Serves the app fixtures (tests/fixtures/apps, bundled once per run) on the fixture origin. */
export async function serveApps(page: Page): Promise<void> {
  pages ??= appPages();
  await servePages(page, await pages);
}

/**
 * Collects what a page's own code reports as broken: uncaught errors (a framework that crashed on a node
 * it did not expect) and console errors (React's and Vue's warnings about the DOM they found).
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || (message.type() === 'warning' && /\[Vue warn\]/.test(message.text())))
      errors.push(`console: ${message.text()}`);
  });
  return errors;
}
