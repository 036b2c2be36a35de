import { localNameOf, nodeTypeOf, textContentOf } from '../../../dom/unclobbered.ts';

/**
 * Cuts an over-long run (a forum post or an old page written as text and `<br>`s) into pieces the
 * service takes in one request. Cuts fall between top-level nodes only, so no page node is split:
 * after a line break or a sentence end where possible, anywhere between nodes otherwise. A single
 * node longer than the limit stays whole.
 */

const SENTENCE_END = /[.!?;:。！？]["'”’)\]]*\s*$/u;

const sizeOf = (node: Node): number => textContentOf(node)?.length ?? 0;

const goodCut = (node: Node): boolean =>
  (nodeTypeOf(node) === 1 && localNameOf(node as Element) === 'br') ||
  (nodeTypeOf(node) === 3 && SENTENCE_END.test((node as Text).data));

export function splitRun(run: readonly ChildNode[], maxChars: number): ChildNode[][] {
  const pieces: ChildNode[][] = [];
  let current: ChildNode[] = [];
  let size = 0;
  /** Index in `current` just after the last good cut, or 0. */
  let lastGood = 0;
  for (const node of run) {
    const add = sizeOf(node);
    if (size + add > maxChars && current.length > 0) {
      const at = lastGood > 0 ? lastGood : current.length;
      pieces.push(current.slice(0, at));
      current = current.slice(at);
      size = current.reduce((sum, n) => sum + sizeOf(n), 0);
      lastGood = 0;
    }
    current.push(node);
    size += add;
    if (goodCut(node)) lastGood = current.length;
  }
  if (current.length > 0) pieces.push(current);
  return pieces;
}
