import { nodeTypeOf, textContentOf } from '../../dom/unclobbered.ts';
import type { AttrUnit, TextUnit, Unit } from './segments/index.ts';

const collapse = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** The text of a unit's run as the page shows it, collapsed. */
const runText = (unit: TextUnit): string => collapse(unit.nodes.map((node) => textContentOf(node) ?? '').join(''));

/**
 * Attributes that repeat their element's own text (a link's `title` equal to the link, a button's
 * `aria-label` equal to its label) need no request of their own: once the text around them is translated,
 * the element's translated text is theirs. Returns the other units, and for each text unit the attributes
 * that take their text from it. Only elements whose text is translated in that unit count: an inline
 * element of its run, or the unit's own block when the run is all of the block's text.
 */
export function splitEchoes(units: readonly Unit[]): { rest: Unit[]; echoes: Map<TextUnit, AttrUnit[]> } {
  const owner = new Map<Element, TextUnit>();
  for (const unit of units) {
    if (unit.kind !== 'text') continue;
    for (const ref of unit.refs.values()) if (!ref.atomic) owner.set(ref.el, unit);
    if (nodeTypeOf(unit.parent) === 1 && !owner.has(unit.parent as Element)) owner.set(unit.parent as Element, unit);
  }
  const rest: Unit[] = [];
  const echoes = new Map<TextUnit, AttrUnit[]>();
  for (const unit of units) {
    const text = unit.kind === 'attr' ? owner.get(unit.element) : undefined;
    const echo =
      unit.kind === 'attr' &&
      text !== undefined &&
      collapse(unit.original) === collapse(textContentOf(unit.element)) &&
      (text.parent !== unit.element || runText(text) === collapse(textContentOf(unit.element)));
    if (!echo || unit.kind !== 'attr' || !text) {
      rest.push(unit);
      continue;
    }
    const list = echoes.get(text);
    if (list) list.push(unit);
    else echoes.set(text, [unit]);
  }
  return { rest, echoes };
}

/** The text an echoing attribute takes once its element is translated. */
export const echoText = (attr: AttrUnit): string => collapse(textContentOf(attr.element));
