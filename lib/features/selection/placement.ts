export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Placement {
  left: number;
  top?: number;
  bottom?: number;
  maxHeight: number;
}

export const BUBBLE_WIDTH = 380;
const GAP = 8;
const MARGIN = 8;
/** Below the selection unless there is less room than this there and more above. */
const PREFERRED_HEIGHT = 260;

/**
 * The bubble goes under the selection, left-aligned with it and kept inside the viewport; above it
 * when that side has more room. Its height is capped so it never covers the selection.
 */
export function placeBubble(selection: Rect, view: { width: number; height: number }, width = BUBBLE_WIDTH): Placement {
  const w = Math.min(width, view.width - 2 * MARGIN);
  const left = Math.min(Math.max(selection.left, MARGIN), Math.max(MARGIN, view.width - w - MARGIN));
  const below = view.height - selection.bottom - GAP - MARGIN;
  const above = selection.top - GAP - MARGIN;
  if (below >= PREFERRED_HEIGHT || below >= above) {
    const top = Math.min(Math.max(MARGIN, selection.bottom + GAP), view.height - MARGIN - 120);
    return { left, top: Math.max(MARGIN, top), maxHeight: Math.max(120, view.height - top - MARGIN) };
  }
  // A selection that fills the screen leaves no room on either side: the bubble goes over it, on screen,
  // rather than above the viewport's top edge.
  if (above < 120) return { left, top: MARGIN, maxHeight: view.height - 2 * MARGIN };
  return { left, bottom: Math.max(MARGIN, view.height - selection.top + GAP), maxHeight: Math.max(120, above) };
}

/**
 * The open bubble as its selection moves (the page or a box scrolled): it moves with it, by as much, and
 * goes off screen with it rather than floating over other text. Chosen anew only on resize.
 */
export function followSelection(placed: Placement, from: Rect, to: Rect): Placement {
  const dy = to.top - from.top;
  const dx = to.left - from.left;
  return {
    ...placed,
    left: placed.left + dx,
    ...(placed.top !== undefined ? { top: placed.top + dy } : {}),
    ...(placed.bottom !== undefined ? { bottom: placed.bottom - dy } : {}),
  };
}
