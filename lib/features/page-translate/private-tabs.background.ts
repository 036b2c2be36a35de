import type { Sender } from '../../messaging/handle.ts';

/**
 * Tabs of private (incognito) windows that sent page text. Their text is kept in memory only: the page
 * queue writes none of it to its store and none of its answers to the translation cache (the queue's
 * `memoryOnly`, queue/). Chrome runs an extension allowed in incognito in "spanning" mode by default:
 * one worker and one IndexedDB, on disk, for normal and private tabs alike, so the worker itself must
 * tell them apart; the sender of a message says which a tab is.
 *
 * A tab id is not reused within a browser session, so a closed tab's id can stay. A new worker starts
 * empty and learns again from the next message (a page asks about its units, then sends them again).
 */
const privateTabs = new Set<number>();

/** Notes the sender's tab when it is in a private window. Call before its segments are queued. */
export function notePrivateTab(sender: Sender): void {
  const tab = sender.tab;
  if (tab?.incognito && tab.id !== undefined && tab.id >= 0) privateTabs.add(tab.id);
}

export const isPrivateTab = (tabId: number): boolean => privateTabs.has(tabId);
