// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { same } from './same.ts';

describe('same (what a draw compares before it sets a signal)', () => {
  const mark = (left: number) => ({ key: 'a', kind: 'spelling', boxes: [{ left, top: 2, width: 30, height: 16 }] });

  it('tells plain data apart in any part and alike when every part is', () => {
    expect(same([mark(1), mark(2)], [mark(1), mark(2)])).toBe(true);
    expect(same([mark(1), mark(2)], [mark(1), mark(3)])).toBe(false);
    expect(same([mark(1)], [mark(1), mark(1)])).toBe(false);
    expect(same({ left: 1 }, { left: 1, top: 0 })).toBe(false);
    expect(same([], {})).toBe(false);
    expect(same(null, { left: 1 })).toBe(false);
    expect(same(null, null)).toBe(true);
  });

  it('compares boxes that show their values through toJSON (DOMRect) by those values', () => {
    const rect = (left: number) => new DOMRect(left, 2, 30, 16);
    expect(same([rect(1)], [rect(1)])).toBe(true);
    expect(same([rect(1)], [rect(5)])).toBe(false);
    expect(same(rect(1), { x: 1, y: 2, width: 30, height: 16 })).toBe(false);
  });
});
