import {
  createRange,
  firstElementChildOf,
  getBoundingClientRect,
  hasAttribute,
  nextElementSiblingOf,
} from '../../dom/unclobbered.ts';
import { OWN_ATTR, roleOf } from './segments/classify.ts';
import { containerOf } from './segments/index.ts';

export interface ViewportOptions {
  /** Looks this far above and below the screen. */
  marginPx?: number;
  /** Bounds the work of the first pass on pages made of thousands of tiny blocks. */
  maxRoots?: number;
}

export interface ViewportBlocks {
  /** Blocks on screen, to be cut whole. */
  readonly roots: Element[];
  /**
   * Blocks that straddle the screen's edges, `root` first: text directly inside them, beside their nested
   * blocks (a label and buttons between a shop's paragraphs), is on screen too where its box is.
   */
  readonly straddling: Element[];
  /** The band that counts as the screen, in viewport coordinates. */
  readonly top: number;
  readonly bottom: number;
}

/**
 * The blocks on screen, found before the whole page is cut into units, so the first request can leave
 * at once: descends from `root` through the blocks that straddle the screen's edges and takes those that
 * lie within it (or cannot be divided further). Reads layout only (no writes), so it forces one layout
 * at most.
 */
export function viewportRoots(root: Element, win: Window, opts: ViewportOptions = {}): ViewportBlocks {
  const margin = opts.marginPx ?? 200;
  const maxRoots = opts.maxRoots ?? 300;
  const top = -margin;
  const bottom = win.innerHeight + margin;
  const out: Element[] = [];
  const straddling: Element[] = [];
  const visit = (el: Element): void => {
    straddling.push(el);
    for (let child = firstElementChildOf(el); child && out.length < maxRoots; child = nextElementSiblingOf(child)) {
      // Inline content belongs to its parent's runs (the shallow cut of a straddling parent takes it),
      // unless it holds blocks (a link around a card, <font> around paragraphs): a container of its own.
      if (containerOf(child) !== child && !holdsBlock(child)) continue;
      const box = getBoundingClientRect(child);
      if (box.width === 0 && box.height === 0) {
        // A wrapper without a box of its own (display: contents) shows its content all the same.
        if (firstElementChildOf(child) && win.getComputedStyle(child).display === 'contents') visit(child);
        continue;
      }
      if (box.bottom < top || box.top > bottom) continue;
      if ((box.top >= top && box.bottom <= bottom) || !firstElementChildOf(child)) out.push(child);
      else visit(child);
    }
  };
  visit(root);
  return { roots: out, straddling, top, bottom };
}

/** Whether an inline element holds block content, which makes it a container of its own (as `segment` decides). */
function holdsBlock(el: Element, depth = 0): boolean {
  if (depth > 8) return false;
  for (let child = firstElementChildOf(el); child; child = nextElementSiblingOf(child)) {
    if (hasAttribute(child, OWN_ATTR)) continue;
    const role = roleOf(child);
    if (role === 'block' || role === 'skip' || (role === 'inline' && holdsBlock(child, depth + 1))) return true;
  }
  return false;
}

/** Whether a run of nodes (siblings, in order) shows within the band; a run with no box does not. */
export function runShows(nodes: readonly Node[], doc: Document, band: { top: number; bottom: number }): boolean {
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  if (!first || !last) return false;
  const range = createRange(doc);
  range.setStartBefore(first);
  range.setEndAfter(last);
  const box = range.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  return box.bottom >= band.top && box.top <= band.bottom;
}
