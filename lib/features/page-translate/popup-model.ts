import { signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { PageAction, PageView } from './messages.ts';

/** The popup's "This page" panel: state in signals, actions below; the panel only renders it. */

export const view = signal<PageView | null>(null);
/** The tab cannot be translated (the browser's own pages, the web store). */
export const unavailable = signal(false);
export const busy = signal(false);
export const error = signal<ErrorInfo | null>(null);

let tabId: number | undefined;
let polling: ReturnType<typeof setTimeout> | undefined;

const POLL_MS = 400;

/**
 * The tab the popup is about: the active tab of its window. Opened as a tab of its own (a detached
 * popup), it acts on the tab the person used last before it.
 */
async function targetTab(): Promise<number | undefined> {
  const own = await browser.tabs.getCurrent().catch(() => undefined);
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  if (!own) return active?.id;
  const others = (await browser.tabs.query({})).filter((tab) => tab.id !== own.id && tab.id !== undefined);
  others.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  return others[0]?.id;
}

const working = (v: PageView | null) => v?.phase === 'preparing' || v?.phase === 'translating';

async function ask(action: PageAction): Promise<void> {
  if (tabId === undefined) {
    unavailable.value = true;
    return;
  }
  const result = await send('page.popupCommand', { tabId, action });
  if (!result.ok) {
    error.value = result.error;
    return;
  }
  error.value = null;
  if (result.value === null) {
    // Not reachable yet is fine for a look; an action that cannot reach the page means it cannot be done.
    if (action !== 'state') unavailable.value = true;
    return;
  }
  view.value = result.value;
  clearTimeout(polling);
  if (working(result.value)) polling = setTimeout(() => void ask('state'), POLL_MS);
}

export async function load(): Promise<void> {
  tabId = await targetTab();
  await ask('state');
}

export async function act(action: PageAction): Promise<void> {
  busy.value = true;
  try {
    await ask(action);
  } finally {
    busy.value = false;
  }
}
