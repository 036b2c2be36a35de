import { expectsTopLayer, isOwnHost, raiseToTopLayer } from '../dom/own-ui.ts';
import { t } from './i18n.ts';

/**
 * Clicks only where a person could see (docs/security.md, "Hostile pages"). A page can lay a decoy over
 * Verso's in-page buttons (an opaque element on top with `pointer-events: none`, so the person's real
 * click lands on Verso's button), or make them transparent, so that a click the person meant for the
 * page spends their quota or changes their settings. A button that sends text or grants more acts only
 * when, at the moment of the click:
 *
 * - the click is the person's own (`isTrusted`), and a pointer's click falls inside the control;
 * - the control and what it sits in (across its shadow root, to the page's own elements, unless its host
 *   is in the top layer, which no page ancestor can affect) are not transparent, hidden, clipped, masked,
 *   filtered or shrunk: the page can style Verso's host and everything around it;
 * - where the browser has IntersectionObserver v2 (Chromium), it reports the control visible: nothing
 *   painted over it (a `pointer-events: none` decoy included), no opacity, transform or filter. Firefox
 *   has no v2; there a host in the top layer (`popover`) keeps page content from painting over it, and
 *   a page's own top-layer element (a popover or modal dialog) over the control refuses the click.
 */

/** Why a click was refused. */
export type Refusal = 'untrusted' | 'outside' | 'hidden' | 'covered';

/** IntersectionObserver v2, as Chromium has it (the option is not in TypeScript's DOM types). */
type VisibilityInit = IntersectionObserverInit & { trackVisibility: boolean; delay: number };
type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };

/** Whether this browser reports occlusion (`IntersectionObserverEntry.isVisible`). */
export const tracksVisibility = (win: Window = window): boolean => {
  const entry = (win as Window & typeof globalThis).IntersectionObserverEntry;
  return typeof entry === 'function' && 'isVisible' in entry.prototype;
};

/** The parent element across shadow roots (a shadow root's parent is its host). */
function parentAcross(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root && root.nodeType === 11 && 'host' in root ? (root as ShadowRoot).host : null;
}

/** Whether an element is open in the top layer (popover, modal dialog, fullscreen). */
function inTopLayer(el: Element): boolean {
  try {
    return el.matches(':popover-open, :modal, :fullscreen');
  } catch {
    return false;
  }
}

/**
 * Why the control cannot be seen as the page styled it, if it cannot: walked from the control up
 * through its shadow host to the root, stopping at a host in the top layer.
 */
export function hiddenByStyle(control: Element, view: Window = window): string | undefined {
  const own = view.getComputedStyle(control);
  if (own.visibility === 'hidden' || own.visibility === 'collapse') return `visibility: ${own.visibility}`;
  const rect = control.getBoundingClientRect();
  if (rect.width < 1 || rect.height < 1) return 'no size';
  // A transform that shrinks the control (the layout box is its size before transforms).
  const box = control as HTMLElement;
  if (box.offsetWidth > 0 && (rect.width < box.offsetWidth * 0.9 || rect.height < box.offsetHeight * 0.9))
    return 'shrunk';
  for (let el: Element | null = control; el; el = parentAcross(el)) {
    const style = view.getComputedStyle(el);
    if (style.display === 'none') return 'display: none';
    if (Number.parseFloat(style.opacity) < 1) return `opacity: ${style.opacity}`;
    if (style.filter && style.filter !== 'none') return `filter: ${style.filter}`;
    if (style.clipPath && style.clipPath !== 'none') return `clip-path: ${style.clipPath}`;
    const mask = style.maskImage || (style as CSSStyleDeclaration & { webkitMaskImage?: string }).webkitMaskImage;
    if (mask && mask !== 'none') return `mask: ${mask}`;
    if (inTopLayer(el)) break;
  }
  return undefined;
}

/** The outermost element around the control that is not the document's root: its shadow host. */
function hostAround(control: Element): Element {
  const root = control.ownerDocument.documentElement;
  let cur = control;
  for (let up = parentAcross(cur); up && up !== root; up = parentAcross(cur)) cur = up;
  return cur;
}

/** The page's own top-layer elements over the control (for browsers without v2: they paint over it). */
function coveredByTopLayer(control: Element, host: Element): boolean {
  const rect = control.getBoundingClientRect();
  let open: Iterable<Element>;
  try {
    open = control.ownerDocument.querySelectorAll(':popover-open, :modal, :fullscreen');
  } catch {
    return false;
  }
  for (const el of open) {
    if (el === host || el.contains(host) || host.contains(el)) continue;
    // Verso's own hosts (known by identity, lib/dom/own-ui.ts) are no decoy: a full-window host that takes
    // no click, such as the page card's, must not make every other Verso button refuse its clicks.
    if (isOwnHost(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right > rect.left && r.left < rect.right && r.bottom > rect.top && r.top < rect.bottom) return true;
  }
  return false;
}

/**
 * After the control was reported covered, how long it must have been seen uncovered before a click on
 * it counts: a page that lifts its decoy when the person presses (it sees the press first) must not get
 * the click. About the time a person needs to notice what changed under the pointer; a control never
 * reported covered is not held back at all.
 */
export const UNCOVERED_MS = 500;

export interface ClickGuardOptions {
  /** Whether to use IntersectionObserver v2 (default: when the browser has it). */
  trackVisibility?: boolean;
  /** How long a click waits for the browser's look at the control, at most (then it is refused). */
  lookMs?: number;
  /** Makes the observers (tests give a fake; default: the control's window's IntersectionObserver). */
  createObserver?: (callback: IntersectionObserverCallback, init: IntersectionObserverInit) => IntersectionObserver;
}

const VISIBILITY: VisibilityInit = { trackVisibility: true, delay: 100, threshold: [0, 1] };

/**
 * Watches one control (its element, given by `attach`) and judges clicks on it. Create one per control;
 * `attach(null)` or `dispose()` stops watching.
 *
 * With v2, a click counts when (1) the latest report says visible, (2) the control has been seen
 * uncovered for `UNCOVERED_MS` if it was ever reported covered, and (3) a fresh look, taken in the frame
 * after the click, finds it visible too: reports come at most every 100 ms, so a decoy laid over the
 * control just before the click is not in the latest report yet, but it is in the fresh look.
 */
export class ClickGuard {
  private observer: IntersectionObserver | undefined;
  private el: Element | null = null;
  /** The latest v2 report: undefined until the first arrives. */
  private visible: boolean | undefined;
  /** When the control was last reported going from covered to visible (-1: never covered). */
  private uncoveredAt = -1;
  private readonly tracking: boolean;

  constructor(private readonly opts: ClickGuardOptions = {}) {
    this.tracking =
      opts.trackVisibility ??
      (opts.createObserver !== undefined || (typeof window !== 'undefined' && tracksVisibility(window)));
  }

  private observe(el: Element, callback: IntersectionObserverCallback): IntersectionObserver {
    const view = (el.ownerDocument.defaultView ?? window) as Window & typeof globalThis;
    const create =
      this.opts.createObserver ?? ((callback, options) => new view.IntersectionObserver(callback, options));
    const observer = create(callback, VISIBILITY);
    observer.observe(el);
    return observer;
  }

  /** A ref callback: watches the control while it is in the page. */
  readonly attach = (el: Element | null): void => {
    if (el === this.el) return;
    this.observer?.disconnect();
    this.observer = undefined;
    this.el = el;
    this.visible = undefined;
    this.uncoveredAt = -1;
    if (!el || !this.tracking) return;
    this.observer = this.observe(el, (entries) => {
      const last = entries[entries.length - 1] as VisibilityEntry | undefined;
      if (!last || last.target !== this.el) return;
      const visible = last.isVisible === true;
      if (visible && this.visible === false) this.uncoveredAt = last.time;
      else if (!visible) this.uncoveredAt = Number.POSITIVE_INFINITY;
      this.visible = visible;
    });
  };

  /** What v2 last said about the control (undefined: no report yet, or no v2 here). */
  get reported(): boolean | undefined {
    return this.visible;
  }

  /**
   * The browser's look at the control in the next frame (a new observer reports at once): true or false,
   * or undefined when the control left the page meanwhile (Verso hides the selection button as the
   * selection changes with the click): then there is nothing to look at, and the latest report decides.
   */
  private freshLook(el: Element): Promise<boolean | undefined> {
    return new Promise((resolve) => {
      let observer: IntersectionObserver | undefined;
      const timer = setTimeout(() => {
        observer?.disconnect();
        resolve(false);
      }, this.opts.lookMs ?? 1000);
      observer = this.observe(el, (entries) => {
        const last = entries[entries.length - 1] as VisibilityEntry | undefined;
        clearTimeout(timer);
        observer?.disconnect();
        if (!el.isConnected && last?.isIntersecting !== true) resolve(undefined);
        else resolve(last?.isVisible === true);
      });
    });
  }

  /**
   * Why this click must not act, or undefined when it may. A keyboard's click (Enter or Space on the
   * focused control, `detail` 0) has no point to check; the rest applies to it too.
   */
  async check(event: MouseEvent): Promise<Refusal | undefined> {
    const el = this.el ?? (event.currentTarget instanceof Element ? event.currentTarget : null);
    if (!event.isTrusted) return 'untrusted';
    if (!el) return 'hidden';
    // Read what the click says before waiting: the page may change things meanwhile.
    const pointer = event.detail > 0;
    if (pointer) {
      const rect = el.getBoundingClientRect();
      const { clientX: x, clientY: y } = event;
      if (x < rect.left || x > rect.right || y < rect.top || y > rect.bottom) return 'outside';
    }
    const view = el.ownerDocument.defaultView ?? window;
    if (hiddenByStyle(el, view)) return 'hidden';
    // The host was put in the top layer and the page took it out (removed `popover`, hid it): refused,
    // and put back, so that the person's next click, on what they then see, counts.
    const host = hostAround(el);
    if (expectsTopLayer(host) && !inTopLayer(host)) {
      raiseToTopLayer(host as HTMLElement);
      return 'covered';
    }
    if (this.tracking) {
      if (this.visible === false) return 'covered';
      if (this.uncoveredAt >= 0 && event.timeStamp - this.uncoveredAt < UNCOVERED_MS) return 'covered';
      const reported = this.visible;
      const look = await this.freshLook(el);
      if (look === undefined) return reported === true ? undefined : 'covered';
      return look ? undefined : 'covered';
    }
    return coveredByTopLayer(el, host) ? 'covered' : undefined;
  }

  dispose(): void {
    this.attach(null);
  }
}

/** What a refused control says: the person's click sent nothing, and how to get it through. */
export const refusalText = (): string =>
  t('clickRefused', "Verso's button was covered or hidden, so nothing was sent: click again where you can see it.");
