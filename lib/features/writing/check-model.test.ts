// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Result } from '../../messaging/result.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { manualClock } from '../../ui/testing.ts';
import { CheckModel } from './check-model.ts';
import { applyEdits } from './diff-model.ts';
import type { EligibleField } from './eligibility.ts';
import type { CheckInput, CheckResult, WritingStatus } from './messages.ts';

const TYPING = {
  asYouType: true,
  pauseMs: 800,
  translateGesture: 'three-spaces',
  translateTo: 'de',
  incognito: false,
} as const;
const PAID: WritingStatus = { enabled: true, tier: 'paid', typing: TYPING };

/** The service's answer in these tests: fixes two misspellings and a space before "?". */
const fix = (s: string) => s.replace('recieve', 'receive').replace('teh', 'the').replace(' ?', '?');

/** A model over a plain text "field" whose caret is at the end, answering every check at once. */
function setUp(status: WritingStatus = PAID) {
  const field: EligibleField = { element: document.createElement('textarea'), kind: 'textarea' };
  const state = { text: '', caret: null as number | null, rephrased: [] as [number, number][], reads: 0 };
  const answer = (input: CheckInput): Result<CheckResult> => ({
    ok: true,
    value: { results: input.sentences.map(fix), requests: 1 },
  });
  const send = fakeSend({
    'writing.check': answer,
    'writing.dictionary.list': () => ({ ok: true, value: ['verso'] }),
    'writing.dictionary.add': () => ({ ok: true, value: null }),
  });
  const clock = manualClock();
  const model = new CheckModel({
    send,
    clock,
    random: () => 0.5,
    readText: () => {
      state.reads++;
      return state.text;
    },
    readCaret: () => state.caret ?? state.text.length,
    apply: (_f, edits) => {
      state.text = applyEdits(state.text, edits);
    },
    rephrase: (_f, start, end) => state.rephrased.push([start, end]),
  });
  model.configure(status);
  /** The person types `text` at the end of the field. */
  const type = (text: string) => {
    state.text += text;
    model.onInput(field);
  };
  const checks = () => send.sent.filter((m) => m.type === 'writing.check').map((m) => (m.data as CheckInput).sentences);
  return { model, state, send, clock, type, checks, field };
}

describe('CheckModel', () => {
  it('checks finished sentences after a pause, then the one being typed after a longer one', async () => {
    const { model, clock, type, checks, state } = setUp();
    type('I did not recieve teh invoice. Could you send it again ?');
    await clock.advance(799);
    expect(checks()).toEqual([]);
    await clock.advance(1);
    // The sentence at the caret has a question mark: it is finished.
    expect(checks()).toEqual([['I did not recieve teh invoice.', 'Could you send it again ?']]);
    expect(model.suggestions.value.map((s) => [state.text.slice(s.start, s.end), s.replacement, s.kind])).toEqual([
      ['recieve', 'receive', 'spelling'],
      ['teh', 'the', 'spelling'],
      [' ', '', 'punctuation'],
    ]);

    type(' Thanks for teh');
    await clock.advance(800);
    expect(checks()).toHaveLength(1);
    await clock.advance(1600);
    expect(checks()[1]).toEqual(['Thanks for teh']);
  });

  it('waits for the longer pause only when the sentence at the caret was left out', async () => {
    const { clock, type, checks, state } = setUp();
    type('I did not recieve teh invoice.');
    await clock.advance(800);
    expect(checks()).toEqual([['I did not recieve teh invoice.']]);
    const reads = state.reads;
    // Nothing was left for later: the longer pause does not read the field again.
    await clock.advance(1600);
    expect(state.reads).toBe(reads);

    type(' Thanks for teh');
    await clock.advance(800);
    expect(checks()).toHaveLength(1);
    await clock.advance(1600);
    expect(checks()[1]).toEqual(['Thanks for teh']);
  });

  it('sends only changed sentences, and a sentence once', async () => {
    const { clock, type, checks, state, model, field } = setUp();
    type('One sentence here. Two sentence here.');
    await clock.advance(800);
    type(' Three.');
    await clock.advance(800);
    // The person edits the first sentence only.
    state.text = state.text.replace('One', 'Uno');
    model.onInput(field);
    await clock.advance(800);
    expect(checks()).toEqual([['One sentence here.', 'Two sentence here.'], ['Three.'], ['Uno sentence here.']]);
  });

  it('never shows an answer on words that changed while it was out', async () => {
    const { model, send, clock, type, state, field } = setUp();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const answers = send.answers as { 'writing.check': (i: CheckInput) => Promise<Result<CheckResult>> };
    answers['writing.check'] = async (input) => {
      await held;
      return { ok: true, value: { results: input.sentences.map(fix), requests: 1 } };
    };
    type('I did not recieve it.');
    await clock.advance(800);
    // While the check is out the person rewrites the sentence.
    state.text = 'I never recieve anything.';
    model.onInput(field);
    release();
    await clock.advance(0);
    expect(model.suggestions.value).toEqual([]);
  });

  it('a pause during a check asks once more afterwards, never two at a time', async () => {
    const { send, clock, type, checks } = setUp();
    let release!: () => void;
    const answers = send.answers as { 'writing.check': (i: CheckInput) => Promise<Result<CheckResult>> };
    let inFlight = 0;
    let most = 0;
    answers['writing.check'] = async (input) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((r) => {
        release = r;
      });
      inFlight--;
      return { ok: true, value: { results: input.sentences.map(fix), requests: 1 } };
    };
    type('First one.');
    await clock.advance(800);
    type(' Second one.');
    await clock.advance(800);
    type(' Third one.');
    await clock.advance(800);
    expect(checks()).toEqual([['First one.']]);
    release();
    await clock.advance(0);
    expect(checks()).toEqual([['First one.'], ['Second one.', 'Third one.']]);
    release();
    await clock.advance(0);
    expect(most).toBe(1);
  });

  it('backs off after a 429 (Retry-After) and then sends what is still unchecked', async () => {
    const { send, clock, type, checks, model } = setUp();
    const answers = send.answers as { 'writing.check': (i: CheckInput) => Result<CheckResult> };
    answers['writing.check'] = () => ({
      ok: true,
      value: {
        results: [],
        requests: 1,
        error: { name: 'ApiError', code: 'too_many_requests', message: 'Too many', status: 429, retryAfterMs: 5000 },
      },
    });
    type('A sentence.');
    await clock.advance(800);
    expect(model.phase.value).toBe('backoff');
    // Typing during the back-off sends nothing before it is over.
    type(' Another.');
    await clock.advance(4000);
    expect(checks()).toHaveLength(1);
    answers['writing.check'] = (input) => ({ ok: true, value: { results: input.sentences.map(fix), requests: 1 } });
    await clock.advance(1000);
    expect(checks()).toEqual([['A sentence.'], ['A sentence.', 'Another.']]);
    expect(model.phase.value).toBe('idle');
  });

  it('stops at a 456 and says so once', async () => {
    const { send, clock, type, checks, model } = setUp();
    const answers = send.answers as { 'writing.check': (i: CheckInput) => Result<CheckResult> };
    answers['writing.check'] = () => ({
      ok: true,
      value: { results: [], requests: 1, error: { name: 'ApiError', code: 'quota_exceeded', message: 'Quota' } },
    });
    type('A sentence.');
    await clock.advance(800);
    expect(model.phase.value).toBe('stopped');
    expect(model.notice.text.value).toContain('quota is used up');
    model.notice.dismiss();
    type(' More text.');
    await clock.advance(10_000);
    expect(checks()).toHaveLength(1);
    expect(model.notice.text.value).toBeNull();
  });

  it('with a free key explains once and sends nothing', async () => {
    const { clock, type, checks, model } = setUp({ ...PAID, tier: 'free' });
    type('A sentence.');
    await clock.advance(5000);
    expect(checks()).toEqual([]);
    expect(model.notice.text.value).toContain('paid API key');
  });

  it('sends nothing where checking as you type is off', async () => {
    const { clock, type, checks } = setUp({ ...PAID, typing: { ...TYPING, asYouType: false } });
    type('A sentence.');
    await clock.advance(5000);
    expect(checks()).toEqual([]);
  });

  it('applies one suggestion through the field, and the sentence it leaves needs no new check', async () => {
    const { clock, type, checks, model, state } = setUp();
    type('I did not recieve teh invoice.');
    await clock.advance(800);
    const [first] = model.suggestions.value;
    expect(model.apply(first!.key)).toBe(true);
    expect(state.text).toBe('I did not receive teh invoice.');
    expect(model.suggestions.value.map((s) => s.original)).toEqual(['teh']);
    await clock.advance(5000);
    expect(checks()).toHaveLength(1);
    model.applyAll();
    expect(state.text).toBe('I did not receive the invoice.');
    expect(model.suggestions.value).toEqual([]);
  });

  it('does not apply when the words moved since', async () => {
    const { clock, type, model, state } = setUp();
    type('I did not recieve it.');
    await clock.advance(800);
    const [first] = model.suggestions.value;
    state.text = `Well, ${state.text}`;
    expect(model.apply(first!.key)).toBe(false);
    expect(state.text).toBe('Well, I did not recieve it.');
  });

  it('ignores a suggestion; the keyboard moves between the others and wraps', async () => {
    const { clock, type, model, state } = setUp();
    type('I recieve teh mail ?');
    state.caret = 0;
    await clock.advance(2400);
    const keys = model.suggestions.value.map((s) => s.original);
    expect(keys).toEqual(['recieve', 'teh', ' ']);
    model.step(1);
    expect(model.activeSuggestion.value?.original).toBe('recieve');
    model.step(1);
    model.step(1);
    model.step(1);
    expect(model.activeSuggestion.value?.original).toBe('recieve');
    model.step(-1);
    expect(model.activeSuggestion.value?.original).toBe(' ');
    model.ignore(model.activeSuggestion.value!.key);
    expect(model.activeSuggestion.value).toBeUndefined();
    expect(model.suggestions.value.map((s) => s.original)).toEqual(['recieve', 'teh']);
  });

  it('opens the card of the suggestion clicked, and rephrases its sentence', async () => {
    const { clock, type, model, state } = setUp();
    type('Hello there. I recieve mail.');
    await clock.advance(800);
    model.openAt(state.text.indexOf('recieve') + 3);
    expect(model.active.value).toMatchObject({ via: 'pointer' });
    model.rephrase(model.active.value!.key);
    expect(state.rephrased).toEqual([[13, 28]]);
    model.openAt(2);
    expect(model.active.value).toBeNull();
  });

  it('"Ignore everywhere" keeps the word in the personal dictionary and hides it in every sentence', async () => {
    const { clock, type, model, send } = setUp();
    // The service here flags "Verso" and "Kubernetes" as misspellings of other words.
    (send.answers as { 'writing.check': (i: CheckInput) => Result<CheckResult> })['writing.check'] = (input) => ({
      ok: true,
      value: {
        results: input.sentences.map((x) => x.replace('Verso', 'Verse').replace(/Kubernetes/g, 'Kubernates')),
        requests: 1,
      },
    });
    await model.loadDictionary();
    type('Verso runs on Kubernetes. We like Kubernetes.');
    await clock.advance(800);
    // "verso" was in the dictionary already.
    expect(model.suggestions.value.map((s) => s.original)).toEqual(['Kubernetes', 'Kubernetes']);
    await model.ignoreEverywhere(model.suggestions.value[0]!.key);
    expect(model.suggestions.value).toEqual([]);
    expect(send.sent.filter((m) => m.type === 'writing.dictionary.add').map((m) => m.data)).toEqual([
      { word: 'kubernetes' },
    ]);
  });

  it('Tab moves into a card only when the keyboard opened it', async () => {
    const { clock, type, model, state } = setUp();
    type('I recieve mail.');
    await clock.advance(800);
    model.openAt(state.text.indexOf('recieve'));
    expect(model.focusCard()).toBe(false);
    model.closeCard();
    model.step(1);
    expect(model.focusCard()).toBe(true);
    expect(model.active.value?.focus).toBe(true);
    // Typing on closes the card.
    type(' More');
    expect(model.active.value).toBeNull();
  });
});
