// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EligibleField } from './eligibility.ts';
import { typingField } from './eligibility.ts';
import { FieldVerdicts } from './field-verdicts.ts';

/** Mutation observers report after the current task's microtasks. */
const observed = () => new Promise((done) => setTimeout(done, 0));

describe('FieldVerdicts', () => {
  let decided: EventTarget[];
  let verdicts: FieldVerdicts;

  beforeEach(() => {
    document.body.innerHTML = '<section id="around"><textarea id="field"></textarea></section>';
    decided = [];
    verdicts = new FieldVerdicts(document, (target) => {
      decided.push(target as EventTarget);
      return typingField(target);
    });
  });
  afterEach(() => verdicts.dispose());

  const field = () => document.getElementById('field') as HTMLTextAreaElement;

  it('decides once for the keys that follow each other in the same field', () => {
    const first = verdicts.of(field(), '');
    const again = verdicts.of(field(), '');
    expect(first?.element).toBe(field());
    expect(again).toBe(first);
    expect(decided).toHaveLength(1);
  });

  it('decides again after an attribute it depends on changed anywhere above the field', async () => {
    expect(verdicts.of(field(), '')).not.toBeNull();
    document.getElementById('around')!.setAttribute('data-gramm', 'false');
    await observed();
    expect(verdicts.of(field(), '')).toBeNull();
    expect(decided).toHaveLength(2);
  });

  it('decides again when the field turns into a secret one', async () => {
    document.body.innerHTML = '<input id="field" type="text">';
    expect(verdicts.of(field(), '')).not.toBeNull();
    field().setAttribute('autocomplete', 'cc-number');
    await observed();
    expect(verdicts.of(field(), '')).toBeNull();
  });

  it('decides again when a code editor appears around the field, not for any other class', async () => {
    verdicts.of(field(), '');
    document.getElementById('around')!.className = 'balloon balloon_moved';
    await observed();
    verdicts.of(field(), '');
    expect(decided).toHaveLength(1);
    document.getElementById('around')!.className = 'cm-editor';
    await observed();
    expect(verdicts.of(field(), '')).toBeNull();
    expect(decided).toHaveLength(2);
  });

  it('keeps its verdicts through changes of other attributes and of the text', async () => {
    verdicts.of(field(), '');
    field().setAttribute('style', 'color: red');
    field().value = 'Some text.';
    document.body.append(document.createElement('p'));
    await observed();
    verdicts.of(field(), '');
    expect(decided).toHaveLength(1);
  });

  it('decides again after the focus moved, and for another choice of the person', () => {
    verdicts.of(field(), '');
    verdicts.forget();
    verdicts.of(field(), '');
    verdicts.of(field(), 'code');
    expect(decided).toHaveLength(3);
  });

  it('decides every time for an element in a shadow root, whose changes the document does not show', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const inner = host.attachShadow({ mode: 'open' });
    inner.innerHTML = '<textarea></textarea>';
    const shadowed = inner.querySelector('textarea')!;
    const first: EligibleField | null = verdicts.of(shadowed, '');
    verdicts.of(shadowed, '');
    expect(first?.element).toBe(shadowed);
    expect(decided).toHaveLength(2);
  });
});
