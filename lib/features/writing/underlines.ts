import { effect, type Signal, signal } from '@preact/signals';
import type { CheckModel } from './check-model.ts';
import { readEditable } from './editable-text.ts';
import { eligibleField } from './eligibility.ts';
import { editableRanges, fieldBoxes, forgetFieldStyle, textClip, type ViewBox } from './field-geometry.ts';
import { SUGGESTION_KINDS, type SuggestionKind } from './suggestions.ts';

/** One suggestion's underline: a box per line it covers, in the viewport. */
export interface Mark {
  key: string;
  kind: SuggestionKind;
  boxes: ViewBox[];
}

/** Underline colours per kind (also used by the overlay's styles). */
const MARK_COLOURS: Record<SuggestionKind, string> = {
  spelling: '#d93025',
  grammar: '#1a73e8',
  punctuation: '#c26401',
  style: '#8430ce',
};

const HIGHLIGHT_PREFIX = 'verso-';

interface HighlightApi {
  registry: Map<string, unknown>;
  make(ranges: Range[]): unknown;
}

/** The CSS Custom Highlight API, where the browser has it (Chromium 105+, Safari 17.2+, Firefox 140+). */
function highlightApi(view: Window): HighlightApi | undefined {
  const registry = (view as unknown as { CSS?: { highlights?: Map<string, unknown> } }).CSS?.highlights;
  const Highlight = (view as unknown as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  if (!registry || typeof Highlight !== 'function') return undefined;
  return { registry, make: (ranges) => new Highlight(...ranges) };
}

/** The page-wide rules that draw the highlights (they only style Verso's named highlights). */
function highlightCss(): string {
  return SUGGESTION_KINDS.map(
    (kind) =>
      `::highlight(${HIGHLIGHT_PREFIX}${kind}){text-decoration-line:underline;text-decoration-style:wavy;text-decoration-color:${MARK_COLOURS[kind]};text-decoration-skip-ink:none}`,
  ).join('\n');
}

/** Sets a signal only when the value differs (as JSON: boxes and marks are plain data), so nothing redraws for nothing. */
function set<T>(target: Signal<T>, value: T): void {
  if (target.value === value || JSON.stringify(target.value) === JSON.stringify(value)) return;
  target.value = value;
}

/** The field can still show suggestions: on the page, enabled, writable, rendered. */
function usable(element: HTMLElement): boolean {
  return element.isConnected && eligibleField(element)?.element === element && element.getClientRects().length > 0;
}

/**
 * Keeps the underlines of the current field's suggestions where the words are. In a contenteditable
 * region (where the browser has it) the CSS Custom Highlight API underlines the text itself: it does
 * not touch the editor's DOM and follows scrolling and wrapping by itself. In a textarea or input, and
 * elsewhere, `marks` holds boxes under the words for the overlay in Verso's shadow root (measured with a
 * hidden copy of the field, `field-geometry.ts`), drawn again on typing, scrolling, resizing and
 * wrapping, and dropped when the field is disabled or removed.
 */
export class UnderlineLayer {
  readonly marks = signal<Mark[]>([]);
  /** The field's text area in the viewport: the overlay clips to it, so marks never spill out. */
  readonly clip = signal<ViewBox | null>(null);
  /** The field's border box (for the counter on its corner). */
  readonly fieldBox = signal<ViewBox | null>(null);
  /** Where the open card's suggestion is drawn (its first line), for the card to sit below it. */
  readonly activeBox = signal<ViewBox | null>(null);

  private frame = 0;
  private readonly highlights: HighlightApi | undefined;
  private highlighted = false;
  private sheet: CSSStyleSheet | HTMLStyleElement | undefined;
  private readonly resize: ResizeObserver;
  private readonly attributes: MutationObserver;
  private readonly removals: MutationObserver;
  private observed: HTMLElement | null = null;
  private readonly stop: () => void;

  constructor(
    private readonly check: CheckModel,
    private readonly mirror: () => HTMLElement | undefined,
    private readonly view: Window = window,
  ) {
    this.highlights = highlightApi(view);
    this.resize = new ResizeObserver(() => this.restyle());
    // Attributes that disable or hide the field, and removals anywhere above it (other changes of the
    // page cost one check of `isConnected`).
    this.attributes = new MutationObserver(() => this.restyle());
    this.removals = new MutationObserver(() => {
      if (this.observed && !this.observed.isConnected) this.schedule();
    });
    this.stop = effect(() => {
      // Redraw whenever the suggestions or the field change.
      void this.check.suggestions.value;
      void this.check.active.value;
      this.watch(this.check.field.value?.element ?? null);
      this.schedule();
    });
  }

  private watch(element: HTMLElement | null): void {
    if (element === this.observed) return;
    this.resize.disconnect();
    this.attributes.disconnect();
    this.removals.disconnect();
    this.observed = element;
    if (!element) return;
    this.resize.observe(element);
    this.attributes.observe(element, {
      attributes: true,
      attributeFilter: ['disabled', 'readonly', 'contenteditable', 'hidden', 'style', 'class', 'data-verso'],
    });
    this.removals.observe(element.ownerDocument, { childList: true, subtree: true });
  }

  /** The field's size, style or the window changed: measure its style again, then draw. */
  restyle(): void {
    if (this.observed) forgetFieldStyle(this.observed);
    this.schedule();
  }

  /** Draws again at the next frame (many triggers in one frame draw once). */
  schedule(): void {
    if (this.frame) return;
    this.frame = this.view.requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    const field = this.check.field.value;
    if (!field || !usable(field.element)) {
      this.clear();
      if (field) this.check.detach();
      return;
    }
    const read = field.kind === 'editable' ? readEditable(field.element) : undefined;
    if (read) this.check.see(read.text);
    else this.check.refresh();
    const list = this.check.suggestions.value;
    const box = field.element.getBoundingClientRect();
    set(this.fieldBox, { left: box.left, top: box.top, width: box.width, height: box.height });
    const spans = list.map((s) => ({ start: s.markStart, end: s.markEnd }));
    if (read && this.highlights && this.ensureSheet()) {
      const ranges = editableRanges(field.element, spans, read);
      for (const kind of SUGGESTION_KINDS) {
        const own = ranges.filter((r, i): r is Range => !!r && list[i]?.kind === kind);
        if (own.length) this.highlights.registry.set(HIGHLIGHT_PREFIX + kind, this.highlights.make(own));
        else this.highlights.registry.delete(HIGHLIGHT_PREFIX + kind);
      }
      this.highlighted = true;
      set(this.marks, []);
      set(this.clip, null);
      const active = this.check.activeSuggestion.value;
      const index = active ? list.indexOf(active) : -1;
      const rect = index >= 0 ? ranges[index]?.getClientRects()[0] : undefined;
      set(this.activeBox, rect ? { left: rect.left, top: rect.top, width: rect.width, height: rect.height } : null);
      return;
    }
    // The highlights of an editable region the person left go with it.
    this.clearHighlights();
    const mirror = this.mirror();
    if (!mirror || list.length === 0) {
      set(this.marks, []);
      set(this.clip, null);
      set(this.activeBox, null);
      return;
    }
    const boxes = fieldBoxes(field, mirror, spans);
    set(this.clip, textClip(field.element));
    set(
      this.marks,
      list.map((s, i) => ({ key: s.key, kind: s.kind, boxes: boxes[i] ?? [] })),
    );
    const active = this.check.activeSuggestion.value;
    set(this.activeBox, (active && boxes[list.indexOf(active)]?.[0]) || null);
  }

  /** The page-wide rules for the highlights, added once; false when the page refuses them. */
  private ensureSheet(): boolean {
    if (this.sheet) return true;
    const doc = this.view.document;
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(highlightCss());
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
      this.sheet = sheet;
    } catch {
      // Older engines and some pages: a style element in the head instead.
      const style = doc.createElement('style');
      style.textContent = highlightCss();
      (doc.head ?? doc.documentElement).append(style);
      this.sheet = style;
    }
    return true;
  }

  private clearHighlights(): void {
    if (this.highlighted && this.highlights) {
      for (const kind of SUGGESTION_KINDS) this.highlights.registry.delete(HIGHLIGHT_PREFIX + kind);
      this.highlighted = false;
    }
  }

  private clear(): void {
    this.clearHighlights();
    this.marks.value = [];
    this.clip.value = null;
    this.fieldBox.value = null;
    this.activeBox.value = null;
  }

  dispose(): void {
    this.stop();
    if (this.frame) this.view.cancelAnimationFrame(this.frame);
    this.resize.disconnect();
    this.attributes.disconnect();
    this.removals.disconnect();
    this.clear();
    const sheet = this.sheet;
    if (sheet instanceof CSSStyleSheet) {
      const doc = this.view.document;
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
    } else sheet?.remove();
  }
}
