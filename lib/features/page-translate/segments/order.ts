import { getBoundingClientRect } from '../../../dom/unclobbered.ts';

/**
 * What the reader sees goes first: units on screen are translated before the rest of the page, and
 * the rest as it scrolls into view.
 */

interface Targeted {
  readonly target: Element;
}

/** Visible units first, each group in its original (document) order. */
export function visibleFirst<U extends Targeted>(units: readonly U[], isVisible: (el: Element) => boolean): U[] {
  const seen = new Map<Element, boolean>();
  const visible: U[] = [];
  const rest: U[] = [];
  for (const unit of units) {
    let shown = seen.get(unit.target);
    if (shown === undefined) {
      shown = isVisible(unit.target);
      seen.set(unit.target, shown);
    }
    (shown ? visible : rest).push(unit);
  }
  return visible.concat(rest);
}

/**
 * A synchronous visibility test from layout, for a first ordering before any observer reports.
 * `boxOf` is the element's layout box (tests pass their own; a DOM without layout has none).
 */
export const nearViewport =
  (win: Window, marginPx = 600, boxOf: (el: Element) => DOMRect = getBoundingClientRect) =>
  (el: Element): boolean => {
    const box = boxOf(el);
    if (box.width === 0 && box.height === 0) return false;
    return box.bottom >= -marginPx && box.top <= win.innerHeight + marginPx;
  };

export interface IntersectionEntryLike {
  readonly target: Element;
  readonly isIntersecting: boolean;
}

export interface ObserverLike {
  observe(el: Element): void;
  unobserve(el: Element): void;
  disconnect(): void;
}

export type ObserverFactory = (
  callback: (entries: readonly IntersectionEntryLike[]) => void,
  options: { rootMargin: string },
) => ObserverLike;

export interface VisibilityFeedOptions<U> {
  /** Called with units that came into view (within the margin), in document order, each unit once. */
  readonly onVisible: (units: U[]) => void;
  /** Looks ahead so text is ready before it scrolls in (default one screen or so below). */
  readonly rootMargin?: string;
  readonly createObserver?: ObserverFactory;
  /** Disconnects when aborted (e.g. the content script context's signal). */
  readonly signal?: AbortSignal;
}

const browserObserver: ObserverFactory = (callback, options) => new IntersectionObserver(callback, options);

/** Reports units as they become visible, for the content script to feed its request queue. */
export class VisibilityFeed<U extends Targeted> {
  private readonly observer: ObserverLike;
  private readonly waiting = new Map<Element, Array<{ unit: U; order: number }>>();
  private added = 0;

  constructor(private readonly opts: VisibilityFeedOptions<U>) {
    const create = opts.createObserver ?? browserObserver;
    this.observer = create((entries) => this.onEntries(entries), { rootMargin: opts.rootMargin ?? '800px 0px' });
    opts.signal?.addEventListener('abort', () => this.disconnect(), { once: true });
  }

  /** Units not reported yet. */
  get pending(): number {
    let n = 0;
    for (const list of this.waiting.values()) n += list.length;
    return n;
  }

  add(units: Iterable<U>): void {
    for (const unit of units) {
      let list = this.waiting.get(unit.target);
      if (!list) {
        list = [];
        this.waiting.set(unit.target, list);
        this.observer.observe(unit.target);
      }
      list.push({ unit, order: this.added++ });
    }
  }

  remove(units: Iterable<U>): void {
    const gone = new Set<U>(units);
    for (const [target, list] of this.waiting) {
      const kept = list.filter((item) => !gone.has(item.unit));
      if (kept.length === list.length) continue;
      if (kept.length > 0) this.waiting.set(target, kept);
      else this.forget(target);
    }
  }

  disconnect(): void {
    this.observer.disconnect();
    this.waiting.clear();
  }

  private forget(target: Element): void {
    this.waiting.delete(target);
    this.observer.unobserve(target);
  }

  private onEntries(entries: readonly IntersectionEntryLike[]): void {
    const batch: Array<{ unit: U; order: number }> = [];
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const list = this.waiting.get(entry.target);
      if (!list) continue;
      batch.push(...list);
      this.forget(entry.target);
    }
    if (batch.length === 0) return;
    batch.sort((a, b) => a.order - b.order);
    this.opts.onVisible(batch.map((item) => item.unit));
  }
}
