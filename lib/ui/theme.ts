import { storage } from 'wxt/utils/storage';
import { z } from 'zod';

/** `system` follows the operating system (prefers-color-scheme); the others force one theme. */
export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

/** Its own item: the theme is about how Verso looks, not about translation preferences. */
export const themeItem = storage.defineItem<Theme>('local:theme', { fallback: 'system', version: 1 });

export async function getTheme(): Promise<Theme> {
  const parsed = Theme.safeParse(await themeItem.getValue());
  return parsed.success ? parsed.data : 'system';
}

/** The saved theme as UI models take it (passed in). */
export interface ThemeStore {
  get(): Promise<Theme>;
  set(theme: Theme): Promise<void>;
}

export const themeStore: ThemeStore = { get: getTheme, set: (theme) => themeItem.setValue(theme) };

/** theme.css reads `data-theme` on the root element; absent means "follow the system". */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** Applies the saved theme now and whenever it changes (in any Verso page). Returns the unwatch function. */
export function followTheme(root: HTMLElement = document.documentElement): () => void {
  void getTheme().then((t) => applyTheme(t, root));
  return themeItem.watch((value) => applyTheme(Theme.catch('system').parse(value), root));
}
