import { browser } from 'wxt/browser';
import type { BrowserCommand } from '../../lib/features/shortcuts/commands.ts';

/** The browser's commands with their assigned keys; none where the browser has no commands API. */
export async function browserCommands(): Promise<BrowserCommand[]> {
  return (await browser.commands?.getAll()) ?? [];
}
