import { expect, test } from './fixtures.ts';

test('explore stopping the worker', async ({ context, openExtensionPage, configure, svc }) => {
  test.setTimeout(120_000);
  await configure();
  const page = await openExtensionPage('documents.html');
  await expect(page.getByRole('heading', { name: 'Translate a document' })).toBeVisible();
  const cdp = await context.newCDPSession(page);
  const versions: unknown[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', (e) => versions.push(e));
  await cdp.send('ServiceWorker.enable');
  await page.waitForTimeout(500);
  console.log('versions', JSON.stringify(versions).slice(0, 800));
  console.log('workers before', context.serviceWorkers().map((w) => w.url()));
  const closed = new Promise((r) => context.serviceWorkers()[0]!.once('close', () => r('closed')));
  await page.close(); const p2 = await context.newPage(); const cdp2 = await context.newCDPSession(p2); await cdp2.send('ServiceWorker.enable'); cdp2.on('ServiceWorker.workerVersionUpdated', (e) => versions.push(e)); await cdp2.send('ServiceWorker.stopAllWorkers');
  console.log(await Promise.race([closed, new Promise((r) => setTimeout(() => r('timeout'), 5000))]));
  console.log('versions after', JSON.stringify(versions.slice(1)).slice(0, 3000));
  console.log('workers after', context.serviceWorkers().map((w) => w.url()));
  void svc;
});
