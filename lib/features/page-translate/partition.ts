import { roleOf } from '../../page/classify.ts';

const ATTRIBUTES = ['title', 'alt', 'placeholder', 'aria-label'];

/** Whether an element holds inline content of its own (text, phrasing elements, placeholders) besides blocks. */
function holdsInline(el: Element): boolean {
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3 && /\S/.test((node as Text).data)) return true;
    if (node.nodeType !== 1) continue;
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
    const small = el.getElementsByTagName('*').length <= maxElements;
    if (small || el.shadowRoot || holdsInline(el) || ATTRIBUTES.some((name) => el.hasAttribute(name))) {
      out.push(el);
      return;
    }
    for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
      const role = roleOf(child);
      if (role === 'block') visit(child);
      else if (role === 'skip') out.push(child);
    }
  };
  visit(root);
  return out;
}
