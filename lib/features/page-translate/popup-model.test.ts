import { describe, expect, it, vi } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import { manualClock } from '../../ui/testing.ts';
import type { PageView } from './messages.ts';
import { PagePanelModel } from './popup-model.ts';

const view = (over: Partial<PageView> = {}): PageView => ({
  phase: 'translating',
  shown: 'translated',
  progress: { total: 10, done: 5, failed: 0 },
  targetLang: 'de',
  ...over,
});

function setUp(answers: Array<PageView | null>, { tabId }: { tabId?: number } = { tabId: 7 }) {
  const send = fakeSend({ 'page.popupCommand': () => ({ ok: true, value: answers.shift() ?? null }) });
  const clock = manualClock();
  const model = new PagePanelModel({ send, clock, targetTab: async () => tabId });
  return { model, send, clock };
}

describe('PagePanelModel', () => {
  it('asks the tab for its state and follows it while it works, then stops asking', async () => {
    const { model, send, clock } = setUp([
      view(),
      view({ progress: { total: 10, done: 9, failed: 0 } }),
      view({ phase: 'done' }),
    ]);
    await model.load();
    expect(send.sent).toEqual([{ type: 'page.popupCommand', data: { tabId: 7, action: 'state' } }]);
    await clock.advance(400);
    expect(model.view.value?.progress.done).toBe(9);
    await clock.advance(400);
    expect(model.view.value?.phase).toBe('done');
    expect(clock.pending()).toBe(0);
    expect(send.sent).toHaveLength(3);
  });

  it('goes on asking while parts wait to be read, so a page that finishes on its own is shown done', async () => {
    const { model, send, clock } = setUp([
      view({ phase: 'reading', reading: 'as-you-read' }),
      view({ phase: 'reading', reading: 'as-you-read' }),
      view({ phase: 'done' }),
    ]);
    await model.load();
    expect(model.view.value?.phase).toBe('reading');
    await clock.advance(400);
    await clock.advance(400);
    expect(model.view.value?.phase).toBe('done');
    expect(clock.pending()).toBe(0);
    expect(send.sent).toHaveLength(3);
  });

  it("sends the person's action to the tab, busy meanwhile", async () => {
    const { model, send } = setUp([view({ phase: 'idle' }), view({ phase: 'done', shown: 'original' })]);
    await model.load();
    const acting = model.act('original');
    expect(model.busy.value).toBe(true);
    await acting;
    expect(model.busy.value).toBe(false);
    expect(send.sent.at(-1)).toEqual({ type: 'page.popupCommand', data: { tabId: 7, action: 'original' } });
    expect(model.view.value?.shown).toBe('original');
  });

  it('calls a page that cannot be reached unavailable only when an action needed it', async () => {
    const { model } = setUp([null, null]);
    await model.load();
    expect(model.unavailable.value).toBe(false);
    await model.act('translate');
    expect(model.unavailable.value).toBe(true);
  });

  it('a press before the popup found its tab waits for the tab instead of calling the page unavailable', async () => {
    let found: (id: number) => void = () => undefined;
    const send = fakeSend({ 'page.popupCommand': () => ({ ok: true, value: view() }) });
    const model = new PagePanelModel({
      send,
      clock: manualClock(),
      targetTab: () => new Promise<number>((resolve) => (found = resolve)),
    });
    const loading = model.load();
    const acting = model.act('translate');
    found(7);
    await Promise.all([loading, acting]);
    expect(model.unavailable.value).toBe(false);
    expect(send.sent.map((m) => m.data)).toContainEqual({ tabId: 7, action: 'translate' });
  });

  it("a look answered after the person's action does not wipe what the action said", async () => {
    const answers: Array<(v: unknown) => void> = [];
    const send = fakeSend({
      'page.popupCommand': () => new Promise((resolve) => answers.push(resolve)) as never,
    });
    const model = new PagePanelModel({ send, clock: manualClock(), targetTab: async () => 7 });
    const loading = model.load();
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    const acting = model.act('translate');
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!({ ok: false, error: { name: 'MissingKeyError', code: 'auth', message: 'no key' } });
    await acting;
    answers[0]!({ ok: true, value: view({ phase: 'idle' }) });
    await loading;
    expect(model.error.value?.code).toBe('auth');
  });

  it('without a tab, sends nothing', async () => {
    const { model, send } = setUp([], {});
    await model.load();
    expect(model.unavailable.value).toBe(true);
    expect(send.sent).toEqual([]);
  });

  it('stops following the page once disposed', async () => {
    const { model, clock } = setUp([view(), view()]);
    await model.load();
    model.dispose();
    expect(clock.pending()).toBe(0);
  });
});
