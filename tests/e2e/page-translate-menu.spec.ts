import { expect, test } from './fixtures.ts';
import { setPreferences } from './helpers/settings.ts';

test.describe('translate page: the right-click menu', () => {
  test('the item names Verso and the target language, and follows a new target', async ({ background, configure }) => {
    await configure();
    // What the browser is told to show (its menus cannot be opened from a test).
    await background.evaluate(() => {
      const titles: string[] = [];
      (globalThis as unknown as { __menuTitles: string[] }).__menuTitles = titles;
      const update = chrome.contextMenus.update.bind(chrome.contextMenus);
      chrome.contextMenus.update = ((id: string, props: { title?: string }, ...rest: unknown[]) => {
        if (id === 'translate-page' && props.title) titles.push(props.title);
        return (update as (...a: unknown[]) => unknown)(id, props, ...rest);
      }) as typeof chrome.contextMenus.update;
    });
    const titles = () => background.evaluate(() => (globalThis as unknown as { __menuTitles: string[] }).__menuTitles);
    await setPreferences(background, { targetLang: 'de' });
    await expect.poll(async () => (await titles()).at(-1)).toBe('Verso: translate page into German');
    await setPreferences(background, { targetLang: 'ja' });
    await expect.poll(async () => (await titles()).at(-1)).toBe('Verso: translate page into Japanese');
  });
});
