/**
 * Plain data (boxes, marks, suggestions: numbers, strings, arrays and objects of them, DOMRects) alike in
 * every part.
 */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // A DOMRect (boxes of an editable region's ranges) shows its values through toJSON only.
  const json = (x: object) => (x as { toJSON?: () => unknown }).toJSON;
  if (json(a) || json(b)) return !!json(a) && !!json(b) && same(json(a)!.call(a), json(b)!.call(b));
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (!same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}
