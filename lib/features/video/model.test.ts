import { describe, expect, it } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import { VideoModel } from './model.ts';

const options = { on: true, mode: 'translation' as const, targetLang: 'de', shortcut: 'Alt+Shift+S' };

describe('VideoModel', () => {
  it('reads the site choice and mode, and remembers a toggle for the site', async () => {
    const send = fakeSend({
      'video.options': () => ({ ok: true, value: options }),
      'video.choose': () => ({ ok: true, value: null }),
    });
    const model = new VideoModel({ send });
    expect(await model.load()).toEqual(options);
    expect(model.mode.value).toBe('translation');
    expect(model.shortcut.value).toBe('Alt+Shift+S');
    expect(model.toggle()).toBe(true);
    expect(model.toggle()).toBe(false);
    model.setMode('both');
    expect(send.sent.slice(1).map((m) => m.data)).toEqual([{ on: true }, { on: false }, { mode: 'both' }]);
  });

  it('words a refused batch for people and clears it on the next answer', async () => {
    let refuse = true;
    const send = fakeSend({
      'video.translate': () =>
        refuse
          ? { ok: false, error: { name: 'ApiError', code: 'quota_exceeded', message: 'Quota exceeded', status: 456 } }
          : { ok: true, value: { texts: ['Hallo'], targetLang: 'de', detectedSource: 'EN' } },
    });
    const model = new VideoModel({ send });
    await expect(model.translate({ cues: ['Hello'] })).rejects.toMatchObject({ code: 'quota_exceeded' });
    model.failed(await model.translate({ cues: ['Hello'] }).catch((e: unknown) => e));
    expect(model.error.value).toMatch(/quota/i);
    refuse = false;
    expect((await model.translate({ cues: ['Hello'] })).texts).toEqual(['Hallo']);
    expect(model.error.value).toBeUndefined();
  });

  it('keeps a refusal on show when an answer to a batch asked before it arrives later', async () => {
    let release = (_: unknown) => {};
    const slow = new Promise((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const send = fakeSend({
      'video.translate': async () => {
        calls++;
        if (calls === 1) {
          await slow;
          return { ok: true, value: { texts: ['Hallo'], targetLang: 'de', detectedSource: 'EN' } };
        }
        return { ok: false, error: { name: 'SpendingHeld', code: 'held', message: 'held', detail: 'example.com' } };
      },
    });
    const model = new VideoModel({ send });
    const first = model.translate({ cues: ['Hello'] });
    model.failed(await model.translate({ cues: ['More'] }).catch((e: unknown) => e));
    const held = model.error.value;
    expect(held).toBeTruthy();
    release(undefined);
    await first;
    expect(model.error.value).toBe(held);
  });
});
