import { describe, expect, it } from 'vitest';
import { BUTTON_SIZE, buttonPlace, isInView, panelPlace } from './placement.ts';

const view = { width: 1000, height: 800 };

describe('placement', () => {
  it('puts the button inside the bottom-right corner of the field', () => {
    const place = buttonPlace({ left: 100, top: 100, width: 400, height: 200 }, view);
    expect(place).toEqual({ left: 500 - BUTTON_SIZE - 4, top: 300 - BUTTON_SIZE - 4 });
  });

  it('keeps the button on screen for a field wider than the viewport', () => {
    const place = buttonPlace({ left: 0, top: 100, width: 3000, height: 40 }, view);
    expect(place.left).toBe(view.width - BUTTON_SIZE);
  });

  it('opens the panel below the field, or above it when there is more room there', () => {
    expect(panelPlace({ left: 100, top: 100, width: 600, height: 100 }, { width: 380 }, view)).toMatchObject({
      left: 320,
      top: 206,
    });
    const above = panelPlace({ left: 100, top: 600, width: 600, height: 150 }, { width: 380 }, view);
    expect(above.top).toBeUndefined();
    expect(above.bottom).toBe(view.height - 600 + 6);
  });

  it('tells when a field is out of sight', () => {
    expect(isInView({ left: 0, top: -300, width: 100, height: 200 }, view)).toBe(false);
    expect(isInView({ left: 0, top: 900, width: 100, height: 200 }, view)).toBe(false);
    expect(isInView({ left: 0, top: 0, width: 0, height: 0 }, view)).toBe(false);
    expect(isInView({ left: 0, top: -100, width: 100, height: 200 }, view)).toBe(true);
  });
});
