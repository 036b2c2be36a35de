import { describe, expect, it } from 'vitest';
import type { Result } from '../../messaging/result.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { applyEdits } from './diff-model.ts';
import type { EligibleField } from './eligibility.ts';
import type { TranslateGesture, TypedTranslation, WritingStatus } from './messages.ts';
import { TypeTranslateModel } from './type-translate-model.ts';

function status(translateGesture: TranslateGesture): WritingStatus {
  return {
    enabled: true,
    tier: 'free',
    typing: { asYouType: false, pauseMs: 800, translateGesture, translateTo: 'de', incognito: false },
  };
}

function setUp(gesture: TranslateGesture = 'three-spaces') {
  const field = { element: {}, kind: 'textarea' } as unknown as EligibleField;
  const state = { text: '', caret: null as number | null };
  let answer: (text: string) => Promise<Result<TypedTranslation>> | Result<TypedTranslation> = (text) => ({
    ok: true,
    value: { text: `[de] ${text}`, targetLang: 'de', detectedSource: 'EN' },
  });
  const send = fakeSend({ 'writing.translate': ({ text }) => answer(text) });
  const model = new TypeTranslateModel({
    send,
    readText: () => state.text,
    readCaret: () => state.caret ?? state.text.length,
    apply: (_f, edits) => {
      state.text = applyEdits(state.text, edits);
    },
  });
  model.configure(status(gesture));
  const type = (text: string) => {
    let acted = false;
    for (const ch of text) {
      state.text += ch;
      acted = model.onInput(field, 'insertText', ch) || acted;
    }
    return acted;
  };
  const answerWith = (f: typeof answer) => {
    answer = f;
  };
  return { model, state, send, type, field, answerWith };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('TypeTranslateModel', () => {
  it('three spaces after a sentence replace it with its translation, one space after', async () => {
    const { type, state, send } = setUp();
    type('Hello there. I did not get it.  ');
    expect(send.sent).toEqual([]);
    expect(type(' ')).toBe(true);
    await settle();
    expect(send.sent.map((m) => m.data)).toEqual([{ text: 'I did not get it.' }]);
    expect(state.text).toBe('Hello there. [de] I did not get it. ');
  });

  it('Alt+Enter translates the sentence before the caret when that is the chosen gesture', async () => {
    const { model, state, field, type } = setUp('alt-enter');
    expect(type('Good morning   ')).toBe(false);
    state.text = 'Good morning';
    expect(model.onAltEnter(field)).toBe(true);
    await settle();
    expect(state.text).toBe('[de] Good morning');
  });

  it('leaves the text alone when it changed while the translation was out, and says so', async () => {
    const { type, state, model, answerWith } = setUp();
    let release!: () => void;
    answerWith(async (text) => {
      await new Promise<void>((r) => {
        release = r;
      });
      return { ok: true, value: { text: `[de] ${text}`, targetLang: 'de', detectedSource: 'EN' } };
    });
    type('It works.   ');
    await settle();
    state.text = 'It worked.   ';
    release();
    await settle();
    expect(state.text).toBe('It worked.   ');
    expect(model.error.value).toMatch(/changed/);
  });

  it('does nothing when the gesture is off or nothing precedes the spaces', async () => {
    const off = setUp('off');
    expect(off.type('A sentence.   ')).toBe(false);
    const empty = setUp();
    expect(empty.type('   ')).toBe(false);
    expect(empty.send.sent).toEqual([]);
  });
});
