export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export const BUTTON_SIZE = 26;
const INSET = 4;
const GAP = 6;
const MARGIN = 8;

/** The round button sits inside the field's bottom-right corner, clamped to the viewport. */
export function buttonPlace(field: Box, view: Viewport): { left: number; top: number } {
  const inset = field.height < BUTTON_SIZE + 2 * INSET ? 0 : INSET;
  const left = field.left + field.width - BUTTON_SIZE - inset;
  const top = field.top + field.height - BUTTON_SIZE - inset;
  return {
    left: clamp(left, 0, view.width - BUTTON_SIZE),
    top: clamp(top, 0, view.height - BUTTON_SIZE),
  };
}

/**
 * The panel goes below the field, right-aligned with it; above it when there is more room there. Its
 * height is capped to the room on that side, so it never covers the field itself.
 */
export function panelPlace(
  field: Box,
  panel: { width: number },
  view: Viewport,
): { left: number; top?: number; bottom?: number; maxHeight: number } {
  const width = Math.min(panel.width, view.width - 2 * MARGIN);
  const left = clamp(field.left + field.width - width, MARGIN, view.width - width - MARGIN);
  const below = view.height - (field.top + field.height) - GAP - MARGIN;
  const above = field.top - GAP - MARGIN;
  if (below >= 280 || below >= above) {
    return { left, top: Math.max(MARGIN, field.top + field.height + GAP), maxHeight: Math.max(160, below) };
  }
  return { left, bottom: Math.max(MARGIN, view.height - field.top + GAP), maxHeight: Math.max(160, above) };
}

/** Some of the field is visible in the viewport. */
export function isInView(field: Box, view: Viewport): boolean {
  if (field.width === 0 && field.height === 0) return false;
  return (
    field.top < view.height && field.top + field.height > 0 && field.left < view.width && field.left + field.width > 0
  );
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
