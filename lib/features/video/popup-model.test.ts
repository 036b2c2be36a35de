import { describe, expect, it } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import { VideoPopupModel } from './popup-model.ts';

describe('VideoPopupModel', () => {
  it('toggles in the popup’s tab and says what it now is', async () => {
    let on = false;
    const send = fakeSend({
      'video.popupToggle': () => {
        on = !on;
        return { ok: true, value: { on } };
      },
    });
    const model = new VideoPopupModel({ send, targetTab: async () => 7 });
    await model.toggle();
    expect(model.state.value).toBe('on');
    expect(send.sent[0]).toMatchObject({ type: 'video.popupToggle', data: { tabId: 7 } });
    await model.toggle();
    expect(model.state.value).toBe('off');
  });

  it('says so when the tab cannot take Verso, or there is no tab', async () => {
    const send = fakeSend({ 'video.popupToggle': () => ({ ok: true, value: null }) });
    const model = new VideoPopupModel({ send, targetTab: async () => 3 });
    await model.toggle();
    expect(model.state.value).toBe('unavailable');
    const none = new VideoPopupModel({ send, targetTab: async () => undefined });
    await none.toggle();
    expect(none.state.value).toBe('unavailable');
    expect(send.sent).toHaveLength(1);
  });
});
