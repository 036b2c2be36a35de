/** A keyboard command as `commands.getAll()` reports it (the shortcut is what the browser assigned). */
export interface BrowserCommand {
  name?: string;
  description?: string;
  shortcut?: string;
}

export interface ShortcutRow {
  name: string;
  description: string;
  /** Empty when the browser has no key for the command (taken by something else, or removed). */
  shortcut: string;
}

/** The commands of wxt.config.ts, in the order people meet them. */
export const COMMAND_ORDER = [
  'translate-page',
  'translate-selection',
  'improve-writing',
  'open-side-panel',
  'toggle-video-subtitles',
] as const;

/**
 * The rows to show: Verso's own commands with the keys the browser really assigned, in a fixed order.
 * The toolbar button's command is left out: it has no description of its own.
 */
export function shortcutRows(all: readonly BrowserCommand[]): ShortcutRow[] {
  const rank = (name: string) => {
    const i = (COMMAND_ORDER as readonly string[]).indexOf(name);
    return i === -1 ? COMMAND_ORDER.length : i;
  };
  return all
    .filter((c): c is BrowserCommand & { name: string } => !!c.name && !c.name.startsWith('_execute'))
    .map((c) => ({ name: c.name, description: c.description || c.name, shortcut: c.shortcut ?? '' }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}
