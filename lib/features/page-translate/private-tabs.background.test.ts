import { describe, expect, it } from 'vitest';
import { isPrivateTab, notePrivateTab } from './private-tabs.background.ts';

describe('private tabs', () => {
  it('knows a tab as private from a message its private window sent, and no other', () => {
    notePrivateTab({ tab: { id: 41, incognito: false } });
    notePrivateTab({ tab: { id: 42, incognito: true } });
    notePrivateTab({ tab: { id: -1, incognito: true } });
    notePrivateTab({ url: 'chrome-extension://x/options.html' });
    expect(isPrivateTab(41)).toBe(false);
    expect(isPrivateTab(42)).toBe(true);
    expect(isPrivateTab(-1)).toBe(false);
  });
});
