import {
  childNodesOf,
  getAttribute,
  nodeTypeOf,
  querySelectorAll,
  removeAttribute,
  setAttribute,
  textContentOf,
} from '../../../dom/unclobbered.ts';
import { ATTRS } from './attributes.ts';
import { langsBeforeVerso } from './classify.ts';
import { type AttrRecord, place, type Swap, type TextRecord } from './merge.ts';
import { segment } from './segment.ts';
import type { Claims } from './types.ts';

const ATTR_SELECTOR = ATTRS.map((name) => `[${name}]`).join(',');

/** Runs remembered at most: the oldest are forgotten first. */
const MAX_REMEMBERED = 5000;

/** A run's text as it shows: white space collapsed, trimmed. */
function runText(nodes: readonly Node[]): string {
  let text = '';
  for (const node of nodes) text += textContentOf(node) ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * How to turn one level of a translated run (its child list as translated) back into the original, by
 * positions, so it applies to a copy: the original order, the original text of each text node, the
 * inline elements' own levels.
 */
interface Level {
  readonly size: number;
  readonly order: readonly number[];
  readonly texts: ReadonlyArray<readonly [number, string]>;
  readonly children: ReadonlyArray<readonly [number, Level]>;
}

function levelOf(swap: Swap, swaps: ReadonlyMap<Node, Swap>, originals: ReadonlyMap<Node, string>): Level | undefined {
  const at = new Map<Node, number>();
  for (let i = 0; i < swap.translated.length; i++) at.set(swap.translated[i]!, i);
  const order: number[] = [];
  for (const node of swap.original) {
    const i = at.get(node);
    if (i === undefined) return undefined;
    order.push(i);
  }
  const texts: Array<readonly [number, string]> = [];
  const children: Array<readonly [number, Level]> = [];
  for (let i = 0; i < swap.translated.length; i++) {
    const node = swap.translated[i]!;
    const original = originals.get(node);
    if (original !== undefined) texts.push([i, original]);
    const inner = swaps.get(node);
    if (inner) {
      const level = levelOf(inner, swaps, originals);
      if (!level) return undefined;
      children.push([i, level]);
    }
  }
  return { size: swap.translated.length, order, texts, children };
}

/** Whether a copy's child list has the shape of the level (same length, text where text was). */
function fits(nodes: readonly ChildNode[], level: Level): boolean {
  if (nodes.length !== level.size) return false;
  for (const [i] of level.texts) if (nodeTypeOf(nodes[i]!) !== 3) return false;
  for (const [i, inner] of level.children) {
    const el = nodes[i]!;
    if (nodeTypeOf(el) !== 1 || !fits([...childNodesOf(el)], inner)) return false;
  }
  return true;
}

function undo(parent: ParentNode & Node, nodes: readonly ChildNode[], level: Level): void {
  for (const [i, inner] of level.children) {
    const el = nodes[i] as Element;
    undo(el, [...childNodesOf(el)], inner);
  }
  for (const [i, data] of level.texts) {
    const text = nodes[i] as Text;
    if (text.data !== data) text.data = data;
  }
  place(
    parent,
    nodes,
    level.order.map((i) => nodes[i]!),
  );
}

export interface CopiesOptions {
  /** Verso's writes, unseen by the watcher (`PageWatcher.ignore`). */
  readonly around?: <T>(write: () => T) => T;
  readonly targetLang: string;
}

/**
 * Copies of translated content the page puts back: Turbo Drive keeps a copy of each body it leaves and
 * shows it again on back and forward, a framework may cache a view. The copy carries the translated text
 * and the `lang` Verso set on its blocks, but no record of the original, so it would stay translated
 * after "Show original", and later passes would skip it as text in the target language. So the runs
 * Verso let go when their content left the page are remembered by the text they showed, with how to undo
 * them by position; a copy's run that shows one is given its original back exactly (text, order, the
 * block's own `lang`), and is then cut and translated like new content, from the answers the page
 * already has (nothing is sent).
 */
export class TranslatedCopies {
  private readonly left = new Map<string, { level: Level; lang: string | null }>();
  /** Attributes let go translated: the original by name and translated value. */
  private readonly attrs = new Map<string, string>();
  private readonly lang: string;

  constructor(private readonly opts: CopiesOptions) {
    this.lang = opts.targetLang.toLowerCase();
  }

  /** A translated run or attribute whose content left the page (`PageTranslation` prune), before it is let go. */
  remember(record: TextRecord | AttrRecord): void {
    if (record.kind === 'attr') {
      const key = `${record.unit.name}\u0000${record.translated}`;
      this.attrs.delete(key);
      this.attrs.set(key, record.unit.original);
      if (this.attrs.size > MAX_REMEMBERED) this.attrs.delete(this.attrs.keys().next().value!);
      return;
    }
    const { unit } = record;
    const top = record.swaps.find((swap) => swap.parent === unit.parent);
    if (!top) return;
    const key = runText(top.translated);
    if (key === '') return;
    const swaps = new Map<Node, Swap>();
    for (const swap of record.swaps) if (swap !== top) swaps.set(swap.parent, swap);
    const originals = new Map<Node, string>();
    for (const edit of record.edits) originals.set(edit.node, edit.original);
    const level = levelOf(top, swaps, originals);
    if (!level) return;
    this.left.delete(key);
    this.left.set(key, { level, lang: langsBeforeVerso.get(unit.target) ?? null });
    if (this.left.size > MAX_REMEMBERED) this.left.delete(this.left.keys().next().value!);
  }

  /** Gives the copies among `nodes` (new content) their original back; `claims`: the runs Verso holds. */
  revert(nodes: readonly Node[], claims: Claims): void {
    if (this.attrs.size > 0) for (const node of nodes) this.revertAttrs(node, claims);
    if (this.left.size === 0) return;
    const selector = `[lang="${this.lang.replace(/["\\]/g, '')}"]`;
    for (const node of nodes) {
      const type = nodeTypeOf(node);
      if (type !== 1 && type !== 11) continue;
      const blocks = [...querySelectorAll(node as Element, selector)];
      if (type === 1 && getAttribute(node as Element, 'lang') === this.lang) blocks.unshift(node as Element);
      for (const block of blocks) this.revertBlock(block, claims);
    }
  }

  private revertAttrs(node: Node, claims: Claims): void {
    const type = nodeTypeOf(node);
    if (type !== 1 && type !== 11) return;
    const els = [...querySelectorAll(node as Element, ATTR_SELECTOR)];
    if (type === 1) els.unshift(node as Element);
    const around = this.opts.around ?? ((write) => write());
    for (const el of els) {
      for (const name of ATTRS) {
        const value = getAttribute(el, name);
        if (value === null || claims.hasAttribute(el, name)) continue;
        const original = this.attrs.get(`${name}\u0000${value}`);
        if (original !== undefined) around(() => setAttribute(el, name, original));
      }
    }
  }

  private revertBlock(block: Element, claims: Claims): void {
    const { units } = segment(block, { targetLang: this.lang, honourLang: false, claims, attributes: false });
    for (const unit of units) {
      if (unit.kind !== 'text') continue;
      const left = this.left.get(runText(unit.nodes));
      if (!left || !fits(unit.nodes, left.level)) continue;
      (this.opts.around ?? ((write) => write()))(() => {
        undo(unit.parent, unit.nodes, left.level);
        if (getAttribute(unit.target, 'lang') !== this.lang) return;
        if (left.lang === null) removeAttribute(unit.target, 'lang');
        else setAttribute(unit.target, 'lang', left.lang);
      });
    }
  }
}
