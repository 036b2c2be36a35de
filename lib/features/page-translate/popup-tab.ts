import { browser } from 'wxt/browser';

/**
 * The tab the popup is about: the active tab of its window. Opened as a tab of its own (a detached
 * popup), it acts on the tab the person used last before it.
 */
export async function popupTargetTab(): Promise<number | undefined> {
  const own = await browser.tabs.getCurrent().catch(() => undefined);
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  if (!own) return active?.id;
  const others = (await browser.tabs.query({})).filter((tab) => tab.id !== own.id && tab.id !== undefined);
  others.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  return others[0]?.id;
}
