/** Elements whose text is not the page's prose. */
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'CODE', 'PRE', 'TEXTAREA', 'SVG', 'MATH']);

/**
 * Up to `max` characters of a page's visible prose, read from its text nodes (no layout is forced), for
 * the worker to tell the page's language when the page does not declare one.
 */
export function textSample(root: Node | null, max = 2000): string {
  if (!root) return '';
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.nodeType === Node.ELEMENT_NODE && SKIP.has((node as Element).tagName.toUpperCase())
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  let out = '';
  for (let node = walker.nextNode(); node && out.length < max; node = walker.nextNode()) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    const text = node.nodeValue?.replace(/\s+/g, ' ').trim();
    if (text) out += `${text} `;
  }
  return out.slice(0, max).trim();
}
