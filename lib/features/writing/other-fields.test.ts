// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Result } from '../../messaging/result.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { manualClock } from '../../ui/testing.ts';
import { CheckModel } from './check-model.ts';
import { applyEdits } from './diff-model.ts';
import type { EligibleField } from './eligibility.ts';
import type { CheckInput, CheckResult, WritingStatus } from './messages.ts';
import { MAX_OTHER_FIELDS, OtherFields } from './other-fields.ts';

const textarea = (): EligibleField => ({ element: document.createElement('textarea'), kind: 'textarea' });
const editable = (): EligibleField => ({ element: document.createElement('div'), kind: 'editable' });

describe('OtherFields', () => {
  it('keeps the fields left, the most recent first, each once', () => {
    const others = new OtherFields();
    const [a, b] = [textarea(), editable()];
    others.keep(a, 'A one.');
    others.keep(b, 'B one.');
    others.keep(a, 'A two.');
    expect(others.list.value.map((k) => [k.field, k.text])).toEqual([
      [a, 'A two.'],
      [b, 'B one.'],
    ]);
    expect(others.holding(a.element)?.text).toBe('A two.');
  });

  it('finds the field that holds a node (a paragraph of an editable region)', () => {
    const others = new OtherFields();
    const b = editable();
    const p = document.createElement('p');
    b.element.append(p);
    others.keep(b, 'B.');
    expect(others.holding(p)?.field).toBe(b);
    expect(others.holding(document.createElement('p'))).toBeUndefined();
  });

  it('is bounded: beyond the most, the field left longest ago goes', () => {
    const others = new OtherFields();
    const fields = Array.from({ length: MAX_OTHER_FIELDS + 2 }, textarea);
    for (const f of fields) others.keep(f, 'x');
    expect(others.list.value).toHaveLength(MAX_OTHER_FIELDS);
    expect(others.list.value.map((k) => k.field)).toEqual(fields.slice(2).reverse());
  });

  it('follows a kept text, drops a field, and changes nothing for nothing', () => {
    const others = new OtherFields();
    const [a, b] = [textarea(), textarea()];
    others.keep(a, 'A.');
    others.keep(b, 'B.');
    const before = others.list.value;
    others.see(a.element, 'A.');
    others.drop(textarea().element);
    expect(others.list.value).toBe(before);
    others.see(a.element, 'A changed.');
    expect(others.holding(a.element)?.text).toBe('A changed.');
    others.drop(b.element);
    expect(others.list.value.map((k) => k.field)).toEqual([a]);
    others.clear();
    expect(others.list.value).toEqual([]);
  });
});

const PAID: WritingStatus = {
  enabled: true,
  tier: 'paid',
  typing: { asYouType: true, pauseMs: 800, translateGesture: 'three-spaces', translateTo: 'de', incognito: false },
};
const fix = (s: string) => s.replace('recieve', 'receive').replace('teh', 'the');

/** A model over two fields, each with its own text; the caret at the end of the one typed in. */
function setUp() {
  const texts = new Map<HTMLElement, string>();
  const answer = (input: CheckInput): Result<CheckResult> => ({
    ok: true,
    value: { results: input.sentences.map(fix), requests: 1 },
  });
  const send = fakeSend({ 'writing.check': answer });
  const clock = manualClock();
  const model = new CheckModel({
    send,
    clock,
    readText: (f) => texts.get(f.element) ?? '',
    readCaret: (f) => (texts.get(f.element) ?? '').length,
    apply: (f, edits) => {
      texts.set(f.element, applyEdits(texts.get(f.element) ?? '', edits));
    },
    rephrase: () => {},
  });
  model.configure(PAID);
  const type = async (field: EligibleField, text: string) => {
    texts.set(field.element, (texts.get(field.element) ?? '') + text);
    model.onInput(field);
    await clock.advance(800);
  };
  const checks = () => send.sent.filter((m) => m.type === 'writing.check').map((m) => (m.data as CheckInput).sentences);
  const originals = (list: readonly { original: string }[]) => list.map((s) => s.original);
  return { model, texts, type, checks, originals };
}

describe('CheckModel, field by field', () => {
  it('the field left keeps its suggestions; coming back to it sends nothing', async () => {
    const { model, type, checks, originals } = setUp();
    const [a, b] = [textarea(), editable()];
    await type(a, 'I did not recieve it. ');
    await type(b, 'We got teh parcel. ');
    expect(model.field.value).toBe(b);
    expect(originals(model.suggestions.value)).toEqual(['teh']);
    expect(model.otherSuggestions.value.map((o) => [o.field, originals(o.suggestions)])).toEqual([[a, ['recieve']]]);

    model.attach(a);
    expect(originals(model.suggestions.value)).toEqual(['recieve']);
    expect(model.otherSuggestions.value.map((o) => [o.field, originals(o.suggestions)])).toEqual([[b, ['teh']]]);
    expect(checks()).toEqual([['I did not recieve it.'], ['We got teh parcel.']]);
  });

  it("a kept field's changed sentence loses its suggestions, the others stay", async () => {
    const { model, type, texts, originals } = setUp();
    const [a, b] = [textarea(), textarea()];
    await type(a, 'I did not recieve it. We saw teh end. ');
    await type(b, 'Fine. ');
    model.others.see(a.element, 'I never got it. We saw teh end. ');
    texts.set(a.element, 'I never got it. We saw teh end. ');
    expect(originals(model.otherSuggestions.value[0]!.suggestions)).toEqual(['teh']);
  });

  it('turning checking off forgets the fields left', async () => {
    const { model, type } = setUp();
    const [a, b] = [textarea(), textarea()];
    await type(a, 'I did not recieve it. ');
    await type(b, 'Fine. ');
    expect(model.others.list.value).toHaveLength(1);
    model.configure({ ...PAID, typing: { ...PAID.typing!, asYouType: false } });
    expect(model.others.list.value).toEqual([]);
  });
});
