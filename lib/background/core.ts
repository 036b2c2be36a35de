import { browser } from 'wxt/browser';
import { handle } from '../messaging/handle.ts';
import { restrictStorageToVerso } from '../settings/storage-access.ts';
import { clientFor, INTERACTIVE_RETRY } from './client.ts';

/** First at worker start-up, before any feature stores anything: storage.local for trusted contexts only. */
export function setUpStorageAccess(): void {
  void restrictStorageToVerso();
}

/** The options page, at one of its sections (`options.html#glossaries`) when one is named. */
export async function openOptions(section?: string): Promise<void> {
  if (!section || !/^[a-z-]+$/.test(section)) {
    await browser.runtime.openOptionsPage();
    return;
  }
  await browser.tabs.create({ url: browser.runtime.getURL(`/options.html#${section}`) });
}

/** Handlers of the foundation's messages. */
export function setUpCoreHandlers(): void {
  handle('connection.test', async ({ apiKey, serverUrl }) => {
    const client = await clientFor('options', { apiKey, serverUrl, retry: INTERACTIVE_RETRY });
    return client.getUsage();
  });
  handle('usage.get', async () => (await clientFor('popup', { retry: INTERACTIVE_RETRY })).getUsage());
  handle('options.open', async (data) => {
    await openOptions(data?.section);
    return null;
  });
}
