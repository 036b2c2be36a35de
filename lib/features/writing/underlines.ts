import { effect, type Signal, signal } from '@preact/signals';
import type { CheckModel } from './check-model.ts';
import { DOCS_EDITOR } from './docs-canvas.ts';
import { readEditable, watchEditable } from './editable-text.ts';
import { type EligibleField, eligibleField } from './eligibility.ts';
import { editableRanges, fieldBoxes, forgetFieldStyle, textClip, type ViewBox } from './field-geometry.ts';
import { readFieldText } from './field-io.ts';
import { addRanges, HighlightPainter, markedByPage } from './highlights.ts';
import { MarkedLines } from './marked-lines.ts';
import { NearScreen } from './near-screen.ts';
import { same } from './same.ts';
import type { SuggestionKind } from './suggestions.ts';

/** One suggestion's underline: a box per line it covers, in the viewport. */
export interface Mark {
  key: string;
  kind: SuggestionKind;
  boxes: ViewBox[];
}

/** The underlines of a field the person left (a textarea or input): its own layer, clipped to it. */
export interface OtherMarks {
  /** Stable per field while it is on the page. */
  id: number;
  clip: ViewBox;
  marks: Mark[];
}

/** Sets a signal only when the value differs in some part, so nothing redraws for nothing (drawn on every key). */
function set<T>(target: Signal<T>, value: T): void {
  if (!same(target.value, value)) target.value = value;
}

/** The field can still show suggestions: on the page, enabled, writable, rendered. */
function usable({ element, kind }: EligibleField): boolean {
  const eligible = kind === 'docs' || eligibleField(element)?.element === element;
  return element.isConnected && eligible && element.getClientRects().length > 0;
}

/**
 * Keeps the underlines of the current field's suggestions where the words are. In a contenteditable
 * region (where the browser has it) the CSS Custom Highlight API underlines the text itself: it does
 * not touch the editor's DOM and follows scrolling and wrapping by itself. In a textarea or input, and
 * elsewhere, `marks` holds boxes under the words for the overlay in Verso's shadow root (measured with a
 * hidden copy of the field, `field-geometry.ts`), drawn again on typing, scrolling, resizing and
 * wrapping, and dropped when the field is disabled or removed. The fields the person typed in before
 * (`CheckModel.others`) keep theirs the same way, each in its own layer.
 */
export class UnderlineLayer {
  readonly marks = signal<Mark[]>([]);
  /** The field's text area in the viewport: the overlay clips to it, so marks never spill out. */
  readonly clip = signal<ViewBox | null>(null);
  /** The field's border box (for the counter on its corner). */
  readonly fieldBox = signal<ViewBox | null>(null);
  /** Where the open card's suggestion is drawn (its first line), for the card to sit below it. */
  readonly activeBox = signal<ViewBox | null>(null);

  /**
   * The window's size at the last draw (read there, after the page's layout is done: read while the
   * page's layout is out of date, as in an input event, it would make the browser lay the page out).
   */
  readonly viewport = signal({ width: 0, height: 0 });

  /**
   * How many suggestions the current field has, as of the last draw: the counter changes with the
   * underlines, in one redraw of the layer, not in one of its own when an answer comes.
   */
  readonly count = signal(0);

  /** The underlines drawn over the other fields kept by the model (`CheckModel.others`). */
  readonly otherMarks = signal<OtherMarks[]>([]);

  private frame = 0;
  private readonly near = new NearScreen();
  private timer = 0;
  private readonly ids = new WeakMap<HTMLElement, number>();
  private lastId = 0;
  private readonly painter: HighlightPainter;
  /**
   * The sizes of the current field and of the fields the person left. An element taken out of the page
   * (or above it) reports a size too, so this also tells when one of them leaves: no observer of the
   * whole document's changes, which an editor that renders on every key would run on every key.
   */
  private readonly resize: ResizeObserver;
  private readonly attributes: MutationObserver;
  /** Changes inside a Docs editor (an editable region's come from its kept read, `watchEditable`). */
  private readonly contents: MutationObserver;
  /** Stops telling of changes inside the current editable region (`watchEditable`). */
  private unwatchEditable: (() => void) | undefined;
  private observed: HTMLElement | null = null;
  /** The lines holding an underline: a change elsewhere draws nothing. */
  private readonly marked = new MarkedLines();
  private readonly stop: () => void;

  constructor(
    private readonly check: CheckModel,
    /** A hidden copy to measure a text control in; `slot` 0 for the current field, then one per other. */
    private readonly mirror: (slot: number) => HTMLElement | undefined,
    private readonly view: Window = window,
  ) {
    this.viewport.value = { width: view.innerWidth, height: view.innerHeight };
    this.painter = new HighlightPainter(view);
    this.resize = new ResizeObserver((entries) => {
      // A field left behind changed its size or left the page: its marks are laid out again, or dropped.
      if (entries.some((entry) => entry.target !== this.observed)) this.restyle();
      else this.resized();
    });
    // Attributes that disable or hide the field.
    this.attributes = new MutationObserver(() => this.restyle());
    this.contents = new MutationObserver((records) => this.changed(records));
    this.stop = effect(() => {
      // Redraw whenever the suggestions or the field change, of the current field or the others.
      void this.check.suggestions.value;
      void this.check.active.value;
      void this.check.otherSuggestions.value;
      this.watch(
        this.check.field.value?.element ?? null,
        this.check.others.list.value.map((k) => k.field.element),
      );
      // What a draw itself changes (the text it read) it has drawn already.
      if (!this.drawing) this.schedule();
    });
  }

  /** The fields left behind whose sizes are watched (`resize`). */
  private sized: readonly HTMLElement[] = [];

  private watch(element: HTMLElement | null, others: readonly HTMLElement[]): void {
    if (element !== this.observed) {
      this.marked.reset();
      if (this.observed && !others.includes(this.observed)) this.resize.unobserve(this.observed);
      this.attributes.disconnect();
      this.contents.disconnect();
      this.unwatchEditable?.();
      this.unwatchEditable = undefined;
      this.observed = element;
      if (element) {
        this.resize.observe(element);
        // An editable region's changes come from the observer its kept read has (editable-read.ts); a
        // Docs editor redraws its annotations (docs-canvas.ts) as its text changes.
        if (element.isContentEditable) this.unwatchEditable = watchEditable(element, (r) => this.changed(r));
        else if (element.matches(DOCS_EDITOR)) {
          this.contents.observe(element, { childList: true, characterData: true, subtree: true });
        }
        this.attributes.observe(element, {
          attributes: true,
          attributeFilter: ['disabled', 'readonly', 'contenteditable', 'hidden', 'style', 'class', 'data-verso'],
        });
      }
    }
    if (others.length === this.sized.length && others.every((other, i) => other === this.sized[i])) return;
    for (const other of this.sized) if (other !== element && !others.includes(other)) this.resize.unobserve(other);
    for (const other of others) if (other !== element && !this.sized.includes(other)) this.resize.observe(other);
    this.sized = others;
  }

  /** Changes inside the current field that came with no input event (an editor's undo, its own redraw). */
  private changed(records: readonly MutationRecord[]): void {
    if (!this.observed || this.marked.moved(this.observed, records)) this.schedule();
  }

  /**
   * Whether `element`'s text is read by the draws (an editable region it watches, read once a frame when
   * a change inside it may move an underline, `MarkedLines`), so typing need not read it itself.
   */
  readsLater(element: HTMLElement): boolean {
    return element === this.observed && element.isContentEditable && this.painter.available;
  }

  /**
   * The field's size changed (a compose box grows by a line as the person types on): highlight ranges
   * follow the text where it now wraps, so only the places beside it are measured again (`scrolled`).
   */
  private resized(): void {
    if (this.onlyRanges) this.request('place');
    else this.restyle();
  }

  /** The field's style or the window changed: measure its style again, then draw. */
  restyle(): void {
    if (this.observed) forgetFieldStyle(this.observed);
    for (const k of this.check.others.list.value) forgetFieldStyle(k.field.element);
    this.schedule();
  }

  /**
   * Draws again just after the next frame (many triggers in one frame draw once). After, not in, the
   * frame: the browser has laid out the page's own changes (the key just typed) by then, so measuring
   * forces no layout of a long document a second time; only Verso's copy of a text control is laid out.
   */
  schedule(): void {
    this.request('draw');
  }

  /**
   * The page scrolled. Highlight ranges follow the text by themselves: when the last draw painted only
   * those (the current field is an editable region, no text control keeps marks) and the underlines near
   * the screen are still the ones laid out, only the counter's and the open card's places are measured
   * again. Typing at the bottom of a long mail scrolls the page at each new line: that is most of them.
   */
  scrolled(): void {
    this.request(this.onlyRanges ? 'place' : 'draw');
  }

  /** What the next pass does: a draw wins over a place. */
  private pending: 'place' | 'draw' | null = null;

  private request(what: 'place' | 'draw'): void {
    if (what === 'draw' || !this.pending) this.pending = what;
    if (this.frame || this.timer) return;
    this.frame = this.view.requestAnimationFrame(() => {
      this.frame = 0;
      this.timer = this.view.setTimeout(() => {
        this.timer = 0;
        const pass = this.pending;
        this.pending = null;
        if (pass === 'place') this.place();
        else this.draw();
      }, 0);
    });
  }

  /** Set by a draw that painted highlight ranges only, all of them when `nearAll`. */
  private onlyRanges = false;
  private nearAll = false;
  /** The open card's suggestion's range at the last draw (a live range: it follows the text). */
  private activeRange: Range | undefined;

  private place(): void {
    const field = this.check.field.value;
    const box = field?.element.isConnected && this.onlyRanges ? field.element.getBoundingClientRect() : null;
    if (!field || !box || (!this.nearAll && !this.near.holds(field.element, box))) {
      this.draw();
      return;
    }
    set(this.fieldBox, { left: box.left, top: box.top, width: box.width, height: box.height });
    const rect = this.activeRange?.getClientRects()[0];
    set(this.activeBox, rect ? { left: rect.left, top: rect.top, width: rect.width, height: rect.height } : null);
  }

  private drawing = false;

  private draw(): void {
    this.drawing = true;
    try {
      this.drawField();
    } finally {
      this.drawing = false;
    }
  }

  private drawField(): void {
    set(this.viewport, { width: this.view.innerWidth, height: this.view.innerHeight });
    const highlight = new Map<SuggestionKind, Range[]>();
    const others = this.drawOthers(highlight);
    set(this.otherMarks, others);
    this.onlyRanges = false;
    this.activeRange = undefined;
    const field = this.check.field.value;
    if (!field || !usable(field)) {
      this.painter.paint(highlight);
      set(this.count, 0);
      set(this.marks, []);
      set(this.clip, null);
      set(this.fieldBox, null);
      set(this.activeBox, null);
      if (field) this.check.detach();
      return;
    }
    const read = field.kind === 'editable' ? readEditable(field.element) : undefined;
    this.check.refresh(read?.text);
    const list = this.check.suggestions.value;
    set(this.count, list.length);
    const box = field.element.getBoundingClientRect();
    set(this.fieldBox, { left: box.left, top: box.top, width: box.width, height: box.height });
    const spans = list.map((s) => ({ start: s.markStart, end: s.markEnd }));
    if (read && this.painter.available) {
      // In a long document only the underlines on screen or near it are laid out (scrolling draws again).
      const near = this.near.of(field.element, read, box);
      const active = this.check.activeSuggestion.value;
      const ranges = editableRanges(
        field.element,
        spans.map((span, i) =>
          !near || list[i] === active || (span.end >= near.from && span.start <= near.to) ? span : null,
        ),
        read,
      );
      addRanges(
        highlight,
        list,
        ranges.map((r) => (r && markedByPage(r, field.element) ? undefined : r)),
      );
      this.painter.paint(highlight);
      this.marked.drawn(field.element, ranges);
      set(this.marks, []);
      set(this.clip, null);
      const index = active ? list.indexOf(active) : -1;
      this.activeRange = index >= 0 ? ranges[index] : undefined;
      this.onlyRanges = others.length === 0;
      this.nearAll = !near;
      const rect = this.activeRange?.getClientRects()[0];
      set(this.activeBox, rect ? { left: rect.left, top: rect.top, width: rect.width, height: rect.height } : null);
      return;
    }
    this.painter.paint(highlight);
    const mirror = this.mirror(0);
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

  /**
   * The underlines of the fields the person left: highlight ranges of editable regions go into
   * `highlight`, the marks of text controls are returned, one layer per field. A field that left the page
   * (or can no longer be written in) is dropped; one whose text changed keeps the suggestions of the
   * sentences that did not.
   */
  private drawOthers(highlight: Map<SuggestionKind, Range[]>): OtherMarks[] {
    const out: OtherMarks[] = [];
    for (const { field } of this.check.others.list.value) {
      if (usable(field)) {
        const read = field.kind === 'editable' ? readEditable(field.element) : undefined;
        this.check.others.see(field.element, read?.text ?? readFieldText(field));
      } else this.check.others.drop(field.element);
    }
    this.check.otherSuggestions.value.forEach(({ field, suggestions: list }, i) => {
      if (list.length === 0) return;
      const spans = list.map((s) => ({ start: s.markStart, end: s.markEnd }));
      if (field.kind === 'editable' && this.painter.available) {
        const ranges = editableRanges(field.element, spans);
        addRanges(
          highlight,
          list,
          ranges.map((r) => (r && markedByPage(r, field.element) ? undefined : r)),
        );
        return;
      }
      const mirror = this.mirror(i + 1);
      if (!mirror) return;
      const boxes = fieldBoxes(field, mirror, spans);
      const marks = list.map((s, j) => ({ key: s.key, kind: s.kind, boxes: boxes[j] ?? [] }));
      out.push({ id: this.idOf(field), clip: textClip(field.element), marks });
    });
    return out;
  }

  private idOf(field: EligibleField): number {
    let id = this.ids.get(field.element);
    if (id === undefined) {
      id = ++this.lastId;
      this.ids.set(field.element, id);
    }
    return id;
  }

  private clear(): void {
    this.painter.clear();
    this.count.value = 0;
    this.marks.value = [];
    this.otherMarks.value = [];
    this.clip.value = null;
    this.fieldBox.value = null;
    this.activeBox.value = null;
  }

  dispose(): void {
    this.stop();
    if (this.frame) this.view.cancelAnimationFrame(this.frame);
    if (this.timer) this.view.clearTimeout(this.timer);
    this.resize.disconnect();
    this.attributes.disconnect();
    this.contents.disconnect();
    this.unwatchEditable?.();
    this.clear();
    this.painter.dispose();
  }
}
