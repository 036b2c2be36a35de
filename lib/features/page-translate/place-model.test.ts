import { describe, expect, it } from 'vitest';
import { cornerNear, type IndicatorCorner, IndicatorPlace, type IndicatorPlacing } from './place-model.ts';

function setUp(stored: IndicatorPlacing = { minimised: false }) {
  const saved: { corner?: IndicatorCorner; minimised?: boolean }[] = [];
  const place = new IndicatorPlace({
    load: async () => stored,
    save: async (change) => {
      saved.push(change);
    },
  });
  return { place, saved };
}

describe('IndicatorPlace', () => {
  it('is not loaded, so not shown, until what was remembered is read', async () => {
    const { place } = setUp({ corner: 'top-left', minimised: true });
    expect(place.loaded.value).toBe(false);
    await place.load();
    expect(place.loaded.value).toBe(true);
    expect(place.corner.value).toBe('top-left');
    expect(place.hidden(0)).toBe(true);
  });

  it('minimised, the card comes back with a new problem, and hides again when minimised again', async () => {
    const { place, saved } = setUp();
    await place.load();
    expect(place.hidden(0)).toBe(false);
    place.minimise(0);
    expect(place.hidden(0)).toBe(true);
    expect(place.hidden(1)).toBe(false);
    place.minimise(1);
    expect(place.hidden(1)).toBe(true);
    expect(saved).toEqual([{ minimised: true }, { minimised: true }]);
  });

  it('moves round the corners and remembers only a change', async () => {
    const { place, saved } = setUp();
    await place.load();
    const seen: IndicatorCorner[] = [];
    for (let i = 0; i < 4; i++) {
      place.moveTo(place.next());
      seen.push(place.corner.value);
    }
    expect(seen).toEqual(['bottom-left', 'top-left', 'top-right', 'bottom-right']);
    place.moveTo('bottom-right');
    expect(saved).toHaveLength(4);
  });

  it('keeps its defaults when the read fails, and ignores a read after dispose', async () => {
    const failing = new IndicatorPlace({ load: () => Promise.reject(new Error('gone')), save: async () => {} });
    await failing.load();
    expect(failing.corner.value).toBe('bottom-right');
    expect(failing.hidden(0)).toBe(false);
    const { place } = setUp({ corner: 'top-right', minimised: true });
    place.dispose();
    await place.load();
    expect(place.loaded.value).toBe(false);
  });

  it('a card let go snaps to the nearest corner', () => {
    expect(cornerNear(10, 10, 1000, 800)).toBe('top-left');
    expect(cornerNear(990, 10, 1000, 800)).toBe('top-right');
    expect(cornerNear(10, 790, 1000, 800)).toBe('bottom-left');
    expect(cornerNear(990, 790, 1000, 800)).toBe('bottom-right');
  });
});
