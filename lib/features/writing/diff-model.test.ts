import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, buildDiff, editsToAccept, editsToRevert, textWith } from './diff-model.ts';

const words = fc.array(
  fc.constantFrom('teh', 'the', 'recieve', 'receive', 'a', 'cat', ',', '.', ' ', '  ', '\n', 'é'),
  {
    maxLength: 25,
  },
);
const text = words.map((w) => w.join(''));
const pair = fc.tuple(text, text);

describe('buildDiff', () => {
  it('groups a removal and its replacement into one change, at word level', () => {
    const { changes, parts } = buildDiff('I will recieve teh letter.', 'I will receive the letter.');
    expect(changes.map(({ removed, added }) => [removed, added])).toEqual([
      ['recieve', 'receive'],
      ['teh', 'the'],
    ]);
    expect(changes[0]).toMatchObject({ start: 7, end: 14 });
    expect(parts.map((p) => (p.kind === 'same' ? p.text : `[${p.change.removed}>${p.change.added}]`)).join('')).toBe(
      'I will [recieve>receive] [teh>the] letter.',
    );
  });

  it('has pure insertions and deletions', () => {
    const { changes } = buildDiff('Hello world', 'Hello, world!');
    expect(changes.map((c) => [c.start, c.end, c.removed, c.added])).toEqual([
      [5, 5, '', ','],
      [11, 11, '', '!'],
    ]);
  });

  it('finds nothing to change in equal texts', () => {
    expect(buildDiff('Same text.\nTwo lines.', 'Same text.\nTwo lines.').changes).toEqual([]);
  });
});

describe('accepting and rejecting subsets', () => {
  it('gives the original with none accepted and the suggestion with all accepted', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const { changes } = buildDiff(a, b);
        expect(textWith(a, changes, new Set())).toBe(a);
        expect(textWith(a, changes, new Set(changes.map((c) => c.id)))).toBe(b);
      }),
    );
  });

  it('keeps rejected changes out: accepting one of two changes only that one', () => {
    const original = 'I will recieve teh letter.';
    const { changes } = buildDiff(original, 'I will receive the letter.');
    expect(textWith(original, changes, new Set([1]))).toBe('I will recieve the letter.');
    expect(textWith(original, changes, new Set([0]))).toBe('I will receive teh letter.');
  });

  it('reaches the same text by accepting changes one by one in any order', () => {
    fc.assert(
      fc.property(pair, fc.infiniteStream(fc.boolean()), fc.func(fc.integer()), ([a, b], picks, order) => {
        const { changes } = buildDiff(a, b);
        const chosen = changes.filter(() => picks.next().value).map((c) => c.id);
        const shuffled = [...chosen].sort((x, y) => order(x) - order(y) || x - y);
        let field = a;
        const accepted = new Set<number>();
        for (const id of shuffled) {
          field = applyEdits(field, editsToAccept(changes, accepted, [id]));
          accepted.add(id);
          expect(field).toBe(textWith(a, changes, accepted));
        }
        expect(field).toBe(textWith(a, changes, new Set(chosen)));
      }),
    );
  });

  it('accepts several at once (Accept all after some) and reverts to the original (Undo)', () => {
    fc.assert(
      fc.property(pair, fc.infiniteStream(fc.boolean()), ([a, b], picks) => {
        const { changes } = buildDiff(a, b);
        const first = new Set(changes.filter(() => picks.next().value).map((c) => c.id));
        let field = applyEdits(a, editsToAccept(changes, new Set(), first));
        expect(field).toBe(textWith(a, changes, first));
        const all = new Set(changes.map((c) => c.id));
        field = applyEdits(field, editsToAccept(changes, first, all));
        expect(field).toBe(b);
        expect(applyEdits(field, editsToRevert(changes, all))).toBe(a);
        expect(applyEdits(textWith(a, changes, first), editsToRevert(changes, first))).toBe(a);
      }),
    );
  });

  it('ignores ids that are already accepted', () => {
    const original = 'teh cat';
    const { changes } = buildDiff(original, 'the cat');
    expect(editsToAccept(changes, new Set([0]), [0])).toEqual([]);
  });
});
