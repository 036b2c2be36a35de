import { browser } from 'wxt/browser';
import { handle } from '../../messaging/handle.ts';

/** Chromium's page for extension shortcuts; an extension may open it in a tab but not link to it. */
export const CHROMIUM_SHORTCUTS_URL = 'chrome://extensions/shortcuts';

/** Firefox 137+ opens its own shortcut settings for an extension; older versions have no way in. */
type FirefoxCommands = { openShortcutSettings?: () => Promise<void> };

export function setUpShortcuts(): void {
  handle('shortcuts.openSettings', async () => {
    if (import.meta.env.FIREFOX) {
      const open = (browser.commands as unknown as FirefoxCommands).openShortcutSettings;
      if (!open) return { opened: false };
      await open();
      return { opened: true };
    }
    await browser.tabs.create({ url: CHROMIUM_SHORTCUTS_URL });
    return { opened: true };
  });
}
