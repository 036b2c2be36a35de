import { runAll, runSliced, type Slicing, type Steps } from '../../../dom/schedule.ts';
import {
  getAttribute,
  insertAfter,
  isConnected,
  nextSiblingOf,
  nodeTypeOf,
  parentOf,
  previousSiblingOf,
} from '../../../dom/unclobbered.ts';
import { buildBilingual, readsAsOriginal } from './bilingual.ts';
import { BlockLangs } from './block-lang.ts';
import { roleOf } from './classify.ts';
import {
  type AttrRecord,
  isFresh,
  isShown,
  place,
  planAttr,
  planText,
  showAttr,
  showOriginal,
  showTranslated,
  type TextRecord,
} from './merge.ts';
import { type InertParser, inertParser } from './plan.ts';
import type { AttrName, AttrUnit, Claims, RunParent, TextUnit, Unit } from './types.ts';

/**
 * Everything Verso changed on a page, kept so that the original comes back exactly (same nodes,
 * same text, same attributes) and the translation can be shown again without a new request.
 */

export type ViewMode = 'original' | 'translated' | 'bilingual';

export type ApplyOutcome = 'applied' | 'stale' | 'empty';

/**
 * An answer worked out against the unit's nodes without writing to the page (`PageTranslation.plan`):
 * parsing and planning cost no rendering, so they can run in any task; `commit` writes it.
 */
export type Planned = { readonly html: string } & (
  | { readonly kind: 'text'; readonly unit: TextUnit; readonly record: TextRecord }
  | { readonly kind: 'attr'; readonly unit: AttrUnit; readonly record: AttrRecord }
  | { readonly kind: 'outcome'; readonly unit: Unit; readonly outcome: 'stale' | 'empty' }
);

export interface PageTranslationOptions {
  readonly targetLang: string;
  readonly doc?: Document;
  readonly parse?: InertParser;
  readonly mode?: ViewMode;
  /** Wraps every DOM write, e.g. the watcher's `ignore`, so Verso's own mutations are not seen as page changes. */
  readonly around?: <T>(write: () => T) => T;
  /** A translated run whose content left the page, before it is let go (`TranslatedCopies.remember`). */
  readonly onLeave?: (record: TextRecord | AttrRecord) => void;
}

interface TextState {
  readonly record: TextRecord;
  shown: 'original' | 'translated';
  line?: HTMLElement;
  /** The translation reads as the original (names, numbers, code, text already in the language): no line. */
  same?: boolean;
}

export class PageTranslation implements Claims {
  private modeNow: ViewMode;
  private readonly texts = new Map<TextUnit, TextState>();
  private readonly attrs = new Map<AttrUnit, AttrRecord>();
  private readonly owner = new WeakMap<Node, TextState>();
  private readonly byParent = new Map<RunParent, Set<TextState>>();
  private readonly attrOwner = new WeakMap<Element, Map<AttrName, AttrRecord>>();
  private readonly langs: BlockLangs;
  private readonly doc: Document;
  private readonly parse: InertParser;
  private readonly around: <T>(write: () => T) => T;

  constructor(private readonly opts: PageTranslationOptions) {
    this.doc = opts.doc ?? document;
    this.parse = opts.parse ?? inertParser();
    this.modeNow = opts.mode ?? 'translated';
    this.around = opts.around ?? ((write) => write());
    this.langs = new BlockLangs(opts.targetLang);
  }

  get mode(): ViewMode {
    return this.modeNow;
  }

  get size(): number {
    return this.texts.size + this.attrs.size;
  }

  hasNode(node: Node): boolean {
    return this.owner.has(node);
  }

  hasAttribute(el: Element, name: AttrName): boolean {
    return this.attrOwner.get(el)?.has(name) ?? false;
  }

  /**
   * Merges the service's answer for one unit and shows it as the current mode says. 'stale': the
   * page changed the unit since it was cut (segment again); 'empty': the answer held no text.
   */
  apply(unit: Unit, html: string): ApplyOutcome {
    return this.around(() => (unit.kind === 'attr' ? this.applyAttr(unit, html) : this.applyText(unit, html)));
  }

  /**
   * The first half of `apply`: reads the unit's nodes and the answer, writes nothing. A unit that was
   * applied before (a new answer for it) is planned at commit time, after its old translation is undone.
   */
  plan(unit: Unit, html: string): Planned {
    if (unit.kind === 'attr') {
      if (getAttribute(unit.element, unit.name) !== unit.original)
        return { kind: 'outcome', unit, outcome: 'stale', html };
      const record = planAttr(unit, html, this.parse);
      return record ? { kind: 'attr', unit, record, html } : { kind: 'outcome', unit, outcome: 'empty', html };
    }
    if (this.texts.has(unit)) return { kind: 'outcome', unit, outcome: 'stale', html };
    if (!isFresh(unit)) return { kind: 'outcome', unit, outcome: 'stale', html };
    const record = planText(unit, html, this.doc, this.parse);
    return record ? { kind: 'text', unit, record, html } : { kind: 'outcome', unit, outcome: 'empty', html };
  }

  /**
   * The second half: writes what `plan` worked out, if the page left the unit as it was meanwhile (else
   * 'stale'); the same outcome as `apply` with the same answer.
   */
  commit(planned: Planned): ApplyOutcome {
    if (planned.kind === 'outcome') {
      // Planned while an older translation of the unit was shown: apply in full now.
      if (planned.unit.kind === 'text' && this.texts.has(planned.unit)) return this.apply(planned.unit, planned.html);
      return planned.outcome;
    }
    if (planned.kind === 'attr') {
      const { unit, record } = planned;
      if (getAttribute(unit.element, unit.name) !== unit.original) return 'stale';
      return this.around(() => this.keepAttr(unit, record));
    }
    // Another answer for the unit was shown meanwhile: apply this one in full, as `apply` would.
    if (this.texts.has(planned.unit)) return this.apply(planned.unit, planned.html);
    if (!isFresh(planned.unit)) return 'stale';
    return this.around(() => this.keepText(planned.unit, planned.record));
  }

  /** Applies many answers in slices, so a big page keeps responding while they land. */
  async applyAll(items: Iterable<readonly [Unit, string]>, slicing: Slicing): Promise<Record<ApplyOutcome, number>> {
    const counts = { applied: 0, stale: 0, empty: 0 };
    const self = this;
    function* steps(): Steps<void> {
      for (const [unit, html] of items) {
        counts[self.apply(unit, html)]++;
        yield;
      }
    }
    await runSliced(steps(), slicing);
    return counts;
  }

  setMode(mode: ViewMode): void {
    runAll(this.modeSteps(mode));
  }

  setModeSliced(mode: ViewMode, slicing: Slicing): Promise<void> {
    return runSliced(this.modeSteps(mode), slicing);
  }

  /**
   * The page changed these nodes (from the watcher). Units they touch go back to the original as
   * far as the page left it, the page's own new text winning, and are forgotten. Returns the run
   * parents to segment again.
   */
  release(changed: Iterable<Node>): RunParent[] {
    const hit = new Set<TextState>();
    for (const node of changed) {
      const state = this.owner.get(node);
      if (state) hit.add(state);
      for (const s of this.byParent.get(node as RunParent) ?? []) {
        if (!isShown(s.record, s.shown === 'translated') || grewBeside(s)) hit.add(s);
      }
      if (nodeTypeOf(node) === 1) this.releaseAttrs(node as Element);
    }
    const parents = new Set<RunParent>();
    this.around(() => {
      for (const state of hit) {
        parents.add(state.record.unit.parent);
        this.letGo(state);
      }
    });
    return [...parents];
  }

  /** Forgets units the page has taken off the document (a single-page app moved on), so they can be collected. */
  prune(): void {
    this.around(() => {
      for (const state of [...this.texts.values()]) {
        if (isConnected(state.record.unit.parent)) continue;
        if (state.shown === 'translated') this.opts.onLeave?.(state.record);
        this.letGo(state);
      }
    });
    for (const record of [...this.attrs.values()]) {
      if (isConnected(record.unit.element)) continue;
      if (getAttribute(record.unit.element, record.unit.name) === record.translated) this.opts.onLeave?.(record);
      this.attrs.delete(record.unit);
      this.attrOwner.get(record.unit.element)?.delete(record.unit.name);
    }
  }

  /** Back to the original everywhere, and forget everything (turning translation off). */
  clear(): void {
    const mode = this.modeNow;
    this.setMode('original');
    this.around(() => {
      for (const state of [...this.texts.values()]) this.letGo(state);
    });
    for (const record of this.attrs.values()) this.attrOwner.get(record.unit.element)?.delete(record.unit.name);
    this.attrs.clear();
    this.modeNow = mode;
  }

  private applyText(unit: TextUnit, html: string): ApplyOutcome {
    const previous = this.texts.get(unit);
    if (previous) this.letGo(previous);
    if (!isFresh(unit)) return 'stale';
    const record = planText(unit, html, this.doc, this.parse);
    if (!record) return 'empty';
    return this.keepText(unit, record);
  }

  /** Registers a planned record of a fresh unit and shows it as the mode says. */
  private keepText(unit: TextUnit, record: TextRecord): ApplyOutcome {
    const state: TextState = { record, shown: 'original' };
    this.texts.set(unit, state);
    for (const node of unit.nodes) this.owner.set(node, state);
    unit.texts.forEach((_, node) => {
      this.owner.set(node, state);
    });
    for (const node of record.created) this.owner.set(node, state);
    unit.refs.forEach((ref) => {
      if (!ref.atomic) this.owner.set(ref.el, state);
    });
    let siblings = this.byParent.get(unit.parent);
    if (!siblings) {
      siblings = new Set();
      this.byParent.set(unit.parent, siblings);
    }
    siblings.add(state);
    this.show(state, this.modeNow);
    return 'applied';
  }

  private applyAttr(unit: AttrUnit, html: string): ApplyOutcome {
    if (getAttribute(unit.element, unit.name) !== unit.original) return 'stale';
    const record = planAttr(unit, html, this.parse);
    if (!record) return 'empty';
    return this.keepAttr(unit, record);
  }

  private keepAttr(unit: AttrUnit, record: AttrRecord): ApplyOutcome {
    this.attrs.set(unit, record);
    let names = this.attrOwner.get(unit.element);
    if (!names) {
      names = new Map();
      this.attrOwner.set(unit.element, names);
    }
    names.set(unit.name, record);
    showAttr(record, this.modeNow === 'translated');
    return 'applied';
  }

  private *modeSteps(mode: ViewMode): Steps<void> {
    this.modeNow = mode;
    for (const state of [...this.texts.values()]) {
      this.around(() => this.show(state, mode));
      yield;
    }
    this.around(() => {
      for (const record of this.attrs.values()) {
        const current = getAttribute(record.unit.element, record.unit.name);
        if (current === record.translated || current === record.unit.original) showAttr(record, mode === 'translated');
      }
    });
  }

  private show(state: TextState, mode: ViewMode): void {
    const { record } = state;
    if (state.line && mode !== 'bilingual') {
      state.line.remove();
    }
    if (!isShown(record, state.shown === 'translated')) {
      // The page rewrote this unit meanwhile: leave it to the page.
      this.letGo(state);
      return;
    }
    const wantTranslated = mode === 'translated';
    if (wantTranslated && state.shown === 'original') {
      showTranslated(record);
      this.langs.mark(record.unit.target);
    }
    if (!wantTranslated && state.shown === 'translated') {
      showOriginal(record);
      this.langs.unmark(record.unit.target);
    }
    state.shown = wantTranslated ? 'translated' : 'original';
    if (mode === 'bilingual') {
      state.same ??= readsAsOriginal(record);
      if (state.same) return;
      const last = record.unit.nodes[record.unit.nodes.length - 1];
      state.line ??= buildBilingual(record, this.doc, this.opts.targetLang);
      if (last && nextSiblingOf(last) !== state.line) insertAfter(last, state.line);
    }
  }

  /** Undoes what is still Verso's in a unit and forgets it. */
  private letGo(state: TextState): void {
    const { record } = state;
    const unit = record.unit;
    state.line?.remove();
    if (state.shown === 'translated') {
      this.langs.unmark(unit.target);
      for (const node of record.created) node.remove();
      for (const edit of record.edits) if (edit.node.data === edit.translated) edit.node.data = edit.original;
      for (const swap of record.swaps) {
        const current = swap.translated.filter((n) => parentOf(n) === swap.parent);
        if (swap.original.every((n) => parentOf(n) === swap.parent)) place(swap.parent, current, swap.original);
      }
    }
    this.texts.delete(unit);
    const siblings = this.byParent.get(unit.parent);
    siblings?.delete(state);
    if (siblings?.size === 0) this.byParent.delete(unit.parent);
    for (const node of unit.nodes) this.owner.delete(node);
    for (const node of unit.texts.keys()) this.owner.delete(node);
    for (const node of record.created) this.owner.delete(node);
    for (const ref of unit.refs.values()) this.owner.delete(ref.el);
  }

  private releaseAttrs(el: Element): void {
    const names = this.attrOwner.get(el);
    if (!names) return;
    for (const [name, record] of names) {
      const current = getAttribute(el, name);
      if (current !== record.translated && current !== record.unit.original) {
        names.delete(name);
        this.attrs.delete(record.unit);
      }
    }
  }
}

/** The page put text or inline content right beside a run: the run grew and must be cut again. */
function grewBeside(state: TextState): boolean {
  const { unit, swaps } = state.record;
  const top = swaps.find((swap) => swap.parent === unit.parent);
  if (!top) return false;
  const shown = state.shown === 'translated' ? top.translated : top.original;
  const ours = new Set<Node>(shown);
  const first = shown[0];
  const last = shown[shown.length - 1];
  const neighbours = [first && previousSiblingOf(first), last && nextSiblingOf(last)];
  return neighbours.some((n) => {
    if (!n || ours.has(n)) return false;
    const type = nodeTypeOf(n);
    if (type === 3) return /\S/.test((n as Text).data);
    if (type !== 1) return false;
    const role = roleOf(n as Element);
    return role === 'inline' || role === 'atomic' || role === 'break';
  });
}
