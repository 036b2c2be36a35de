// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { hiddenChars } from './hidden.ts';

/** happy-dom lays nothing out: the test says which elements are hidden by a class. */
const byClass = (el: Element) => el.classList.contains('hidden');

function rangeOver(start: Node, startOffset: number, end: Node, endOffset: number): Range {
  const range = document.createRange();
  range.setStart(start, startOffset);
  range.setEnd(end, endOffset);
  return range;
}

describe('hiddenChars', () => {
  it('counts the selected characters of hidden elements only, ends cut where the range is', () => {
    document.body.innerHTML =
      '<p id="a">Visible start</p><div class="hidden"><p class="hidden">Secret padding</p></div><p id="b">Visible end</p>';
    const a = document.getElementById('a')!.firstChild!;
    const b = document.getElementById('b')!.firstChild!;
    expect(hiddenChars(rangeOver(a, 8, b, 7), byClass)).toBe('Secret padding'.length);
    // A range inside the hidden text counts only its part.
    const secret = document.querySelector('.hidden p')!.firstChild!;
    expect(hiddenChars(rangeOver(secret, 0, secret, 6), byClass)).toBe(6);
    expect(hiddenChars(rangeOver(a, 0, a, 7), byClass)).toBe(0);
  });

  it('reads from where the range starts and stops after it ends', () => {
    const before = Array.from({ length: 50 }, (_, i) => `<p class="hidden">Before ${i}</p>`).join('');
    const after = Array.from({ length: 50 }, (_, i) => `<p class="hidden">After ${i}</p>`).join('');
    document.body.innerHTML = `${before}<p id="a">Here</p><p id="b">There</p>${after}`;
    const judged: Element[] = [];
    const judge = (el: Element) => {
      judged.push(el);
      return byClass(el);
    };
    const a = document.getElementById('a')!.firstChild!;
    const b = document.getElementById('b')!.firstChild!;
    expect(hiddenChars(rangeOver(a, 0, b, 5), judge)).toBe(0);
    expect(judged.map((el) => el.id)).toEqual(['a', 'b']);
  });
});
