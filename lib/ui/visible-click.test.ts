// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { raiseToTopLayer } from '../dom/own-ui.ts';
import { ClickGuard, hiddenByStyle, UNCOVERED_MS } from './visible-click.ts';

/** Where the control is on screen (happy-dom lays nothing out). */
const BOX = { left: 100, top: 50, width: 80, height: 28 };

let host: HTMLElement;
let control: HTMLButtonElement;

function place(el: Element, box = BOX) {
  el.getBoundingClientRect = () =>
    ({ ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top }) as DOMRect;
  Object.defineProperty(el, 'offsetWidth', { configurable: true, value: box.width });
  Object.defineProperty(el, 'offsetHeight', { configurable: true, value: box.height });
}

/** A click as the browser makes it: trusted or not, at a point (detail 1) or from the keyboard (detail 0). */
function click({ x = 140, y = 64, trusted = true, keyboard = false } = {}): MouseEvent {
  const event = new MouseEvent('click', { clientX: x, clientY: y, detail: keyboard ? 0 : 1, bubbles: true });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  return event;
}

/**
 * A stand-in for IntersectionObserver v2. The guard's watching observer is the first made for a guard
 * (`watching`), and the test says what it reports and when; every later one is a fresh look at a click,
 * answered in a microtask with what is painted now (`painted`).
 */
class FakeObserver {
  static all: FakeObserver[] = [];
  static painted: 'visible' | 'covered' | 'gone' | 'silent' = 'visible';
  target: Element | undefined;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly init: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number },
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.target = el;
    if (FakeObserver.all.length > 1 && FakeObserver.painted !== 'silent') {
      const { painted } = FakeObserver;
      queueMicrotask(() => this.report(painted === 'visible', 0, painted !== 'gone'));
    }
  }
  disconnect() {}
  report(isVisible: boolean, time: number, isIntersecting = true) {
    const entry = {
      target: this.target,
      isVisible,
      isIntersecting,
      time,
    } as unknown as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}
const watching = () => FakeObserver.all[0]!;
const v2 = (lookMs?: number) => {
  FakeObserver.all = [];
  const guard = new ClickGuard({
    ...(lookMs ? { lookMs } : {}),
    createObserver: (cb, init) => new FakeObserver(cb, init) as unknown as IntersectionObserver,
  });
  guard.attach(control);
  return guard;
};
/** A click at a time (event.timeStamp, the clock of the reports). */
const clickAt = (timeStamp: number, options: Parameters<typeof click>[0] = {}) => {
  const event = click(options);
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  return event;
};

beforeEach(() => {
  document.body.innerHTML = '';
  host = document.createElement('verso-test');
  const shadow = host.attachShadow({ mode: 'open' });
  control = document.createElement('button');
  control.textContent = 'Translate';
  shadow.append(control);
  document.documentElement.append(host);
  place(control);
  FakeObserver.painted = 'visible';
});

describe('ClickGuard (IntersectionObserver v2)', () => {
  it('asks for occlusion tracking with a 100 ms delay', () => {
    v2();
    expect(watching().init).toMatchObject({ trackVisibility: true, delay: 100 });
    expect(watching().target).toBe(control);
  });

  it('lets a trusted click on a visible control through, by pointer and by keyboard', async () => {
    const guard = v2();
    watching().report(true, 10);
    expect(await guard.check(clickAt(20))).toBeUndefined();
    expect(await guard.check(clickAt(30, { keyboard: true, x: 0, y: 0 }))).toBeUndefined();
    // A control just shown, with no report yet: the fresh look decides.
    expect(await v2().check(clickAt(5))).toBeUndefined();
  });

  it('refuses a click while something is painted over the control (a pointer-events: none decoy)', async () => {
    const guard = v2();
    watching().report(false, 10);
    FakeObserver.painted = 'covered';
    expect(await guard.check(clickAt(2000))).toBe('covered');
  });

  it('refuses a decoy laid over the control after the latest report, found by the fresh look', async () => {
    const guard = v2();
    watching().report(true, 10);
    FakeObserver.painted = 'covered';
    expect(await guard.check(clickAt(2000))).toBe('covered');
  });

  it('refuses a click on a control uncovered less than UNCOVERED_MS ago (a decoy lifted at the press)', async () => {
    const guard = v2();
    watching().report(false, 10);
    watching().report(true, 1000);
    expect(await guard.check(clickAt(1000 + UNCOVERED_MS - 1))).toBe('covered');
    expect(await guard.check(clickAt(1000 + UNCOVERED_MS))).toBeUndefined();
  });

  it('a control that left the page after the click (Verso hid it) is judged by the latest report', async () => {
    FakeObserver.painted = 'gone';
    const seen = v2();
    watching().report(true, 10);
    const click1 = seen.check(clickAt(20));
    // Removed and unmounted: the guard stops watching, as when its component goes.
    host.remove();
    seen.attach(null);
    expect(await click1).toBeUndefined();
    document.documentElement.append(host);
    const covered = v2();
    watching().report(false, 10);
    expect(await covered.check(clickAt(2000))).toBe('covered');
  });

  it('refuses when the browser does not look at all', async () => {
    FakeObserver.painted = 'silent';
    expect(await v2(5).check(clickAt(10))).toBe('covered');
  });
});

describe('ClickGuard (every browser)', () => {
  const plain = () => {
    const guard = new ClickGuard({ trackVisibility: false });
    guard.attach(control);
    return guard;
  };

  it("ignores a page's synthetic click", async () => {
    expect(await plain().check(click({ trusted: false }))).toBe('untrusted');
  });

  it('refuses a pointer click whose point is not on the control', async () => {
    expect(await plain().check(click({ x: 20, y: 20 }))).toBe('outside');
    expect(await plain().check(click({ x: 181, y: 64 }))).toBe('outside');
    expect(await plain().check(click({ x: 179, y: 77 }))).toBeUndefined();
  });

  it('refuses when the page made the host or an element around it transparent, hidden, clipped or filtered', async () => {
    const cases: Array<[Element, string]> = [
      [host, 'opacity: 0.01'],
      [host, 'filter: opacity(0)'],
      [host, 'clip-path: inset(50%)'],
      [document.documentElement, 'opacity: 0.5'],
      [control, 'visibility: hidden'],
    ];
    for (const [el, style] of cases) {
      el.setAttribute('style', style);
      expect(hiddenByStyle(control), style).toBeDefined();
      expect(await plain().check(click()), style).toBe('hidden');
      el.removeAttribute('style');
    }
    expect(hiddenByStyle(control)).toBeUndefined();
  });

  it('refuses a control shrunk by a transform', async () => {
    place(control, { ...BOX, width: 80 });
    Object.defineProperty(control, 'offsetWidth', { configurable: true, value: 800 });
    expect(await plain().check(click())).toBe('hidden');
  });

  it('refuses when the page took a raised host out of the top layer, and puts it back', async () => {
    // happy-dom has no popovers: the host's top layer is a flag here.
    let open = false;
    Object.assign(host, {
      showPopover: () => {
        open = true;
      },
      matches: (selector: string) => selector.includes(':popover-open') && open,
    });
    expect(raiseToTopLayer(host)).toBe(true);
    expect(host.getAttribute('popover')).toBe('manual');
    expect(await plain().check(click())).toBeUndefined();
    // The page hides Verso's popover (or removes the attribute): the click is refused...
    open = false;
    expect(await plain().check(click())).toBe('covered');
    // ...and the host is back on top, so the person's next click counts.
    expect(open).toBe(true);
    expect(await plain().check(click())).toBeUndefined();
  });
});
