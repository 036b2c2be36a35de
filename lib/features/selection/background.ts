import { ensureFeatures, needsFeaturesFor } from '../../background/boot.ts';
import { registerCommand, registerMenuItem } from '../../background/menus.ts';
import { type MessageInput, send } from '../../messaging/protocol.ts';
import type { Result } from '../../messaging/result.ts';
import { getPreferences } from '../../settings/items.ts';
import { t } from '../../ui/i18n.ts';
import { setUpSelectionHandlers } from './handlers.background.ts';
import { MAX_SELECTION_CHARS } from './messages.ts';
import { selectionOptionsFor, setUpSelectionOptions } from './options.background.ts';

type ShowInput = MessageInput<'selection.show'>;

/** The menu must reach the frame the person right-clicked in; without a frame, every frame of the tab. */
function sendShow(tabId: number, frameId: number | undefined, data: ShowInput): Promise<Result<{ shown: boolean }>> {
  return send('selection.show', data, { tabId, ...(frameId !== undefined ? { frameId } : {}) });
}

/**
 * Asks the content script to translate its selection. The menu names the frame; the shortcut goes to
 * every frame and the focused one answers. A tab opened before Verso was installed has no content
 * script yet: the click or shortcut grants activeTab, so it is injected and asked again.
 */
export async function translateSelectionIn(
  tabId: number | undefined,
  trigger: ShowInput['trigger'],
  frameId?: number,
  selectionText?: string,
): Promise<void> {
  if (tabId === undefined || tabId < 0) return;
  const { sendContext } = await getPreferences();
  // A copy too long to translate is not sent (the message would be refused), only its length.
  const fits = selectionText !== undefined && selectionText.length <= MAX_SELECTION_CHARS;
  const data: ShowInput = {
    trigger,
    sendContext,
    ...(selectionText && fits ? { selectionText } : {}),
    ...(selectionText && !fits ? { selectionChars: selectionText.length } : {}),
  };
  // The person's menu click or shortcut: Verso's features go into the frame (the shortcut: every frame,
  // the focused one answers) if they are not there yet (lib/background/boot.ts).
  if (!(await ensureFeatures(tabId, frameId !== undefined ? [frameId] : 'all'))) {
    console.warn('[verso] cannot translate the selection in this tab');
    return;
  }
  await sendShow(tabId, frameId, data).catch((e: unknown) => {
    console.warn('[verso] cannot translate the selection in this tab', e);
  });
}

export const SELECTION_MENU_ID = 'translate-selection';

export function setUpSelection(): void {
  setUpSelectionHandlers();
  setUpSelectionOptions();
  // A selection the person made: the button next to it needs the features, if it is on for the site.
  needsFeaturesFor(['selection'], async (_data, sender) => (await selectionOptionsFor(sender)).button);
  registerMenuItem({
    id: SELECTION_MENU_ID,
    title: t('selMenuTranslate', 'Verso: translate selection'),
    contexts: ['selection'],
    onClick: (info, tab) => translateSelectionIn(tab?.id, 'menu', info.frameId, info.selectionText),
  });
  registerCommand('translate-selection', (tab) => translateSelectionIn(tab?.id, 'command'));
}
