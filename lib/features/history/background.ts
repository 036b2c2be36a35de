import { browser } from 'wxt/browser';
import { appDb } from '../../db/index.ts';
import { handle } from '../../messaging/handle.ts';
import { onTextTranslated } from '../../translate-text/translated.background.ts';
import { keepFrom } from './keep.ts';
import { historySettingsItem } from './storage.ts';
import { HistoryStore } from './store.ts';

let shared: HistoryStore | undefined;
const store = () => {
  shared ??= new HistoryStore(appDb);
  return shared;
};

/** Verso's own pages have no tab: the window the person acted in (the focused one) says whether it is private. */
async function focusedWindowPrivate(): Promise<boolean> {
  const win = await browser.windows.getLastFocused().catch(() => undefined);
  // Not knowing the window is treated as private: nothing is kept that might be.
  return win ? win.incognito : true;
}

/** The history: translations the person asked for (selection, quick translate, side panel), kept in IndexedDB. */
export function setUpHistory(): void {
  onTextTranslated(async (translated, sender) => {
    const { enabled } = await historySettingsItem.getValue();
    if (!(await keepFrom(sender, { enabled, pageWindowPrivate: focusedWindowPrivate }))) return;
    await store().add({ ...translated, at: Date.now() });
  });
  handle('history.list', async ({ query, max }) => ({
    ...(await store().list(query, max)),
    enabled: (await historySettingsItem.getValue()).enabled,
  }));
  handle('history.export', () => store().all());
  handle('history.suggestions', () => store().suggestions());
  handle('history.remove', async ({ id }) => {
    await store().remove(id);
    return null;
  });
  handle('history.clear', async () => {
    await store().clear();
    return null;
  });
  handle('history.setEnabled', async ({ enabled }) => {
    await historySettingsItem.setValue({ enabled });
    return null;
  });
}
