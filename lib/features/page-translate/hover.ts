import { escapeText } from '../../dom/escape.ts';
import { isOwnHost } from '../../dom/own-ui.ts';
import {
  contains,
  hostOf,
  isConnected,
  nodeTypeOf,
  parentAcross,
  parentOf,
  shadowRootOf,
} from '../../dom/unclobbered.ts';
import { elementHidden, opacityMemo } from '../../dom/visible.ts';
import type { Result } from '../../messaging/result.ts';
import type { HoverModifier, PageMode } from '../../settings/schema.ts';
import { adoptBilingualStyle } from './bilingual-style.ts';
import { containerOf, inertParser, PageTranslation, segment } from './segments/index.ts';

/** The texts of one block: its runs with markup, its attributes as plain text. */
export interface BlockTexts {
  texts: string[];
  attrs: string[];
}

export interface HoverDeps {
  doc: Document;
  /** The key that translates the paragraph under the pointer, and the target ('off': none). */
  settings(): { modifier: HoverModifier; targetLang: string } | undefined;
  /** Bilingual or the translation only, as the whole page would show (the site's rule, else the preferences). */
  mode?(): PageMode;
  translate(block: BlockTexts): Promise<Result<BlockTexts>>;
  /** The whole page is being translated: it owns the page's text. */
  pageBusy(): boolean;
  /** Whether an event is the person's own (tests pass their synthetic events). */
  trusted?(event: Event): boolean;
  /** The element under a point of the viewport, into open shadow roots (default: `elementUnder`). */
  elementAt?(x: number, y: number): Element | null;
}

/**
 * The element a person sees under a point of the viewport: the topmost there that is not transparent,
 * hidden or of no size (lib/dom/visible.ts), so an invisible layer the page lays over its text is passed
 * by; looking into open shadow roots (the page's own web components), read through the prototypes
 * (`<img name="elementsFromPoint">` shadows the document's own).
 */
export function elementUnder(doc: Document, x: number, y: number): Element | null {
  const view = doc.defaultView ?? window;
  const opacity = opacityMemo(view);
  const seen = (els: Element[]) => els.find((el) => !elementHidden(el, opacity, view)) ?? null;
  let el = seen(Document.prototype.elementsFromPoint.call(doc, x, y));
  for (let root = el && shadowRootOf(el); root; root = el && shadowRootOf(el)) {
    const inner = seen(ShadowRoot.prototype.elementsFromPoint.call(root, x, y));
    if (!inner || inner === el) break;
    el = inner;
  }
  return el;
}

/** Verso's own UI: a node inside one of its hosts (`verso-page`, `verso-selection`...), across shadow roots. */
export function inVersoUi(node: Node): boolean {
  for (let cur: Node | null = node; cur; cur = parentAcross(cur)) {
    if (isOwnHost(cur) || (nodeTypeOf(cur) === 1 && (cur as Element).localName.startsWith('verso-'))) return true;
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
 * its own record (lib/features/page-translate/segments), so its original comes back exactly.
 *
 * The paragraph is the one under the real pointer: its position comes only from the person's own
 * pointer and mouse moves, and the element the person sees at that point is looked up when the key goes
 * down (`elementUnder`). The target of the last move is never used: a page's synthetic `pointermove`
 * could name any block (an off-screen one of 100,000 characters, say) and each press would send it.
 */
export class HoverParagraph {
  /** Where the person's pointer is, in viewport coordinates (trusted moves only). */
  private at: { x: number; y: number } | null = null;
  /** The element under the pointer when the key went down. */
  private pointed: Node | null = null;
  private pressed: string | null = null;
  private spoiled = false;
  private readonly done = new Map<Element, PageTranslation>();
  private readonly working = new Set<Element>();

  constructor(private readonly deps: HoverDeps) {}

  private trusted(event: Event): boolean {
    return this.deps.trusted ? this.deps.trusted(event) : event.isTrusted;
  }

  /** A `pointermove` or `mousemove`: only the person's own say where the pointer is. */
  onPointerMove(event: Event): void {
    if (!this.trusted(event)) return;
    const { clientX, clientY } = event as MouseEvent;
    if (Number.isFinite(clientX) && Number.isFinite(clientY)) this.at = { x: clientX, y: clientY };
  }

  private elementAt(): Element | null {
    if (!this.at) return null;
    const { x, y } = this.at;
    return this.deps.elementAt ? this.deps.elementAt(x, y) : elementUnder(this.deps.doc, x, y);
  }

  /**
   * A press of the key that the bootstrap saw before this code was in (lib/bootstrap), with where the
   * person's pointer was: acted on as if seen here (translated if the key is already up, else the key's
   * release does it).
   */
  seed(press: { key: string; x: number; y: number; released: boolean }): Promise<void> | undefined {
    const modifier = this.deps.settings()?.modifier;
    if (!modifier || modifier === 'off' || press.key !== modifier) return undefined;
    this.at = { x: press.x, y: press.y };
    this.pointed = this.elementAt();
    if (press.released) return this.toggle();
    this.pressed = press.key;
    this.spoiled = false;
    return undefined;
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
      this.pointed = this.elementAt();
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
    const bilingual = this.deps.mode?.() === 'bilingual';
    const store = new PageTranslation({
      targetLang: settings.targetLang,
      doc: this.deps.doc,
      parse: inertParser(),
      mode: bilingual ? 'bilingual' : 'translated',
    });
    const units = segment(block, { targetLang: settings.targetLang, claims: store }).units;
    const texts = units.filter((u) => u.kind === 'text').slice(0, MAX_UNITS);
    // Bilingual lines show attributes in the original (as the whole page does): they are not sent.
    const attrs = bilingual ? [] : units.filter((u) => u.kind === 'attr').slice(0, MAX_UNITS);
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
      if (bilingual) adoptBilingualStyle(this.deps.doc);
      for (const [i, unit] of texts.entries()) store.apply(unit, answer.value.texts[i] ?? '');
      for (const [i, unit] of attrs.entries()) store.apply(unit, escapeText(answer.value.attrs[i] ?? ''));
      this.done.set(block, store);
    } finally {
      this.working.delete(block);
    }
  }
}
