import { describe, expect, it } from 'vitest';
import { followSelection, placeBubble } from './placement.ts';

const view = { width: 1000, height: 800 };
const rect = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });

describe('placeBubble', () => {
  it('goes under the selection, aligned with its start', () => {
    expect(placeBubble(rect(100, 100, 300, 120), view)).toEqual({ left: 100, top: 128, maxHeight: 664 });
  });

  it('goes above when the selection is near the bottom', () => {
    const p = placeBubble(rect(100, 700, 300, 720), view);
    expect(p.top).toBeUndefined();
    expect(p.bottom).toBe(108);
    expect(p.maxHeight).toBe(684);
  });

  it('stays inside the viewport on the right and on narrow screens', () => {
    expect(placeBubble(rect(900, 100, 990, 120), view).left).toBe(1000 - 380 - 8);
    expect(placeBubble(rect(50, 100, 90, 120), { width: 300, height: 800 }).left).toBe(8);
  });

  it('keeps to the top edge when the selection starts above the viewport', () => {
    expect(placeBubble(rect(10, -500, 200, -20), view)).toMatchObject({ left: 10, top: 8 });
  });
  it('stays on screen for a selection that runs from the top far past the bottom (no room either side)', () => {
    expect(placeBubble(rect(10, 0, 200, 90_000), view)).toEqual({ left: 10, top: 8, maxHeight: 784 });
  });
});

describe('followSelection', () => {
  const from = { left: 100, top: 200, right: 300, bottom: 220 };
  it('moves a bubble below its selection by as much as the selection moved, off screen too', () => {
    const placed = placeBubble(from, view);
    const moved = followSelection(placed, from, { left: 100, top: -150, right: 300, bottom: -130 });
    expect(moved).toEqual({ ...placed, top: placed.top! - 350 });
  });
  it('moves a bubble above its selection (placed by its bottom) the same way', () => {
    const placed = { left: 100, bottom: 300, maxHeight: 200 };
    expect(followSelection(placed, from, { left: 90, top: 260, right: 290, bottom: 280 })).toEqual({
      left: 90,
      bottom: 240,
      maxHeight: 200,
    });
  });
});
