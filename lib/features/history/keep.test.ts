import { describe, expect, it } from 'vitest';
import { keepFrom } from './keep.ts';

const publicWindow = { enabled: true, pageWindowPrivate: async () => false };

describe('keepFrom', () => {
  it("keeps a content script's translation from a normal tab", async () => {
    expect(await keepFrom({ tab: { id: 3, incognito: false } }, publicWindow)).toBe(true);
  });

  it('never keeps one from a private tab, whatever the focused window', async () => {
    expect(await keepFrom({ tab: { id: 3, incognito: true } }, publicWindow)).toBe(false);
  });

  it("decides Verso's own pages (no tab) by the window the person acted in", async () => {
    expect(await keepFrom({ url: 'chrome-extension://x/sidepanel.html' }, publicWindow)).toBe(true);
    expect(
      await keepFrom(
        { url: 'chrome-extension://x/popup.html' },
        { enabled: true, pageWindowPrivate: async () => true },
      ),
    ).toBe(false);
  });

  it('keeps nothing when the switch is off', async () => {
    expect(await keepFrom({ tab: { id: 3, incognito: false } }, { ...publicWindow, enabled: false })).toBe(false);
  });
});
