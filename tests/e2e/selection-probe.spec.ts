import { expect, test } from './fixtures.ts';

test('probe: event api', async ({ background }) => {
  const names = await background.evaluate(() => {
    const ev = chrome.contextMenus.onClicked as unknown as object;
    const out: string[] = [];
    let p: object | null = ev;
    while (p) { out.push(...Object.getOwnPropertyNames(p)); p = Object.getPrototypeOf(p); }
    return out;
  });
  console.log(JSON.stringify(names));
  expect(1).toBe(1);
});
