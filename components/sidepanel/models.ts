import { signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { HistoryModel } from '../../lib/features/history/model.ts';
import type { HistoryEntry } from '../../lib/features/history/store.ts';
import { PagePanelModel } from '../../lib/features/page-translate/popup-model.ts';
import { popupTargetTab } from '../../lib/features/page-translate/popup-tab.ts';
import { QuickTranslateModel } from '../../lib/features/quick-translate/model.ts';
import { SidePanelModel } from '../../lib/features/sidepanel/model.ts';
import { send } from '../../lib/messaging/protocol.ts';
import { preferencesStore } from '../../lib/settings/items.ts';
import { systemClock } from '../../lib/ui/clock.ts';
import { downloadText } from '../ui/download.ts';

/**
 * The models of the side panel's parts. The panel stays open while the person moves between tabs: the
 * page's status follows the active tab (a new model for each), the rest stays.
 */
export function createSidePanelModels() {
  // The active tab of the panel's window; opened as a tab of its own (tests), the tab used last.
  const activeTab = popupTargetTab;
  const newPage = () => new PagePanelModel({ send, clock: systemClock, targetTab: activeTab });
  const page = signal(newPage());
  const quick = new QuickTranslateModel({
    send,
    preferences: preferencesStore,
    takeDraft: async () => undefined,
    clipboard: navigator.clipboard,
    from: 'sidepanel',
  });
  const panel = new SidePanelModel({ send, activeTab, clipboard: navigator.clipboard });
  const history = new HistoryModel({
    send,
    clock: systemClock,
    download: downloadText,
    confirm: (message) => window.confirm(message),
  });

  const follow = () => {
    page.value.dispose();
    page.value = newPage();
  };
  const onActivated = () => follow();
  const onUpdated = (_id: number, change: { url?: string }, tab: { active?: boolean }) => {
    if (tab.active && change.url) follow();
  };
  browser.tabs.onActivated.addListener(onActivated);
  browser.tabs.onUpdated.addListener(onUpdated);

  return {
    page,
    quick,
    panel,
    history,
    /** A history entry back into quick translate, translated again at once. */
    again(entry: HistoryEntry) {
      quick.setText(entry.text);
      quick.setSource(entry.sourceLang);
      quick.setTarget(entry.targetLang);
      void quick.translate().then(() => history.load());
    },
    dispose() {
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
      for (const model of [page.value, quick, panel, history]) model.dispose();
    },
  };
}

export type SidePanelModels = ReturnType<typeof createSidePanelModels>;
