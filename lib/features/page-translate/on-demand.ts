import { getAttribute, localNameOf, nodeTypeOf, parentAcross } from '../../dom/unclobbered.ts';
import { onlyTrusted } from '../../ui/trusted.ts';
import type { AttrName, AttrUnit } from './segments/index.ts';

/**
 * Attribute text is paid for when it is shown, not with the page: a tooltip (`title`) when the person
 * points at or focuses its element (the browser shows it half a second to a second later, after the
 * answer), a label for screen readers (`aria-label`, `aria-description`) on focus, an image's `alt` when
 * the image failed to load (then it is text on the page and goes with its block). A placeholder is shown
 * text: it goes with its block, as do screen-reader labels when the person chose to have them translated
 * with the page.
 */
export type AttrWhen = 'with-block' | 'on-show';

const LABELS: ReadonlySet<AttrName> = new Set<AttrName>(['aria-label', 'aria-description']);

/** An image that will not load: it shows its `alt` as text. */
export const brokenImage = (el: Element): boolean => {
  const img = el as HTMLImageElement;
  return img.complete === true && img.naturalWidth === 0;
};

/** The element an event happened on (its real target, inside open shadow roots), if it was an element. */
function elementOf(event: Event, win: Window): Element | null {
  const first = event.composedPath()[0];
  return first instanceof (win as unknown as typeof globalThis).Element ? first : null;
}

/** When an attribute unit is to be sent: with its block, or once it is shown. */
export function attrWhen(unit: AttrUnit, labelsWithPage: boolean): AttrWhen {
  if (unit.name === 'placeholder') return 'with-block';
  if (LABELS.has(unit.name)) return labelsWithPage ? 'with-block' : 'on-show';
  if (unit.name === 'alt') {
    if (localNameOf(unit.element) !== 'img') return 'with-block';
    return brokenImage(unit.element) ? 'with-block' : 'on-show';
  }
  return 'on-show';
}

/** How many attribute translations pointing and focusing may start: a page's moves cannot run up a bill. */
export const SHOW_LIMITS = { perSecond: 10, perMinute: 120 };

/** Focus counts this long after the person's key or pointer press (Tab, a click, a screen reader's keys). */
const FOCUS_AFTER_INPUT_MS = 1000;

export interface OnDemandDeps {
  win: Window;
  now(): number;
  /** Tooltips and labels a person is about to see: sent at once, on the screen's priority. */
  release(units: AttrUnit[]): void;
  /** An image that failed to load shows its `alt`: it goes with its block (the reading gate). */
  shown(units: AttrUnit[]): void;
  /** Whether the translation alone is shown now (nothing is sent while the original or both languages are). */
  active(): boolean;
  limits?: { perSecond: number; perMinute: number };
  /** The person's own event (default `isTrusted`; tests say which of theirs are). */
  trusted?(event: Event): boolean;
}

/**
 * Holds attribute units until their text is shown. Only the person's own pointer and focus count (trusted
 * events), and at most `SHOW_LIMITS` translations start from them: a page that fires pointer or focus
 * events on thousands of elements spends nothing, and one that moves the real pointer for the person
 * little. What is over the limit stays held for the next time.
 */
export class AttributesOnDemand {
  private readonly held = new Map<Element, AttrUnit[]>();
  private readonly started: number[] = [];
  private readonly listening = new AbortController();
  private readonly limits: { perSecond: number; perMinute: number };
  /** When the person last pressed a key or the pointer (trusted). */
  private lastInput = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: OnDemandDeps) {
    this.limits = deps.limits ?? SHOW_LIMITS;
    const { trusted } = deps;
    // Only the person's own events (lib/ui/trusted.ts): a page cannot make its events trusted.
    const only = trusted
      ? (handler: (event: Event) => void) => (event: Event) => trusted(event) && handler(event)
      : onlyTrusted;
    const options = { capture: true, passive: true, signal: this.listening.signal };
    const { win } = deps;
    win.addEventListener(
      'mouseover',
      only((event) => this.onShow(event, false)),
      options,
    );
    win.addEventListener(
      'focusin',
      only((event) => this.onShow(event, true)),
      options,
    );
    // A page can move the focus itself (`el.focus()` gives trusted events): focus counts after the
    // person's own key or pointer press only.
    for (const type of ['keydown', 'pointerdown']) {
      win.addEventListener(
        type,
        only(() => {
          this.lastInput = deps.now();
        }),
        options,
      );
    }
    // `error` does not bubble, but a listener on the window in the capture phase hears every image's.
    win.addEventListener(
      'error',
      only((event) => this.onError(event)),
      options,
    );
  }

  /** Units held (tooltips and labels not shown yet). */
  get size(): number {
    let count = 0;
    for (const units of this.held.values()) count += units.length;
    return count;
  }

  add(units: readonly AttrUnit[]): void {
    for (const unit of units) {
      const list = this.held.get(unit.element);
      if (list) list.push(unit);
      else this.held.set(unit.element, [unit]);
    }
  }

  /** Drops units whose elements left the page. */
  prune(): void {
    for (const el of [...this.held.keys()]) if (!el.isConnected) this.held.delete(el);
  }

  dispose(): void {
    this.listening.abort();
    this.held.clear();
  }

  private onShow(event: Event, focus: boolean): void {
    if (this.held.size === 0 || !this.deps.active()) return;
    if (focus && this.deps.now() - this.lastInput > FOCUS_AFTER_INPUT_MS) return;
    const first = elementOf(event, this.deps.win);
    if (!first) return;
    const wanted: AttrUnit[] = [];
    // The tooltip shown is the nearest element's with a title; labels are the focused element's own.
    let titled = false;
    for (let node: Node | null = first; node; node = parentAcross(node)) {
      if (nodeTypeOf(node) !== 1) continue;
      const el = node as Element;
      const units = this.held.get(el);
      if (units) {
        for (const unit of units) {
          if ((unit.name === 'title' && !titled) || (focus && node === first && LABELS.has(unit.name))) {
            wanted.push(unit);
          }
        }
      }
      if (getAttribute(el, 'title') !== null) titled = true;
      if (titled) break;
    }
    if (wanted.length === 0) return;
    const allowed = this.allowance(wanted.length);
    if (allowed === 0) return;
    const released = wanted.slice(0, allowed);
    for (const unit of released) this.take(unit);
    this.deps.release(released);
  }

  private onError(event: Event): void {
    // Also the window's own `error` (a script's uncaught error), which names no element.
    const target = elementOf(event, this.deps.win);
    if (!target) return;
    const units = this.held.get(target)?.filter((unit) => unit.name === 'alt');
    if (!units?.length) return;
    for (const unit of units) this.take(unit);
    this.deps.shown(units);
  }

  /** How many of `wanted` translations may start now within the limits (and counts them). */
  private allowance(wanted: number): number {
    const now = this.deps.now();
    while (this.started.length > 0 && now - this.started[0]! >= 60_000) this.started.shift();
    let lastSecond = 0;
    for (let i = this.started.length - 1; i >= 0 && now - this.started[i]! < 1000; i--) lastSecond++;
    const allowed = Math.max(
      0,
      Math.min(wanted, this.limits.perSecond - lastSecond, this.limits.perMinute - this.started.length),
    );
    for (let i = 0; i < allowed; i++) this.started.push(now);
    return allowed;
  }

  private take(unit: AttrUnit): void {
    const list = this.held.get(unit.element);
    if (!list) return;
    const rest = list.filter((other) => other !== unit);
    if (rest.length > 0) this.held.set(unit.element, rest);
    else this.held.delete(unit.element);
  }
}
