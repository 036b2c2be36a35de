import {
  firstChildOf,
  firstElementChildOf,
  getElementsByTagName,
  hasAttribute,
  nextElementSiblingOf,
  nextSiblingOf,
  nodeTypeOf,
  shadowRootOf,
} from '../../dom/unclobbered.ts';
import { roleOf } from './segments/classify.ts';

const ATTRIBUTES = ['title', 'alt', 'placeholder', 'aria-label'];

/** Whether an element holds inline content of its own (text, phrasing elements, placeholders) besides blocks. */
function holdsInline(el: Element): boolean {
  for (let node = firstChildOf(el); node; node = nextSiblingOf(node)) {
    const type = nodeTypeOf(node);
    if (type === 3 && /\S/.test((node as Text).data)) return true;
    if (type !== 1) continue;
    const role = roleOf(node as Element);
    if (role !== 'block' && role !== 'skip' && role !== 'hidden') return true;
  }
  return false;
}

/**
 * Cuts a big tree into containers that can be segmented one after another with the same units as the
 * whole: it descends only through elements whose children are all blocks (so they have no run of their
 * own), no translatable attribute and no shadow root. The page can then be sent as it is cut, instead of
 * after the last node was read. Roots come in document order.
 */
export function partition(root: Element, maxElements = 1000): Element[] {
  const out: Element[] = [];
  const visit = (el: Element): void => {
    const small = getElementsByTagName(el, '*').length <= maxElements;
    if (small || shadowRootOf(el) || holdsInline(el) || ATTRIBUTES.some((name) => hasAttribute(el, name))) {
      out.push(el);
      return;
    }
    for (let child = firstElementChildOf(el); child; child = nextElementSiblingOf(child)) {
      const role = roleOf(child);
      if (role === 'block') visit(child);
      else if (role === 'skip') out.push(child);
    }
  };
  visit(root);
  return out;
}
