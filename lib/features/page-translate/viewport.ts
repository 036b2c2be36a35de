import { firstElementChildOf, getBoundingClientRect, nextElementSiblingOf } from '../../page/dom.ts';
import { containerOf } from '../../page/index.ts';

export interface ViewportOptions {
  /** Looks this far above and below the screen. */
  marginPx?: number;
  /** Bounds the work of the first pass on pages made of thousands of tiny blocks. */
  maxRoots?: number;
}

/**
 * The blocks on screen, found before the whole page is cut into units, so the first request can leave
 * at once: descends from `root` through the blocks that straddle the screen's edges and takes those that
 * lie within it (or cannot be divided further). Text directly inside a straddling block, beside its
 * nested blocks, is left to the full pass. Reads layout only (no writes), so it forces one layout at most.
 */
export function viewportRoots(root: Element, win: Window, opts: ViewportOptions = {}): Element[] {
  const margin = opts.marginPx ?? 200;
  const maxRoots = opts.maxRoots ?? 300;
  const top = -margin;
  const bottom = win.innerHeight + margin;
  const out: Element[] = [];
  const visit = (el: Element): void => {
    for (let child = firstElementChildOf(el); child && out.length < maxRoots; child = nextElementSiblingOf(child)) {
      // Inline content belongs to its parent's runs: the full pass takes it.
      if (containerOf(child) !== child) continue;
      const box = getBoundingClientRect(child);
      if (box.width === 0 && box.height === 0) continue;
      if (box.bottom < top || box.top > bottom) continue;
      if ((box.top >= top && box.bottom <= bottom) || !firstElementChildOf(child)) out.push(child);
      else visit(child);
    }
  };
  visit(root);
  return out;
}
