import { browser } from 'wxt/browser';
import { handle } from '../messaging/handle.ts';
import { restrictStorageToVerso } from '../settings/storage-access.ts';
import { clientFor, INTERACTIVE_RETRY } from './client.ts';

/** First at worker start-up, before any feature stores anything: storage.local for trusted contexts only. */
export function setUpStorageAccess(): void {
  void restrictStorageToVerso();
}

/** Handlers of the foundation's messages. */
export function setUpCoreHandlers(): void {
  handle('connection.test', async ({ apiKey, serverUrl }) => {
    const client = await clientFor('options', { apiKey, serverUrl, retry: INTERACTIVE_RETRY });
    return client.getUsage();
  });
  handle('usage.get', async () => (await clientFor('popup', { retry: INTERACTIVE_RETRY })).getUsage());
  handle('options.open', async () => {
    await browser.runtime.openOptionsPage();
    return null;
  });
}
