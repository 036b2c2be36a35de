import { type Browser, browser } from 'wxt/browser';

/**
 * The right-click menu and keyboard commands. Features register their items here; the menu is
 * (re)built on install and start, and clicks are dispatched to the item's handler.
 */
export interface MenuItem {
  id: string;
  title: string;
  contexts: Browser.contextMenus.CreateProperties['contexts'];
  onClick(info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined): void | Promise<void>;
}

const items = new Map<string, MenuItem>();
const commands = new Map<string, (tab: Browser.tabs.Tab | undefined) => void | Promise<void>>();

export function registerMenuItem(item: MenuItem): void {
  items.set(item.id, item);
}

/**
 * A new title for an item (it names the target language, which the person may change): shown at once, and
 * kept for the next rebuild. An item not created yet takes it when it is.
 */
export function retitleMenuItem(id: string, title: string): void {
  const item = items.get(id);
  if (!item || item.title === title) return;
  item.title = title;
  Promise.resolve(browser.contextMenus.update(id, { title })).catch(() => undefined);
}

export function registerCommand(name: string, run: (tab: Browser.tabs.Tab | undefined) => void | Promise<void>): void {
  commands.set(name, run);
}

async function rebuildMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  for (const item of items.values()) {
    browser.contextMenus.create({ id: item.id, title: item.title, contexts: item.contexts });
  }
}

/** Call once, after every feature registered its items (listeners must be added synchronously). */
export function setUpMenusAndCommands(): void {
  browser.runtime.onInstalled.addListener(() => void rebuildMenus());
  browser.runtime.onStartup.addListener(() => void rebuildMenus());
  browser.contextMenus.onClicked.addListener((info, tab) => {
    void items.get(String(info.menuItemId))?.onClick(info, tab);
  });
  browser.commands.onCommand.addListener((name, tab) => {
    void commands.get(name)?.(tab);
  });
}
