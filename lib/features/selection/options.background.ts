import { browser } from 'wxt/browser';
import { handle, type Sender } from '../../messaging/handle.ts';
import { getPreferences, getSiteRules, ruleFor } from '../../settings/items.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import type { SelectionOptions } from './messages.ts';

/** The shortcut the browser assigned to a command, as it shows it ("Alt+Shift+U"); empty when none. */
async function shortcutOf(name: string): Promise<string> {
  try {
    const commands = await browser.commands.getAll();
    return commands.find((c) => c.name === name)?.shortcut ?? '';
  } catch {
    return '';
  }
}

/**
 * What the in-page helpers may do in a frame: the selection button (on globally and not switched off for
 * the tab's site) and the paragraph under the pointer. Content scripts cannot read settings themselves.
 */
export async function selectionOptionsFor(sender: Sender): Promise<SelectionOptions> {
  const [prefs, rules, shortcut] = await Promise.all([
    getPreferences(),
    getSiteRules(),
    shortcutOf('translate-selection'),
  ]);
  // Site rules are per site, not per frame: the tab's page decides.
  const host = siteHostOf(sender.tab?.url ?? sender.url);
  const offSite = host ? ruleFor(rules, host).disableSelectionButton : false;
  return {
    button: prefs.selectionButton && !offSite,
    inFields: prefs.selectionButtonInFields,
    sendContext: prefs.sendContext,
    hoverModifier: prefs.hoverModifier,
    targetLang: prefs.targetLang,
    shortcut,
  };
}

export function setUpSelectionOptions(): void {
  handle('selection.options', (_data, sender) => selectionOptionsFor(sender));
}
