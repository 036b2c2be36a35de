import type { Worker } from '@playwright/test';

// Settings written straight into extension storage from the worker, as a person's choices in Options
// would have left them.

export async function setPreferences(background: Worker, preferences: Record<string, unknown>) {
  await background.evaluate((p) => chrome.storage.local.set({ preferences: p }), preferences);
}

export async function setSiteRules(background: Worker, rules: Record<string, unknown>[]) {
  await background.evaluate((r) => chrome.storage.local.set({ siteRules: r }), rules);
}

/** What extension storage holds under `key`. */
export const stored = (worker: Worker, key: string) =>
  worker.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);
