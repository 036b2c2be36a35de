import { browser } from 'wxt/browser';
import { ensureFeatures } from '../../background/boot.ts';
import { registerCommand } from '../../background/menus.ts';
import { handle, type Sender } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import { getPreferences } from '../../settings/items.ts';
import { plainTextOf } from '../../translate-text/translated.background.ts';
import { translateSelection } from '../selection/handlers.background.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import type { PanelSelection } from './messages.ts';
import { openSidePanel } from './open.ts';

/** The selection of the tab's top frame, with its context when the person sends context. */
async function selectionOf(tabId: number): Promise<PanelSelection | null> {
  const tab = await browser.tabs.get(tabId);
  if (!(await ensureFeatures(tabId, [0]))) return null;
  const { sendContext } = await getPreferences();
  const res = await send('selection.capture', { sendContext }, { tabId, frameId: 0 });
  if (!res.ok || !res.value) return null;
  const site = siteHostOf(tab.url);
  return { ...res.value, ...(site ? { site } : {}) };
}

/** The tab as the sender of its selection: its site's rules and budget apply, and whether it is private. */
async function tabSender(tabId: number): Promise<Sender> {
  const tab = await browser.tabs.get(tabId);
  return { tab: { id: tabId, ...(tab.url ? { url: tab.url } : {}), incognito: tab.incognito }, frameId: 0 };
}

export function setUpSidePanel(): void {
  // The shortcut is the person's gesture: the panel opens at once (no await before it).
  registerCommand('open-side-panel', (tab) =>
    openSidePanel(tab?.windowId).then(
      () => undefined,
      (e: unknown) => console.warn('[verso] cannot open the side panel', e),
    ),
  );
  handle('sidepanel.selection', ({ tabId }) => selectionOf(tabId));
  handle('sidepanel.translateSelection', async ({ tabId, paragraphs, context, pageLang, targetLang }) => {
    const [sender, { sendContext }] = await Promise.all([tabSender(tabId), getPreferences()]);
    const out = await translateSelection(
      {
        paragraphs,
        ...(context && sendContext ? { context } : {}),
        ...(pageLang ? { pageLang } : {}),
        ...(targetLang ? { targetLang } : {}),
        remember: false,
      },
      sender,
      'sidepanel',
    );
    return {
      text: out.paragraphs.map(plainTextOf).join('\n\n'),
      sourceLang: out.sourceLang ?? out.detectedSource,
      sourceDetected: out.sourceDetected,
      targetLang: out.targetLang,
      notes: out.notes,
    };
  });
}
