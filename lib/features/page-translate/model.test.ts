import { describe, expect, it } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import type { PageView } from './messages.ts';
import { IndicatorModel, percentOf } from './model.ts';

const view = (over: Partial<PageView> = {}): PageView => ({
  phase: 'translating',
  shown: 'translated',
  progress: { total: 200, done: 50, failed: 0 },
  targetLang: 'de',
  ...over,
});

function setUp() {
  const calls: string[] = [];
  const send = fakeSend({ 'options.open': () => ({ ok: true, value: null }) });
  const model = new IndicatorModel({
    send,
    page: {
      showOriginal: () => calls.push('original'),
      translate: (byPerson) => calls.push(`translate ${byPerson}`),
      setReading: (reading) => calls.push(`reading ${reading}`),
      setMode: (mode) => calls.push(`mode ${mode}`),
      translateMore: () => calls.push('more'),
    },
  });
  return { model, send, calls };
}

describe('IndicatorModel', () => {
  it('shows the indicator again on a new problem or a new start, not on progress', () => {
    const { model } = setUp();
    model.setView(view());
    model.dismiss();
    model.setView(view({ progress: { total: 200, done: 120, failed: 0 } }));
    expect(model.dismissed.value).toBe(true);
    expect(model.visible.value).toBe(false);
    model.setView(view({ phase: 'stopped', error: { name: 'QueueError', code: 'auth', message: 'Forbidden' } }));
    expect(model.dismissed.value).toBe(false);
    model.dismiss();
    model.setView(view({ phase: 'preparing' }));
    expect(model.dismissed.value).toBe(false);
    expect(model.view.value?.phase).toBe('preparing');
    expect(model.visible.value).toBe(true);
  });

  it('is not shown while the page is idle', () => {
    const { model } = setUp();
    model.setView(view({ phase: 'idle' }));
    expect(model.visible.value).toBe(false);
  });

  it("acts on the page's session as the person, and opens the options", () => {
    const { model, send, calls } = setUp();
    model.showOriginal();
    model.showTranslation();
    model.retry();
    model.setReading('whole-page');
    model.openOptions();
    expect(calls).toEqual(['original', 'translate true', 'translate true', 'reading whole-page']);
    expect(send.sent).toEqual([{ type: 'options.open', data: {} }]);
  });

  it('computes the share answered', () => {
    expect(percentOf(view())).toBe(25);
    expect(percentOf(view({ progress: { total: 0, done: 0, failed: 0 }, phase: 'done' }))).toBe(100);
    expect(percentOf(view({ progress: { total: 3, done: 2, failed: 1 } }))).toBe(100);
  });
});
