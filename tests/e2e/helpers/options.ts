import type { BrowserContext, Page } from '@playwright/test';
import { closeWelcome, extensionIdOf } from '../browser.ts';

/**
 * An options section in a tab of its own, in a browser launched by the test, once the page a fresh
 * install opens has come and been closed.
 */
export async function optionsAfterWelcome(context: BrowserContext, hash: string): Promise<Page> {
  await closeWelcome(context);
  const page = await context.newPage();
  await page.goto(`chrome-extension://${await extensionIdOf(context)}/options.html#${hash}`);
  return page;
}
