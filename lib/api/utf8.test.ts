import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8.ts';

const encoder = new TextEncoder();

/**
 * Any string of code points, lone surrogates often. fast-check's `unit: 'binary'` makes the same kind of
 * strings but at about 35 ms each: 100 runs took 19 s in a loaded run, near the 20 s test limit.
 */
const anyString = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0, max: 0x10ffff }), fc.integer({ min: 0xd800, max: 0xdfff }))
    .map((c) => String.fromCodePoint(c)),
});

describe('utf8Length', () => {
  it('matches TextEncoder on any string, lone surrogates included', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        expect(utf8Length(s)).toBe(encoder.encode(s).byteLength);
      }),
    );
    for (const s of ['', 'abc', 'é', '€', '日本語', '😀x', '\ud800', '\ud800x', 'a\udc00b']) {
      expect(utf8Length(s)).toBe(encoder.encode(s).byteLength);
    }
  });

  it('counts a range of code units, a pair cut at the range end as a lone surrogate', () => {
    fc.assert(
      fc.property(anyString, fc.nat(), fc.nat(), (s, a, b) => {
        const [start, end] = [a % (s.length + 1), b % (s.length + 1)].sort((x, y) => x - y) as [number, number];
        expect(utf8Length(s, start, end)).toBe(encoder.encode(s.slice(start, end)).byteLength);
      }),
    );
  });
});
