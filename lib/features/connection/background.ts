import { browser } from 'wxt/browser';

/**
 * First run: the options page opens on install, at the Connection section, where a welcome says what a
 * key is, where to get one and how to try Verso against the local service. Updates open nothing.
 */
export function setUpConnection(): void {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.runtime.openOptionsPage();
  });
}
