import { closest, getBoundingClientRect, localNameOf, parentOf } from '../../dom/unclobbered.ts';

/*
 * How the reading gate (gate.ts) sees an element: its box, whether a person can see it now, and
 * whether find-in-page could reveal it.
 */

/** What the gate needs to know of an element: its box, and whether a person can see it or reveal it. */
export interface Sight {
  box(el: Element): DOMRect;
  /** On screen it would be seen: rendered, not in a closed `<details>`, not `visibility: hidden`, not transparent. */
  shown(el: Element): boolean;
  /** Shown, or inside what find-in-page opens (a closed `<details>`, `hidden="until-found"`). */
  reachable(el: Element): boolean;
}

type CheckVisibility = (
  this: Element,
  options?: { visibilityProperty?: boolean; opacityProperty?: boolean },
) => boolean;
// Taken from the prototype when the module loads: a page's own members cannot stand in for it.
const checkVisibility = (globalThis.Element?.prototype as { checkVisibility?: CheckVisibility } | undefined)
  ?.checkVisibility;

const rendered = (el: Element): boolean => !checkVisibility || checkVisibility.call(el);

/** The closed `<details>` or `hidden="until-found"` element that keeps `el` from rendering, if one does. */
function revealer(el: Element): Element | null {
  const holder = closest(el, 'details:not([open]),[hidden="until-found" i]');
  if (!holder) return null;
  if (localNameOf(holder) === 'details') return rendered(holder) ? holder : null;
  const parent = parentOf(holder);
  return parent && (parent as Node).nodeType === 1 && rendered(parent as Element) ? holder : null;
}

/** Rendered, not `visibility: hidden`, and not transparent (a menu faded out with `opacity: 0`). */
const shown = (el: Element): boolean =>
  !checkVisibility || checkVisibility.call(el, { visibilityProperty: true, opacityProperty: true });

export const browserSight: Sight = {
  box: getBoundingClientRect,
  shown,
  reachable: (el) => shown(el) || revealer(el) !== null,
};
