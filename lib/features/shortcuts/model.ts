import { computed, signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import { type BrowserCommand, type ShortcutRow, shortcutRows } from './commands.ts';

export interface ShortcutsDeps {
  send: Send;
  /** The browser's commands with their assigned keys (`browser.commands.getAll`). */
  commands(): Promise<BrowserCommand[]>;
}

/**
 * The keyboard shortcuts as the browser has them now: the person may have changed them, and the
 * browser leaves a suggested key unassigned when something else holds it. Shown in the popup and on
 * the options page, with the way to the browser's shortcut settings.
 */
export class ShortcutsModel {
  readonly rows = signal<ShortcutRow[]>([]);
  readonly loaded = signal(false);
  /** Commands the browser gave no key: the person has to choose one. */
  readonly unassigned = computed(() => this.rows.value.filter((r) => !r.shortcut));

  private disposed = false;

  constructor(private readonly deps: ShortcutsDeps) {}

  async load(): Promise<void> {
    const all = await this.deps.commands().catch(() => []);
    if (this.disposed) return;
    this.rows.value = shortcutRows(all);
    this.loaded.value = true;
  }

  /** Opens the browser's shortcut settings; false when this browser has no such page to open. */
  async openSettings(): Promise<boolean> {
    const result = await this.deps.send('shortcuts.openSettings', {});
    return result.ok && result.value.opened;
  }

  dispose(): void {
    this.disposed = true;
  }
}
