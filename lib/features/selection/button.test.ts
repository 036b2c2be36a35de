// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { type ButtonOptions, offerFor, SelectionButtonWatcher } from './button.ts';

const ON: ButtonOptions = { enabled: true, inFields: false };
const notOwn = () => false;

function select(node: Node, start = 0, end?: number): void {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end ?? (node.textContent ?? '').length);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

beforeEach(() => {
  document.body.innerHTML =
    '<p id="p">Boats and oars on the water.</p><p id="n">12 345</p>' +
    '<input id="pw" type="password" value="secret words"><textarea id="ta">Some notes here</textarea>' +
    '<div id="ed" contenteditable="true">Editable words</div>';
  document.getSelection()?.removeAllRanges();
});

describe('offerFor', () => {
  it('offers the button for a selection of page text with a letter in it', () => {
    select(document.getElementById('p')!.firstChild!, 0, 5);
    expect('anchor' in offerFor(document, ON, notOwn)).toBe(true);
    select(document.getElementById('n')!.firstChild!);
    expect(offerFor(document, ON, notOwn)).toEqual({ none: 'no-letter' });
    expect(offerFor(document, { ...ON, enabled: false }, notOwn)).toEqual({ none: 'off' });
  });

  it('never in a password field, whatever the settings', () => {
    const pw = document.getElementById('pw') as HTMLInputElement;
    pw.focus();
    pw.setSelectionRange(0, 6);
    expect(offerFor(document, { enabled: true, inFields: true }, notOwn)).toEqual({ none: 'password' });
  });

  it('in text fields and editors only when enabled', () => {
    const area = document.getElementById('ta') as HTMLTextAreaElement;
    area.focus();
    area.setSelectionRange(0, 4);
    expect(offerFor(document, ON, notOwn)).toEqual({ none: 'field' });
    expect('anchor' in offerFor(document, { enabled: true, inFields: true }, notOwn)).toBe(true);
    area.blur();
    select(document.getElementById('ed')!.firstChild!);
    expect(offerFor(document, ON, notOwn)).toEqual({ none: 'field' });
    expect('anchor' in offerFor(document, { enabled: true, inFields: true }, notOwn)).toBe(true);
  });

  it("not for a selection in Verso's own UI", () => {
    select(document.getElementById('p')!.firstChild!);
    expect(offerFor(document, ON, () => true)).toEqual({ none: 'own' });
  });
});

describe('SelectionButtonWatcher', () => {
  function setUp() {
    const shown: string[] = [];
    let run: (() => void) | undefined;
    const delays: number[] = [];
    const watcher = new SelectionButtonWatcher({
      doc: document,
      options: () => ON,
      isOwnUi: notOwn,
      show: () => shown.push('show'),
      hide: () => shown.push('hide'),
      timers: {
        set: (fn, ms) => {
          run = fn;
          delays.push(ms);
          return 1;
        },
        clear: () => {
          run = undefined;
        },
      },
    });
    return { watcher, shown, settle: () => run?.(), delays };
  }

  it('counts the wait for a selection made before its code was in from when it was made', () => {
    const { watcher, shown, settle, delays } = setUp();
    select(document.getElementById('p')!.firstChild!, 0, 9);
    watcher.onSelectionChangedAgo(150);
    watcher.onSelectionChangedAgo(900);
    expect(delays).toEqual([200, 0]);
    settle();
    expect(shown).toEqual(['show']);
  });

  it('shows the button only once the selection settled and the pointer is up, not on every change', () => {
    const { watcher, shown, settle } = setUp();
    watcher.onPointerDown(new Event('pointerdown'));
    select(document.getElementById('p')!.firstChild!, 0, 3);
    watcher.onSelectionChange();
    select(document.getElementById('p')!.firstChild!, 0, 9);
    watcher.onSelectionChange();
    // Still dragging: a settled timer finds the pointer held and shows nothing.
    settle();
    expect(shown).toEqual([]);
    watcher.onPointerUp();
    settle();
    expect(shown).toEqual(['show']);
    // A change takes it away until the next settle; Escape too.
    watcher.onSelectionChange();
    expect(shown).toEqual(['show', 'hide']);
    settle();
    watcher.onKeyDown(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(shown).toEqual(['show', 'hide', 'show', 'hide']);
  });

  it('waits for nothing while the person types: the caret moving with the text is not a selection', () => {
    const { watcher, shown, settle, delays } = setUp();
    const area = document.getElementById('ta') as HTMLTextAreaElement;
    area.focus();
    // A key that types: keydown, input, then the caret's selection change.
    watcher.onKeyDown(new KeyboardEvent('keydown', { key: 'a' }));
    watcher.onInput();
    watcher.onSelectionChange();
    // An editor that sets the caret again after drawing the key.
    watcher.onSelectionChange();
    expect(delays).toEqual([]);
    // A key that selects (Shift+Home) comes with no input: its change is waited for as before.
    watcher.onKeyDown(new KeyboardEvent('keydown', { key: 'Home', shiftKey: true }));
    area.setSelectionRange(0, 4);
    watcher.onSelectionChange();
    expect(delays).toEqual([350]);
    settle();
    expect(shown).toEqual([]);
    // Forward Delete types without moving the caret: the press that selects next is waited for.
    watcher.onKeyDown(new KeyboardEvent('keydown', { key: 'Delete' }));
    watcher.onInput();
    watcher.onPointerDown(new Event('pointerdown'));
    watcher.onPointerUp();
    expect(delays).toEqual([350, 350]);
  });
});
