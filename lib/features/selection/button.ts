import { deepActiveElement, editingHostOf } from './capture.ts';

/** What the person chose for the button, for this site (message `selection.options`). */
export interface ButtonOptions {
  /** The button is on (globally, and not switched off for the site). */
  enabled: boolean;
  /** Also for selections in text fields and editors (never in password fields). */
  inFields: boolean;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface ButtonWatcherDeps {
  doc: Document;
  options(): ButtonOptions;
  /** Verso's own UI (the bubble, the button): selections and clicks there are not the page's. */
  isOwnUi(node: Node): boolean;
  /** Shows the button next to this box (viewport coordinates), or moves it there. */
  show(anchor: DOMRect): void;
  hide(): void;
  timers: Timers;
  /** Quiet time after the last change before a selection counts as settled. */
  settleMs?: number;
}

const LETTER = /\p{L}/u;
const FIELD_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', '']);

/** Where a settled selection is, if the button may be offered for it; why not, otherwise. */
export type Offer = { anchor: DOMRect } | { none: 'collapsed' | 'password' | 'field' | 'own' | 'off' | 'no-letter' };

function lastRect(range: Range): DOMRect | undefined {
  const rects = range.getClientRects();
  const last = rects.length > 0 ? rects[rects.length - 1] : undefined;
  return last && (last.width > 0 || last.height > 0) ? last : range.getBoundingClientRect();
}

/**
 * Whether the button is offered for the document's selection now. Never for a password field; in text
 * fields and editors only when the person enabled it; not for a selection without a letter.
 */
export function offerFor(doc: Document, options: ButtonOptions, isOwnUi: (node: Node) => boolean): Offer {
  if (!options.enabled) return { none: 'off' };
  const active = deepActiveElement(doc);
  if (active?.localName === 'input') {
    const input = active as HTMLInputElement;
    if (input.type.toLowerCase() === 'password') return { none: 'password' };
    if (FIELD_TYPES.has(input.type.toLowerCase()) && (input.selectionStart ?? 0) !== (input.selectionEnd ?? 0)) {
      if (!options.inFields) return { none: 'field' };
      const text = input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0);
      return LETTER.test(text) ? { anchor: input.getBoundingClientRect() } : { none: 'no-letter' };
    }
  }
  if (active?.localName === 'textarea') {
    const area = active as HTMLTextAreaElement;
    if ((area.selectionStart ?? 0) !== (area.selectionEnd ?? 0)) {
      if (!options.inFields) return { none: 'field' };
      const text = area.value.slice(area.selectionStart ?? 0, area.selectionEnd ?? 0);
      return LETTER.test(text) ? { anchor: area.getBoundingClientRect() } : { none: 'no-letter' };
    }
  }
  const selection = doc.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return { none: 'collapsed' };
  const range = selection.getRangeAt(0);
  if (isOwnUi(range.commonAncestorContainer)) return { none: 'own' };
  if (!options.inFields && (editingHostOf(range.startContainer) || editingHostOf(range.endContainer))) {
    return { none: 'field' };
  }
  if (!LETTER.test(selection.toString())) return { none: 'no-letter' };
  const anchor = lastRect(range);
  return anchor ? { anchor } : { none: 'collapsed' };
}

/**
 * Offers the translate button once a selection has settled: no change for a moment and no button of
 * the pointer held, so dragging across a paragraph or extending it with the keyboard shows nothing until
 * the person stops. A new change, a press elsewhere or Escape takes it away.
 */
export class SelectionButtonWatcher {
  private timer: unknown;
  private pointerHeld = false;
  private shown = false;
  /** Text was typed since the last key or press (`onInput`). */
  private typed = false;

  constructor(private readonly deps: ButtonWatcherDeps) {}

  onSelectionChange(): void {
    this.hide();
    if (this.typed) {
      // The caret moved with the text typed (an editor may set it more than once): nothing is selected.
      this.deps.timers.clear(this.timer);
      this.timer = undefined;
      return;
    }
    this.schedule();
  }

  /**
   * Text went into a field or editor: the selection changes that follow are its caret moving, not a
   * selection (a person typing a long text would otherwise pay for a settle at every pause), until the
   * next key or press, which is what makes a selection.
   */
  onInput(): void {
    this.typed = true;
  }

  /**
   * A selection that changed `agoMs` ago, before this code was in (lib/bootstrap): the wait for it to
   * settle counts from then, so loading Verso's features does not add to it.
   */
  onSelectionChangedAgo(agoMs: number): void {
    this.hide();
    this.schedule(Math.max(0, (this.deps.settleMs ?? 350) - Math.max(0, agoMs)));
  }

  onPointerDown(event: Event): void {
    this.typed = false;
    const target = event.composedPath()[0];
    if (target instanceof Node && this.deps.isOwnUi(target)) return;
    this.pointerHeld = true;
    this.hide();
  }

  onPointerUp(): void {
    if (!this.pointerHeld) return;
    this.pointerHeld = false;
    this.schedule();
  }

  onKeyDown(event: KeyboardEvent): void {
    this.typed = false;
    if (event.key === 'Escape') this.hide();
  }

  /** The page scrolled: the button follows the selection. */
  onScroll(): void {
    if (!this.shown) return;
    const offer = offerFor(this.deps.doc, this.deps.options(), this.deps.isOwnUi);
    if ('anchor' in offer) this.deps.show(offer.anchor);
    else this.hide();
  }

  hide(): void {
    if (!this.shown) return;
    this.shown = false;
    this.deps.hide();
  }

  dispose(): void {
    this.deps.timers.clear(this.timer);
    this.hide();
  }

  private schedule(ms = this.deps.settleMs ?? 350): void {
    this.deps.timers.clear(this.timer);
    this.timer = this.deps.timers.set(() => this.settle(), ms);
  }

  private settle(): void {
    this.timer = undefined;
    if (this.pointerHeld) return;
    const offer = offerFor(this.deps.doc, this.deps.options(), this.deps.isOwnUi);
    if (!('anchor' in offer)) return;
    this.shown = true;
    this.deps.show(offer.anchor);
  }
}
