// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../../api/index.ts';
import { fakeSend, sentTypes } from '../../messaging/testing.ts';
import { manualClock } from '../../ui/testing.ts';
import { applyEdits, type Edit } from './diff-model.ts';
import type { EligibleField } from './eligibility.ts';
import type { ImproveInput, WritingStatus } from './messages.ts';
import { WritingModel } from './model.ts';

const enUS: Language = {
  lang: 'en-US',
  name: 'English (American)',
  usable_as_source: false,
  usable_as_target: true,
  status: 'stable',
  features: { writing_style: { status: 'stable' }, tone: { status: 'stable' } },
};

/** A model over a plain text "field" and a service that fixes misspellings. */
function setUp(status: WritingStatus = { enabled: true, tier: 'paid' }) {
  const field: EligibleField = { element: document.createElement('textarea'), kind: 'textarea' };
  document.body.append(field.element);
  const state = { text: 'I recieve teh mail.', sent: [] as ImproveInput[], applied: [] as (readonly Edit[])[] };
  const send = fakeSend({
    'writing.status': () => ({ ok: true, value: status }),
    'languages.get': () => ({ ok: true, value: [enUS] }),
    'writing.improve': (input) => {
      state.sent.push(input);
      const text = input.text.replace('recieve', 'receive').replace('teh', 'the');
      return { ok: true, value: { text, detectedSourceLanguage: 'EN', requests: 1 } };
    },
    'options.open': () => ({ ok: true, value: null }),
  });
  const clock = manualClock();
  const model = new WritingModel({
    send,
    clock,
    readText: () => state.text,
    apply: (_f, edits) => {
      state.applied.push(edits);
      state.text = applyEdits(state.text, edits);
    },
  });
  model.showFor(field);
  return { model, state, send, clock };
}

describe('WritingModel', () => {
  it('sends nothing until asked, then shows the changes', async () => {
    const { model, state } = setUp();
    await model.open();
    expect(state.sent).toEqual([]);
    await model.run();
    expect(state.sent).toEqual([{ mode: 'correct', text: 'I recieve teh mail.' }]);
    expect(model.phase.value).toBe('review');
    expect(model.pending.value.map((c) => c.added)).toEqual(['receive', 'the']);
  });

  it('applies one change, then the rest, then undoes them all', async () => {
    const { model, state } = setUp();
    await model.open('correct');
    const [first, second] = model.pending.value;
    model.accept([second!.id]);
    expect(state.text).toBe('I recieve the mail.');
    model.reject(first!.id);
    expect(model.pending.value).toEqual([]);
    model.undo();
    expect(state.text).toBe('I recieve teh mail.');
    model.acceptAll();
    expect(state.text).toBe('I recieve the mail.');
  });

  it('works on one sentence of the field when opened on it, and applies there', async () => {
    const { model, state } = setUp();
    state.text = 'Hello there. I recieve teh mail. Bye now.';
    const field = model.field.value!;
    await model.openRange(field, 13, 32);
    expect(model.mode.value).toBe('rephrase');
    await model.run();
    expect(state.sent.at(-1)?.text).toBe('I recieve teh mail.');
    model.acceptAll();
    expect(state.text).toBe('Hello there. I receive the mail. Bye now.');
    // Text changed around the sentence: nothing is applied there.
    model.undo();
    state.text = `Oh. ${state.text}`;
    model.close();
    await model.openRange(field, 17, 36);
    state.text = state.text.replace('Bye', 'See you');
    await model.run();
    expect(model.error.value?.code).toBe('changed');
  });

  it('refuses to apply when the field changed meanwhile', async () => {
    const { model, state } = setUp();
    await model.open('correct');
    state.text = 'Something else entirely.';
    model.acceptAll();
    expect(state.applied).toEqual([]);
    expect(model.notice.value).toMatch(/changed/);
  });

  it('never sends both a style and a tone, and uses the plain value where supported', async () => {
    const { model, state } = setUp();
    await model.open();
    model.setMode('rephrase');
    model.chooseTarget('en-US');
    model.adjustment.value = { kind: 'style', value: 'business' };
    model.adjustment.value = { kind: 'tone', value: 'friendly' };
    await model.run();
    expect(state.sent.at(-1)).toEqual({
      mode: 'rephrase',
      text: 'I recieve teh mail.',
      targetLang: 'en-US',
      tone: 'friendly',
    });
  });

  it("keeps the text's own language unless a variant the mode takes is picked", async () => {
    const { model, state } = setUp();
    await model.open('rephrase');
    expect(state.sent.at(-1)).toEqual({ mode: 'rephrase', text: 'I recieve teh mail.' });
    model.chooseTarget('en');
    await model.run();
    expect(state.sent.at(-1)).toEqual({ mode: 'rephrase', text: 'I recieve teh mail.' });
    model.chooseTarget('en-US');
    await model.run();
    expect(state.sent.at(-1)).toMatchObject({ mode: 'rephrase', targetLang: 'en-US' });
  });

  it('sends no style or tone on correct', async () => {
    const { model, state } = setUp();
    model.adjustment.value = { kind: 'style', value: 'casual' };
    await model.open('correct');
    expect(state.sent.at(-1)).toEqual({ mode: 'correct', text: 'I recieve teh mail.' });
  });

  it('explains the paid-only rule to a free key without sending', async () => {
    const { model, state } = setUp({ enabled: true, tier: 'free' });
    await model.open('correct');
    expect(state.sent).toEqual([]);
    expect(model.error.value?.code).toBe('paid_only');
  });

  it('asks for the site rule and key tier again only after a while', async () => {
    const { model, send, clock } = setUp();
    await model.open();
    await model.refreshStatus();
    expect(sentTypes(send).filter((t) => t === 'writing.status')).toHaveLength(1);
    await clock.advance(15_000);
    await model.refreshStatus();
    expect(sentTypes(send).filter((t) => t === 'writing.status')).toHaveLength(2);
  });

  it('takes the person to the connection options from the panel', () => {
    const { model, send } = setUp();
    model.openOptions();
    expect(send.sent).toEqual([{ type: 'options.open', data: { section: 'connection' } }]);
  });

  it('once disposed, an answer still on its way changes nothing', async () => {
    const { model, send } = setUp();
    await model.open();
    let answer: (() => void) | undefined;
    send.answers['writing.improve'] = (input) =>
      new Promise((resolve) => {
        answer = () => resolve({ ok: true, value: { text: input.text, detectedSourceLanguage: 'EN', requests: 1 } });
      });
    const running = model.run();
    await vi.waitFor(() => expect(answer).toBeDefined());
    model.dispose();
    answer?.();
    await running;
    expect(model.session.value).toBeNull();
    expect(model.panelOpen.value).toBe(false);
  });
});
