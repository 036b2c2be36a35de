import { expect, test } from './fixtures.ts';

test.describe('keyboard shortcuts in a fresh profile', () => {
  test("the browser assigns a key to every command that suggests one (four, Chrome's limit)", async ({
    background,
  }) => {
    // The suggested keys of a fresh install, as the browser's shortcuts page shows them. (Pressing them
    // cannot be tested here: headless Chromium has no window whose accelerators would catch the keys.)
    const commands = await background.evaluate(() => chrome.commands.getAll());
    const own = commands.filter((c) => !c.name?.startsWith('_execute'));
    expect(own.map((c) => c.name).sort()).toEqual([
      'improve-writing',
      'open-side-panel',
      'toggle-video-subtitles',
      'translate-page',
      'translate-selection',
    ]);
    for (const command of own.filter((c) => c.name !== 'toggle-video-subtitles'))
      expect(command.shortcut, `${command.name} has a key`).not.toBe('');
    // The fifth command suggests no key in Chrome: the person sets it on the browser's shortcuts page.
    expect(own.find((c) => c.name === 'toggle-video-subtitles')?.shortcut).toBe('');
  });

  test('the popup and the options page show the keys the browser assigned, and open its shortcuts page', async ({
    background,
    configure,
    context,
    openExtensionPage,
  }) => {
    await configure();
    const commands = await background.evaluate(() => chrome.commands.getAll());
    const keyOf = (name: string) => commands.find((c) => c.name === name)!.shortcut!;

    const popup = await openExtensionPage('popup.html');
    const summary = popup.getByRole('region', { name: 'Keyboard shortcuts' });
    await expect(summary).toContainText(`Translate this page / show the original${keyOf('translate-page')}`);
    await expect(summary).toContainText(`Translate the selected text${keyOf('translate-selection')}`);
    await expect(summary).toContainText(keyOf('improve-writing'));
    await expect(summary).toContainText(
      `Open the side panel: translate, improve writing, history${keyOf('open-side-panel')}`,
    );
    // Only the fifth command, which Chrome gives no key, says so, and nothing claims a key it lacks.
    await expect(summary).toContainText('Not set');
    await expect(summary.getByText('Not set')).toHaveCount(1);

    const options = await openExtensionPage('options.html#defaults');
    const table = options.getByRole('table', { name: 'Keyboard shortcuts' });
    await expect(table.getByRole('row', { name: /Translate this page/ })).toContainText(keyOf('translate-page'));
    await expect(table.getByRole('row', { name: /Translate the selected text/ })).toContainText(
      keyOf('translate-selection'),
    );
    await expect(table.getByRole('row', { name: /Correct or improve/ })).toContainText(keyOf('improve-writing'));

    const opened = context.waitForEvent('page');
    await options.getByRole('button', { name: 'Change shortcuts' }).click();
    const shortcutsPage = await opened;
    await expect.poll(() => shortcutsPage.url()).toBe('chrome://extensions/shortcuts');
  });
});
