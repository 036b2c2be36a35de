import { escapeText } from '../../dom/escape.ts';
import { defaultViewOf, hostOf, nodeTypeOf, ownerDocumentOf, parentElementOf } from '../../dom/unclobbered.ts';
import { containerOf, type Unit } from './segments/index.ts';
import { SourceIndex } from './sources.ts';

/**
 * Units with the same text share one answer, across the two groups where the text carries no markup: a
 * button's label and its `title`, a caption and an image's `alt`. Both are then keyed by their text as
 * markup (an attribute's escaped), and answers are kept as markup.
 */
export function sourceKey(unit: Unit): string {
  if (unit.kind === 'attr') return SourceIndex.key('plain', unit.source);
  const wrapped = wrappedText(unit);
  if (wrapped) return SourceIndex.key('plain', wrapped.inner);
  return SourceIndex.key(unit.refs.size === 0 ? 'plain' : 'html', unit.source);
}

/**
 * A run that is all one inline element around plain text (a contents entry that links its section's
 * heading, a menu item): its text is the same string as that text elsewhere, so it is sent as the plain
 * text and the answer is put back inside the element.
 */
export function wrappedText(unit: Unit): { tag: string; inner: string } | undefined {
  if (unit.kind !== 'text' || unit.refs.size !== 1) return undefined;
  const found = /^<([a-z][a-z0-9]*) id="v1">([^<]*)<\/\1>$/.exec(unit.source);
  return found?.[2]?.trim() ? { tag: found[1]!, inner: found[2] } : undefined;
}

/** The text a unit sends: an attribute's value, a run's markup (a wrapped run's inner text). */
export const sentText = (unit: Unit): string =>
  unit.kind === 'text' ? (wrappedText(unit)?.inner ?? unit.source) : unit.original;

/** What a unit sends as the markup its answer is kept as: an attribute's value escaped. */
export const markupOf = (unit: Unit): string => (unit.kind === 'text' ? sentText(unit) : escapeText(unit.original));

/** An answer kept as plain text's markup, as a unit takes it: inside its element for a wrapped run. */
export const answerFor = (unit: Unit, text: string): string => {
  const wrapped = wrappedText(unit);
  return wrapped ? `<${wrapped.tag} id="v1">${text}</${wrapped.tag}>` : text;
};

type CheckVisibility = (this: Element) => boolean;
// Taken from the prototype when the module loads: a page's own members cannot stand in for it.
const checkVisibility = (globalThis.Element?.prototype as { checkVisibility?: CheckVisibility } | undefined)
  ?.checkVisibility;

/**
 * The element whose box stands for a block: the block, or for a wrapper without a box of its own
 * (`display: contents`, whose text shows all the same) the nearest ancestor with one.
 */
function boxed(el: Element): Element {
  let cur = el;
  for (let depth = 0; depth < 16 && checkVisibility && !checkVisibility.call(cur); depth++) {
    const view = defaultViewOf(ownerDocumentOf(cur) as Document);
    const parent = parentElementOf(cur);
    if (!view || !parent || view.getComputedStyle(cur).display !== 'contents') break;
    cur = parent;
  }
  return cur;
}

/**
 * The block whose visibility stands for a unit: a text unit's own (through wrappers without a box); an
 * attribute's element's block, so attributes go with the text around them (an image without a size
 * yet, a link, a field).
 */
export function readTargets(): (unit: Unit) => Element {
  const attrBlocks = new WeakMap<Element, Element>();
  const textBlocks = new WeakMap<Element, Element>();
  return (unit) => {
    if (unit.kind === 'text') {
      let block = textBlocks.get(unit.target);
      if (!block) {
        block = boxed(unit.target);
        textBlocks.set(unit.target, block);
      }
      return block;
    }
    let block = attrBlocks.get(unit.element);
    if (!block) {
      const container = containerOf(unit.element);
      block = !container
        ? unit.element
        : nodeTypeOf(container) === 1
          ? (container as Element)
          : hostOf(container as ShadowRoot);
      attrBlocks.set(unit.element, block);
    }
    return block;
  };
}
