import { describe, expect, it } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import { ShortcutsModel } from './model.ts';

const commands = [
  { name: '_execute_action', description: '', shortcut: '' },
  { name: 'improve-writing', description: 'Correct or improve', shortcut: 'Alt+Shift+Y' },
  { name: 'translate-selection', description: 'Translate the selected text', shortcut: '' },
  { name: 'translate-page', description: 'Translate this page', shortcut: 'Alt+Shift+G' },
];

describe('ShortcutsModel', () => {
  it("lists Verso's commands in a fixed order with the keys the browser assigned", async () => {
    const model = new ShortcutsModel({ send: fakeSend(), commands: async () => commands });
    await model.load();
    expect(model.rows.value).toEqual([
      { name: 'translate-page', description: 'Translate this page', shortcut: 'Alt+Shift+G' },
      { name: 'translate-selection', description: 'Translate the selected text', shortcut: '' },
      { name: 'improve-writing', description: 'Correct or improve', shortcut: 'Alt+Shift+Y' },
    ]);
    expect(model.unassigned.value.map((r) => r.name)).toEqual(['translate-selection']);
  });

  it('shows nothing, without failing, where the browser has no commands API', async () => {
    const model = new ShortcutsModel({ send: fakeSend(), commands: () => Promise.reject(new Error('no commands')) });
    await model.load();
    expect(model.loaded.value).toBe(true);
    expect(model.rows.value).toEqual([]);
  });

  it("asks the worker to open the browser's shortcut settings", async () => {
    const send = fakeSend({ 'shortcuts.openSettings': () => ({ ok: true, value: { opened: true } }) });
    const model = new ShortcutsModel({ send, commands: async () => [] });
    expect(await model.openSettings()).toBe(true);
    expect(send.sent).toEqual([{ type: 'shortcuts.openSettings', data: {} }]);
  });

  it('once disposed, a late list changes nothing', async () => {
    let answer: ((value: typeof commands) => void) | undefined;
    const model = new ShortcutsModel({
      send: fakeSend(),
      commands: () => new Promise((resolve) => (answer = resolve)),
    });
    const loading = model.load();
    model.dispose();
    answer?.(commands);
    await loading;
    expect(model.rows.value).toEqual([]);
  });
});
