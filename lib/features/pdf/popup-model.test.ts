import { describe, expect, it } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import { PdfPopupModel } from './popup-model.ts';

describe('PdfPopupModel', () => {
  it('opens the popup’s tab in the reader', async () => {
    const send = fakeSend({ 'pdf.openTab': () => ({ ok: true, value: { opened: true } }) });
    const model = new PdfPopupModel({ send, targetTab: async () => 7 });
    await model.open();
    expect(send.sent).toEqual([{ type: 'pdf.openTab', data: { tabId: 7 } }]);
    expect(model.state.value).toBe('opened');
  });

  it('says so when the tab shows no PDF it can open', async () => {
    const send = fakeSend({ 'pdf.openTab': () => ({ ok: true, value: { opened: false } }) });
    const model = new PdfPopupModel({ send, targetTab: async () => 7 });
    await model.open();
    expect(model.state.value).toBe('not-pdf');
    const none = new PdfPopupModel({ send, targetTab: async () => undefined });
    await none.open();
    expect(none.state.value).toBe('not-pdf');
  });
});
