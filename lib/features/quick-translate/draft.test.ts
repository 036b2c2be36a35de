import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DRAFT_TTL_MS, popupDraftItem, takePopupDraft } from './draft.ts';

beforeEach(() => fakeBrowser.reset());

describe('takePopupDraft', () => {
  it('gives the draft once', async () => {
    await popupDraftItem.setValue({ text: 'Hello', targetLang: 'de', at: 1000 });
    expect(await takePopupDraft(2000)).toEqual({ text: 'Hello', targetLang: 'de', at: 1000 });
    expect(await takePopupDraft(2000)).toBeUndefined();
  });

  it('drops a stale or damaged draft', async () => {
    await popupDraftItem.setValue({ text: 'Old', at: 0 });
    expect(await takePopupDraft(DRAFT_TTL_MS + 1)).toBeUndefined();
    expect(await popupDraftItem.getValue()).toBeNull();
    await fakeBrowser.storage.session.set({ popupDraft: { text: 42 } });
    expect(await takePopupDraft(0)).toBeUndefined();
  });
});
