// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { buildDiff, editsToAccept } from './diff-model.ts';
import { applyToControl, setValueNatively } from './text-control.ts';

describe('applyToControl', () => {
  it('sets the value and fires an input event that bubbles', () => {
    document.body.innerHTML = '<form><textarea>I recieve teh mail.</textarea></form>';
    const area = document.querySelector('textarea')!;
    const seen: string[] = [];
    document
      .querySelector('form')!
      .addEventListener('input', (e) => seen.push((e.target as HTMLTextAreaElement).value));
    const { changes } = buildDiff(area.value, 'I receive the mail.');
    applyToControl(area, editsToAccept(changes, new Set(), [1]));
    expect(area.value).toBe('I recieve the mail.');
    expect(seen.at(-1)).toBe('I recieve the mail.');
  });

  it('replaces the whole value of inputs without a selection API (email)', () => {
    document.body.innerHTML = '<input type="email" value="teh@example.org">';
    const input = document.querySelector('input')!;
    applyToControl(input, [{ start: 0, end: 3, text: 'the' }]);
    expect(input.value).toBe('the@example.org');
  });
});

describe('setValueNatively', () => {
  it('goes around a setter patched on the instance, as frameworks do', () => {
    document.body.innerHTML = '<input type="text" value="old">';
    const input = document.querySelector('input')!;
    let patched = 0;
    Object.defineProperty(input, 'value', {
      configurable: true,
      get: () => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.get!.call(input),
      set: () => {
        patched++;
      },
    });
    setValueNatively(input, 'new');
    expect(patched).toBe(0);
    expect(input.value).toBe('new');
  });
});
