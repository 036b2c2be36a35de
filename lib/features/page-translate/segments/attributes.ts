import { escapeText } from '../../../dom/escape.ts';
import { isOwnHost } from '../../../dom/own-ui.ts';
import type { Steps } from '../../../dom/schedule.ts';
import { closest, getAttribute, matches, nodeTypeOf, querySelectorAll } from '../../../dom/unclobbered.ts';
import { enterScope, hasWords, scopeAround, skipsText } from './classify.ts';
import { type AttrName, type AttrUnit, type Claims, nextUid } from './types.ts';

/** Attributes a reader sees (tooltips, image text, field hints, screen-reader labels). */
export const ATTRS: readonly AttrName[] = ['title', 'alt', 'placeholder', 'aria-label', 'aria-description'];
const SELECTOR = ATTRS.map((name) => `[${name}]`).join(',');

const codePoints = (text: string): number => Array.from(text).length;

/**
 * Attribute units under `root` (not crossing into shadow roots: the segmenter calls this once per
 * root it walks). Inputs count too: their placeholder is text even though their value is not.
 * A submit button's `value` is left alone: the form would send the translated value.
 */
export function* collectAttributes(
  root: Element | ShadowRoot,
  target: string | null,
  claims: Claims | undefined,
  out: AttrUnit[],
): Steps<void> {
  const found = querySelectorAll(root, SELECTOR);
  const elements: Element[] = nodeTypeOf(root) === 1 && matches(root as Element, SELECTOR) ? [root as Element] : [];
  for (const el of found) elements.push(el);
  let count = 0;
  for (const el of elements) {
    if (++count % 32 === 0) yield;
    // Verso's own hosts keep their attributes (their UI is in their shadow roots, never walked).
    if (isOwnHost(el)) continue;
    let excluded: boolean | undefined;
    for (const name of ATTRS) {
      const value = getAttribute(el, name);
      if (value === null || !hasWords(value) || claims?.hasAttribute(el, name)) continue;
      excluded ??=
        closest(el, 'script,style,template,noscript') !== null ||
        skipsText(enterScope(el, scopeAround(el, target), target));
      if (excluded) break;
      out.push({
        kind: 'attr',
        uid: nextUid(),
        element: el,
        target: el,
        name,
        original: value,
        source: escapeText(value),
        chars: codePoints(value),
      });
    }
  }
}
