// What the page benchmark asks of Verso's service worker: the shortcut as the browser fires it, a count
// of the messages it sends to tabs, an empty translation cache, the reading preference.
import type { Worker } from '@playwright/test';
import type { Reading } from './readers.ts';

/** The `translate-page` shortcut, fired as the browser fires it. */
export function pressShortcut(background: Worker, url: string): Promise<void> {
  return background.evaluate(async (target) => {
    const [tab] = await chrome.tabs.query({ url: target });
    if (!tab) throw new Error(`no tab at ${target}`);
    (chrome.commands.onCommand as unknown as { dispatch(...args: unknown[]): void }).dispatch('translate-page', tab);
  }, url);
}

/** Starts counting the messages the worker sends to tabs, by type (from zero for each visit). */
export function countTabMessages(background: Worker): Promise<void> {
  return background.evaluate(() => {
    const g = globalThis as unknown as { __benchSent?: Record<string, number> };
    const counting = g.__benchSent !== undefined;
    g.__benchSent = {};
    if (counting) return;
    const tabs = chrome.tabs as unknown as { sendMessage: (...args: unknown[]) => unknown };
    const send = tabs.sendMessage.bind(chrome.tabs);
    tabs.sendMessage = (...args: unknown[]) => {
      const type = String((args[1] as { type?: unknown } | undefined)?.type);
      const sent = g.__benchSent!;
      sent[type] = (sent[type] ?? 0) + 1;
      return send(...args);
    };
  });
}

export function tabMessagesSent(background: Worker, type: string): Promise<number> {
  return background.evaluate(
    (name) => (globalThis as unknown as { __benchSent?: Record<string, number> }).__benchSent?.[name] ?? 0,
    type,
  );
}

/** Empties the translation cache, so a reader is billed as on a first visit. */
export function clearCache(background: Worker): Promise<void> {
  return background.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('verso');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('translations')) return resolve(db.close());
          const tx = db.transaction('translations', 'readwrite');
          tx.objectStore('translations').clear();
          tx.oncomplete = () => resolve(db.close());
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

export async function setPreferences(background: Worker, reading: Reading): Promise<void> {
  await background.evaluate(
    (pageReading) => chrome.storage.local.set({ preferences: { targetLang: 'de', pageReading } }),
    reading,
  );
}
