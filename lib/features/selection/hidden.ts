import {
  createTreeWalker,
  defaultViewOf,
  nodeTypeOf,
  ownerDocumentOf,
  parentElementOf,
} from '../../dom/unclobbered.ts';
import { elementHidden, opacityMemo } from '../../dom/visible.ts';

/**
 * A selection longer than this is sent only after the person confirms its size: about two book pages,
 * three minutes of reading (at 1,500 characters a minute). A sentence or a paragraph, what the button is
 * for, stays far below it and is never asked about; a long article is asked about once.
 */
export const LONG_SELECTION_CHARS = 5000;

/**
 * Hidden characters the button tolerates without asking: screen-reader-only labels ("opens in a new
 * tab") and collapsed menus inside a selected paragraph are short; a page padding a selection with text
 * nobody sees is not.
 */
export const HIDDEN_TOLERANCE_CHARS = 200;

/** Text nodes looked at, at most (a selection is at most 100,000 characters). */
const MAX_NODES = 20_000;

/**
 * Characters of a page selection that cannot be seen (`elementHidden`, lib/dom/visible.ts), counted per text node of the
 * range; each parent element is judged once. Stops reading after `MAX_NODES` text nodes.
 */
export function hiddenChars(range: Range, hidden?: (el: Element) => boolean): number {
  const root = range.commonAncestorContainer;
  const doc = ownerDocumentOf(root) ?? document;
  const view = defaultViewOf(doc) ?? window;
  const opacity = opacityMemo(view);
  const judge = hidden ?? ((el: Element) => elementHidden(el, opacity, view));
  const verdicts = new Map<Element, boolean>();
  const count = (node: Text): number => {
    const el = parentElementOf(node);
    if (!el) return 0;
    let verdict = verdicts.get(el);
    if (verdict === undefined) {
      verdict = judge(el);
      verdicts.set(el, verdict);
    }
    if (!verdict) return 0;
    const data = node.data;
    const start = node === range.startContainer ? range.startOffset : 0;
    const end = node === range.endContainer ? range.endOffset : data.length;
    return data.slice(start, end).replace(/\s+/g, ' ').trim().length;
  };
  if (nodeTypeOf(root) === 3) return count(root as Text);
  const walker = createTreeWalker(doc, root, NodeFilter.SHOW_TEXT);
  // From where the range starts, not from the top of its common ancestor.
  const start = range.startContainer;
  walker.currentNode = start;
  let node: Node | null = nodeTypeOf(start) === 3 ? start : walker.nextNode();
  let total = 0;
  for (let nodes = 0; node && nodes < MAX_NODES; node = walker.nextNode()) {
    if (!range.intersectsNode(node)) {
      if (range.comparePoint(node, 0) > 0) break;
      continue;
    }
    nodes++;
    total += count(node as Text);
  }
  return total;
}
