import { describe, expect, it } from 'vitest';
import { type PersonEdit, PersonInput, type SeenEvent } from './person-input.ts';

type Field = 'A' | 'B';
type Step = Omit<SeenEvent<Field>, 'isTrusted' | 'field'> & { isTrusted?: boolean; field?: Field | null };

/** Feeds the steps in order (trusted, in field A, unless said otherwise); answers the edits counted. */
function run(steps: Step[], gate = new PersonInput<Field>()): PersonEdit<Field>[] {
  const edits: PersonEdit<Field>[] = [];
  for (const step of steps) {
    const edit = gate.see({ isTrusted: true, field: 'A', ...step });
    if (edit) edits.push(edit);
  }
  return edits;
}

/** What Chromium fires for a key that types `char` (checked in Chromium: keypress and textInput left out). */
const key = (char: string, field: Field = 'A'): Step[] => [
  { type: 'keydown', field, code: codeOf(char) },
  { type: 'beforeinput', field, inputType: 'insertText', data: char },
  { type: 'input', field, inputType: 'insertText', data: char },
  { type: 'keyup', field, code: codeOf(char) },
];
const codeOf = (char: string) => (char === ' ' ? 'Space' : `Key${char.toUpperCase()}`);
/** What Chromium fires for `document.execCommand('insertText', false, text)`: a trusted input, nothing else. */
const execCommand = (text: string, field: Field = 'A'): Step => ({
  type: 'input',
  field,
  inputType: 'insertText',
  data: text,
});

describe('PersonInput', () => {
  it('counts each key the person presses in the field, with its type and data', () => {
    expect(run([...key('H'), ...key(' ')])).toEqual([
      { field: 'A', inputType: 'insertText', data: 'H' },
      { field: 'A', inputType: 'insertText', data: ' ' },
    ]);
    // Keys that edit without text: Enter, Backspace, undo.
    expect(
      run([
        { type: 'keydown' },
        { type: 'beforeinput', inputType: 'insertLineBreak', data: null },
        { type: 'input', inputType: 'insertLineBreak', data: null },
        { type: 'keydown' },
        { type: 'beforeinput', inputType: 'historyUndo' },
        { type: 'input', inputType: 'historyUndo' },
      ]).map((e) => e.inputType),
    ).toEqual(['insertLineBreak', 'historyUndo']);
  });

  it('counts a held key once per repeat (each repeat has its keydown)', () => {
    const repeat = key(' ').slice(0, 3);
    expect(run([...repeat, ...repeat, ...repeat, { type: 'keyup', code: 'Space' }])).toHaveLength(3);
  });

  it('typing fast: the last key going up after the next went down takes nothing from the next', () => {
    expect(
      run([
        { type: 'keydown', code: 'KeyA' },
        { type: 'beforeinput', inputType: 'insertText', data: 'a' },
        { type: 'input', inputType: 'insertText', data: 'a' },
        { type: 'keydown', code: 'KeyB' },
        { type: 'keyup', code: 'KeyA' },
        { type: 'beforeinput', inputType: 'insertText', data: 'b' },
        { type: 'keyup', code: 'KeyA' },
        { type: 'input', inputType: 'insertText', data: 'b' },
        { type: 'keyup', code: 'KeyB' },
      ]).map((e) => e.data),
    ).toEqual(['a', 'b']);
  });

  it('never counts execCommand: a trusted input with no beforeinput, however many, before or after keys', () => {
    const loop = Array.from({ length: 1_000 }, () => execCommand(' '));
    expect(run(loop)).toEqual([]);
    // After the person's key, and between its events: still only the person's own edit counts.
    expect(run([...key('a'), ...loop])).toHaveLength(1);
    expect(
      run([
        { type: 'keydown' },
        execCommand('Z'),
        { type: 'beforeinput', inputType: 'insertText', data: 'q' },
        execCommand('Z'),
        { type: 'input', inputType: 'insertText', data: 'q' },
        execCommand(' '),
        { type: 'keyup' },
      ]),
    ).toEqual([{ field: 'A', inputType: 'insertText', data: 'q' }]);
  });

  it('never counts events made by script, and they do not take the person’s edit away', () => {
    expect(
      run([
        { type: 'keydown', isTrusted: false },
        { type: 'beforeinput', isTrusted: false, inputType: 'insertText', data: ' ' },
        { type: 'input', isTrusted: false, inputType: 'insertText', data: ' ' },
        { type: 'paste', isTrusted: false },
        { type: 'beforeinput', isTrusted: false, inputType: 'insertFromPaste' },
        { type: 'input', isTrusted: false, inputType: 'insertFromPaste' },
        { type: 'compositionend', isTrusted: false, data: 'x' },
      ]),
    ).toEqual([]);
    expect(
      run([
        { type: 'keydown' },
        { type: 'keyup', isTrusted: false },
        { type: 'beforeinput', inputType: 'insertText', data: 'k' },
        { type: 'input', isTrusted: false, inputType: 'insertText', data: 'k' },
        { type: 'input', inputType: 'insertText', data: 'k' },
      ]),
    ).toHaveLength(1);
  });

  it('needs a key, paste or drop before the beforeinput (automation’s insertText, autofill do not count)', () => {
    expect(
      run([
        { type: 'beforeinput', inputType: 'insertText', data: 'ins' },
        { type: 'input', inputType: 'insertText', data: 'ins' },
      ]),
    ).toEqual([]);
    // A key that typed nothing (an arrow, a key the page prevented) leaves nothing for later.
    expect(
      run([{ type: 'keydown', code: 'ArrowLeft' }, { type: 'keyup', code: 'ArrowLeft' }, execCommand(' ')]),
    ).toEqual([]);
  });

  it('pairs by field: a key in one field does not count an edit in another', () => {
    expect(
      run([
        { type: 'keydown', field: 'A' },
        { type: 'beforeinput', field: 'B', inputType: 'insertText', data: 'x' },
        { type: 'input', field: 'B', inputType: 'insertText', data: 'x' },
      ]),
    ).toEqual([]);
    expect(
      run([
        { type: 'keydown', field: 'A' },
        { type: 'beforeinput', field: 'A', inputType: 'insertText', data: 'x' },
        { type: 'input', field: 'B', inputType: 'insertText', data: 'x' },
      ]),
    ).toEqual([]);
    // A key outside any field takes away what an earlier key granted.
    expect(
      run([
        { type: 'keydown', field: 'A' },
        { type: 'keydown', field: null },
        { type: 'beforeinput', inputType: 'insertText', data: 'x' },
        { type: 'input', inputType: 'insertText', data: 'x' },
      ]),
    ).toEqual([]);
    expect(run(key('x', 'B'))).toEqual([{ field: 'B', inputType: 'insertText', data: 'x' }]);
  });

  it('one beforeinput lets exactly one input through', () => {
    expect(
      run([
        { type: 'keydown' },
        { type: 'beforeinput', inputType: 'insertText', data: ' ' },
        { type: 'input', inputType: 'insertText', data: ' ' },
        { type: 'input', inputType: 'insertText', data: ' ' },
        { type: 'beforeinput', inputType: 'insertText', data: ' ' },
        { type: 'input', inputType: 'insertText', data: ' ' },
      ]),
    ).toHaveLength(1);
    // A beforeinput the page cancelled (no input followed) is gone at its key's keyup.
    expect(
      run([
        { type: 'keydown', code: 'Space' },
        { type: 'beforeinput', inputType: 'insertText', data: ' ' },
        { type: 'keyup', code: 'Space' },
        execCommand(' '),
      ]),
    ).toEqual([]);
  });

  it('counts the person’s paste and drop, by their own input types only', () => {
    expect(
      run([
        { type: 'paste' },
        { type: 'beforeinput', inputType: 'insertFromPaste', data: null },
        { type: 'input', inputType: 'insertFromPaste', data: null },
      ]),
    ).toEqual([{ field: 'A', inputType: 'insertFromPaste', data: null }]);
    // Ctrl+V: the keys, then the paste.
    expect(
      run([
        { type: 'keydown' },
        { type: 'keydown' },
        { type: 'paste' },
        { type: 'beforeinput', inputType: 'insertFromPaste', data: null },
        { type: 'input', inputType: 'insertFromPaste', data: null },
      ]),
    ).toHaveLength(1);
    // A drag within the field deletes the words first, then drops them.
    expect(
      run([
        { type: 'drop' },
        { type: 'beforeinput', inputType: 'deleteByDrag' },
        { type: 'input', inputType: 'deleteByDrag' },
        { type: 'beforeinput', inputType: 'insertFromDrop', data: null },
        { type: 'input', inputType: 'insertFromDrop', data: null },
      ]).map((e) => e.inputType),
    ).toEqual(['insertFromDrop']);
    // The page's execCommand from its paste handler is not the paste.
    expect(run([{ type: 'paste' }, execCommand('P')])).toEqual([]);
  });

  it('counts the end of the person’s composition (IME) as their edit', () => {
    expect(
      run([
        { type: 'keydown' },
        { type: 'beforeinput', inputType: 'insertCompositionText', data: 'に' },
        { type: 'input', inputType: 'insertCompositionText', data: 'に' },
        { type: 'compositionend', data: '日本' },
      ]).map((e) => [e.inputType, e.data]),
    ).toEqual([
      ['insertCompositionText', 'に'],
      ['insertFromComposition', '日本'],
    ]);
    expect(run([{ type: 'compositionend', field: null, data: 'x' }])).toEqual([]);
  });

  describe('an editor that cancels the key’s edit and makes it itself', () => {
    /** Feeds a step, then settles it as the page left it (`cancelled`), as content.ts does after dispatch. */
    const settle = (gate: PersonInput<Field>, step: Step, cancelled: boolean) => {
      const seen = gate.see({ isTrusted: true, field: 'A', ...step });
      return [seen, gate.settled(cancelled)].filter((e) => e !== null);
    };

    it('counts a cancelled beforeinput once (Slate: punctuation, digits, Backspace, Enter)', () => {
      const gate = new PersonInput<Field>();
      expect(settle(gate, { type: 'keydown', code: 'Period', key: '.' }, false)).toEqual([]);
      expect(settle(gate, { type: 'beforeinput', inputType: 'insertText', data: '.' }, true)).toEqual([
        { field: 'A', inputType: 'insertText', data: '.' },
      ]);
      // Nothing is left of that key: a late input of the same data (a page's execCommand) does not count.
      expect(gate.see({ isTrusted: true, field: 'A', ...execCommand('.') })).toBeNull();
      expect(gate.settled(true)).toBeNull();
    });

    it('counts a cancelled keydown of a key that edits (Draft.js: Backspace), never a shortcut or Tab', () => {
      const gate = new PersonInput<Field>();
      expect(settle(gate, { type: 'keydown', code: 'Backspace', key: 'Backspace' }, true)).toEqual([
        { field: 'A', inputType: 'deleteContentBackward', data: null },
      ]);
      // Its grant is used up: a beforeinput after it (there is none in a browser) counts for nothing.
      expect(settle(gate, { type: 'beforeinput', inputType: 'insertText', data: 'x' }, false)).toEqual([]);
      expect(settle(gate, { type: 'keydown', code: 'KeyB', key: 'b', shortcut: true }, true)).toEqual([]);
      expect(settle(gate, { type: 'keydown', code: 'Tab', key: 'Tab' }, true)).toEqual([]);
      expect(settle(gate, { type: 'keydown', code: 'KeyE', key: 'é' }, true)).toEqual([
        { field: 'A', inputType: 'insertText', data: 'é' },
      ]);
    });

    it('counts nothing the person did not start, nor what the browser goes on to do itself', () => {
      const gate = new PersonInput<Field>();
      // Not cancelled: the input that follows is the edit, once.
      expect(settle(gate, { type: 'keydown', code: 'KeyA', key: 'a' }, false)).toEqual([]);
      expect(settle(gate, { type: 'beforeinput', inputType: 'insertText', data: 'a' }, false)).toEqual([]);
      expect(gate.see({ isTrusted: true, field: 'A', type: 'input', inputType: 'insertText', data: 'a' })).toEqual({
        field: 'A',
        inputType: 'insertText',
        data: 'a',
      });
      expect(gate.settled(true)).toBeNull();
      // A beforeinput with no key before it (automation, autofill), cancelled: nothing.
      expect(
        settle(new PersonInput<Field>(), { type: 'beforeinput', inputType: 'insertText', data: 'x' }, true),
      ).toEqual([]);
      // A key outside fields: nothing.
      expect(settle(new PersonInput<Field>(), { type: 'keydown', field: null, key: 'x' }, true)).toEqual([]);
      // Untrusted events leave the person's key open.
      const held = new PersonInput<Field>();
      held.see({ isTrusted: true, field: 'A', type: 'keydown', code: 'Delete', key: 'Delete' });
      held.see({ isTrusted: false, field: 'A', type: 'input', inputType: 'insertText', data: 'x' });
      expect(held.settled(true)).toEqual({ field: 'A', inputType: 'deleteContentForward', data: null });
    });
  });
});
