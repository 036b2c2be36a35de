import type { Result } from '../../messaging/result.ts';
import { contains, hostOf, isConnected, nodeTypeOf, parentAcross, parentOf } from '../../page/dom.ts';
import { containerOf, escapeText, inertParser, PageTranslation, segment } from '../../page/index.ts';
import type { HoverModifier } from '../../settings/schema.ts';

/** The texts of one block: its runs with markup, its attributes as plain text. */
export interface BlockTexts {
  texts: string[];
  attrs: string[];
}

export interface HoverDeps {
  doc: Document;
  /** The key that translates the paragraph under the pointer, and the target ('off': none). */
  settings(): { modifier: HoverModifier; targetLang: string } | undefined;
  translate(block: BlockTexts): Promise<Result<BlockTexts>>;
  /** The whole page is being translated: it owns the page's text. */
  pageBusy(): boolean;
  /** Whether an event is the person's own (tests pass their synthetic events). */
  trusted?(event: Event): boolean;
}

/** Verso's own UI: a node inside one of its hosts (`verso-page`, `verso-selection`...), across shadow roots. */
export function inVersoUi(node: Node): boolean {
  for (let cur: Node | null = node; cur; cur = parentAcross(cur)) {
    if (nodeTypeOf(cur) === 1 && (cur as Element).localName.startsWith('verso-')) return true;
  }
  return false;
}

/** A block's units at most: one request (the contract's 50 texts per group). */
const MAX_UNITS = 50;

/** The nearest block around a node that can be translated on its own (not the whole body). */
function blockAround(node: Node): Element | undefined {
  const container = containerOf(node);
  if (!container) return undefined;
  const el = nodeTypeOf(container) === 1 ? (container as Element) : hostOf(container as ShadowRoot);
  const name = el.localName;
  return name === 'body' || name === 'html' ? undefined : el;
}

/**
 * Hover a paragraph and press the modifier (Alt by default) alone: the paragraph is translated in place;
 * the same again shows its original. The key counts when it is pressed and let go with nothing else in
 * between (no other key, no click), so Alt+Tab or Ctrl+C never translate anything. Each paragraph keeps
 * its own record (lib/page), so its original comes back exactly.
 */
export class HoverParagraph {
  private pointed: Node | null = null;
  private pressed: string | null = null;
  private spoiled = false;
  private readonly done = new Map<Element, PageTranslation>();
  private readonly working = new Set<Element>();

  constructor(private readonly deps: HoverDeps) {}

  private trusted(event: Event): boolean {
    return this.deps.trusted ? this.deps.trusted(event) : event.isTrusted;
  }

  onPointerMove(event: Event): void {
    const target = event.composedPath()[0];
    if (target instanceof Node) this.pointed = target;
  }

  onPointerDown(): void {
    this.spoiled = true;
  }

  onKeyDown(event: KeyboardEvent): void {
    if (!this.trusted(event)) return;
    const modifier = this.deps.settings()?.modifier;
    if (modifier && modifier !== 'off' && event.key === modifier && !event.repeat) {
      this.pressed = event.key;
      this.spoiled = false;
    } else this.spoiled = true;
  }

  onKeyUp(event: KeyboardEvent): Promise<void> | undefined {
    if (!this.trusted(event)) return undefined;
    const alone = this.pressed !== null && event.key === this.pressed && !this.spoiled;
    this.pressed = null;
    return alone ? this.toggle() : undefined;
  }

  /** The page is translated as a whole from now on: every paragraph goes back to its original first. */
  restoreAll(): void {
    for (const store of this.done.values()) store.clear();
    this.done.clear();
  }

  /** Translates the block under the pointer, or shows its original again. */
  async toggle(): Promise<void> {
    const settings = this.deps.settings();
    const node = this.pointed;
    if (!settings || !node || !isConnected(node) || inVersoUi(node) || this.deps.pageBusy()) return;
    const block = blockAround(node);
    if (!block || this.working.has(block)) return;
    // Shown translated (this block, or one around or inside it): back to the original.
    for (const [done, store] of this.done) {
      if (done === block || contains(done, block) || contains(block, done)) {
        store.clear();
        this.done.delete(done);
        return;
      }
    }
    const store = new PageTranslation({
      targetLang: settings.targetLang,
      doc: this.deps.doc,
      parse: inertParser(),
    });
    const units = segment(block, { targetLang: settings.targetLang, claims: store }).units;
    const texts = units.filter((u) => u.kind === 'text').slice(0, MAX_UNITS);
    const attrs = units.filter((u) => u.kind === 'attr').slice(0, MAX_UNITS);
    if (texts.length + attrs.length === 0) return;
    this.working.add(block);
    try {
      const answer = await this.deps.translate({
        texts: texts.map((u) => u.source),
        attrs: attrs.map((u) => (u.kind === 'attr' ? u.original : '')),
      });
      if (!answer.ok) {
        console.warn('[verso] the paragraph could not be translated', answer.error.message);
        return;
      }
      if (!parentOf(block)) return;
      for (const [i, unit] of texts.entries()) store.apply(unit, answer.value.texts[i] ?? '');
      for (const [i, unit] of attrs.entries()) store.apply(unit, escapeText(answer.value.attrs[i] ?? ''));
      this.done.set(block, store);
    } finally {
      this.working.delete(block);
    }
  }
}
