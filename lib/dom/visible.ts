import { getBoundingClientRect, hostOf, nodeTypeOf, parentElementOf, parentOf } from './unclobbered.ts';

/**
 * Whether an element's text can be seen, judged cheaply from its computed style and box: shared by the
 * selection's count of hidden text (lib/features/selection/hidden.ts) and the hover key's choice of the
 * element under the pointer (lib/features/page-translate/hover.ts). Page nodes are read through the
 * prototypes (lib/dom/unclobbered.ts): a form's control named `parentElement` or `getBoundingClientRect` changes
 * nothing.
 */

/** The parent element, across a shadow root to its host. */
function parentAcrossRoots(el: Element): Element | null {
  const parent = parentElementOf(el);
  if (parent) return parent;
  const root = parentOf(el);
  return root && nodeTypeOf(root) === 11 ? hostOf(root as ShadowRoot) : null;
}

const checkVisibility =
  typeof Element === 'undefined'
    ? undefined
    : (Element.prototype.checkVisibility as Element['checkVisibility'] | undefined);

/** Effective opacity (the element's times its ancestors'), remembered per element for one judgement. */
export function opacityMemo(view: Window): (el: Element) => number {
  const known = new Map<Element, number>();
  const of = (el: Element | null): number => {
    if (!el) return 1;
    const cached = known.get(el);
    if (cached !== undefined) return cached;
    const own = Number.parseFloat(view.getComputedStyle(el).opacity);
    const value = (Number.isNaN(own) ? 1 : own) * of(parentAcrossRoots(el));
    known.set(el, value);
    return value;
  };
  return of;
}

/**
 * Whether an element's text cannot be seen: not rendered or transparent (`checkVisibility`, and an
 * opacity of 0.1 or less down the tree), invisible ink, less than 2 pixels high or wide (a
 * screen-reader-only box, a zero font size), or placed where no scrolling reaches (off the page's top or
 * left edge). Below the fold is visible: the person scrolls there.
 */
export function elementHidden(el: Element, opacityOf: (el: Element) => number, view: Window): boolean {
  if (
    checkVisibility &&
    !checkVisibility.call(el, { opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })
  )
    return true;
  if (opacityOf(el) <= 0.1) return true;
  const style = view.getComputedStyle(el);
  if (/^(rgba\(.*,\s*0\)|transparent)$/.test(style.color)) return true;
  const rect = getBoundingClientRect(el);
  if (rect.width < 2 || rect.height < 2) return true;
  return rect.right + view.scrollX <= 0 || rect.bottom + view.scrollY <= 0;
}
