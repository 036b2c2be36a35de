import { localNameOf, nodeTypeOf, parentOf } from '../../dom/unclobbered.ts';
import { type DisplayHook, isPhrasingTag } from './segments/index.ts';

/** Containers whose children are laid out as boxes of their own (CSS blockifies them). */
const ITEMS = /^(?:inline-)?(?:flex|grid)\b/;

/**
 * The segmenter's block/inline guess, corrected for the items of flex and grid containers: a menu of
 * bare links in a flex row, or cells of a grid, are boxes of their own (the browser blockifies them), so
 * each is a unit of its own: its bilingual line goes under it, not beside the row as one more item, and
 * the service never reorders words across them. Only phrasing elements are asked about, and each
 * parent's style is read once per pass.
 */
export function layoutDisplay(win: Window): DisplayHook {
  const containers = new WeakMap<Element, boolean>();
  return (el) => {
    if (!isPhrasingTag(localNameOf(el))) return undefined;
    const parent = parentOf(el);
    if (!parent || nodeTypeOf(parent) !== 1) return undefined;
    let items = containers.get(parent as Element);
    if (items === undefined) {
      items = ITEMS.test(win.getComputedStyle(parent as Element).display);
      containers.set(parent as Element, items);
    }
    return items ? 'block' : undefined;
  };
}
