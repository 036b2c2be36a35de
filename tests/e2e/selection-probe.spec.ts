import { expect, test } from './fixtures.ts';

test('probe: dispatch', async ({ background }) => {
  const r = await background.evaluate(async () => {
    const hits: unknown[] = [];
    chrome.contextMenus.onClicked.addListener((info, tab) => hits.push([info, tab]));
    chrome.commands.onCommand.addListener((n, tab) => hits.push([n, tab]));
    (chrome.contextMenus.onClicked as unknown as { dispatch(...a: unknown[]): void }).dispatch({ menuItemId: 'x', frameId: 3 }, { id: 5 });
    (chrome.commands.onCommand as unknown as { dispatch(...a: unknown[]): void }).dispatch('translate-selection', { id: 5 });
    await new Promise((r) => setTimeout(r, 100));
    return hits;
  });
  console.log(JSON.stringify(r));
  expect(1).toBe(1);
});
