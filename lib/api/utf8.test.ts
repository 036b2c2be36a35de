import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8.ts';

const encoder = new TextEncoder();

describe('utf8Length', () => {
  it('matches TextEncoder on any string, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(utf8Length(s)).toBe(encoder.encode(s).byteLength);
      }),
    );
    for (const s of ['', 'abc', 'é', '€', '日本語', '😀x', '\ud800', '\ud800x', 'a\udc00b']) {
      expect(utf8Length(s)).toBe(encoder.encode(s).byteLength);
    }
  });

  it('counts a range of code units, a pair cut at the range end as a lone surrogate', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(), fc.nat(), (s, a, b) => {
        const [start, end] = [a % (s.length + 1), b % (s.length + 1)].sort((x, y) => x - y) as [number, number];
        expect(utf8Length(s, start, end)).toBe(encoder.encode(s.slice(start, end)).byteLength);
      }),
    );
  });
});
