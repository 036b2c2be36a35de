// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_TEXTS } from '../../api/limits.ts';
import type { PageReading } from '../../settings/schema.ts';
import { type GateObserverFactory, ReadingGate, type Sight, type Weight } from './gate.ts';
import { RoundTrip, readingWindow, ScrollSpeed } from './prefetch.ts';
import type { IntersectionEntryLike } from './segments/order.ts';

interface Unit {
  id: string;
  target: Element;
}

/** A page laid out by hand: each block's top and height, and whether it is shown. */
class Layout implements Sight {
  readonly tops = new Map<Element, number>();
  readonly hidden = new Set<Element>();
  /** Laid out but not seen (visibility: hidden). */
  readonly invisible = new Set<Element>();
  /** Hidden, but find-in-page would open it (a closed details). */
  readonly revealable = new Set<Element>();
  scrollY = 0;

  box(el: Element): DOMRect {
    const top = this.tops.get(el);
    if (top === undefined || this.hidden.has(el)) return new DOMRect(0, 0, 0, 0);
    return new DOMRect(0, top - this.scrollY, 500, 100);
  }
  shown(el: Element): boolean {
    return !this.hidden.has(el) && !this.invisible.has(el);
  }
  reachable(el: Element): boolean {
    return !this.hidden.has(el) || this.revealable.has(el);
  }
}

/** An observer whose zone the test moves: `report` tells it which targets are inside now. */
class FakeObserver {
  readonly watched = new Set<Element>();
  callback: (entries: readonly IntersectionEntryLike[]) => void = () => {};
  margin = '';
  readonly factory: GateObserverFactory = (callback, options) => {
    this.callback = callback;
    this.margin = options.rootMargin;
    this.watched.clear();
    return {
      observe: (el) => this.watched.add(el),
      unobserve: (el) => this.watched.delete(el),
      disconnect: () => this.watched.clear(),
    };
  };
  report(inside: (el: Element) => boolean): void {
    this.callback([...this.watched].map((target) => ({ target, isIntersecting: inside(target) })));
  }
}

let layout: Layout;
let observer: FakeObserver;
let released: Array<{ ids: string[]; near: boolean }>;
let clock: number;

function blocks(count: number, height = 100): Unit[] {
  document.body.innerHTML = '';
  return Array.from({ length: count }, (_, i) => {
    const p = document.createElement('p');
    p.id = `b${i}`;
    document.body.append(p);
    layout.tops.set(p, i * height);
    return { id: `b${i}`, target: p };
  });
}

function gate(reading: PageReading = 'as-you-read', weigh?: (unit: Unit) => Weight | undefined) {
  return new ReadingGate<Unit>({
    ...(weigh ? { weigh } : {}),
    win: window,
    reading,
    targetOf: (unit) => unit.target,
    release: (units, near) => released.push({ ids: units.map((u) => u.id), near }),
    roundTripMs: () => 200,
    now: () => clock,
    sight: layout,
    createObserver: observer.factory,
    schedule: (run) => run(),
  });
}

function scrollTo(y: number): void {
  layout.scrollY = y;
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  document.dispatchEvent(new Event('scroll'));
}

const ids = () => released.flatMap((r) => r.ids);
/** The observer's zone: three screens around the viewport. */
const inZone = (el: Element) => {
  const box = layout.box(el);
  return box.height > 0 && box.bottom > -3 * innerHeight && box.top < 4 * innerHeight;
};

beforeEach(() => {
  layout = new Layout();
  observer = new FakeObserver();
  released = [];
  clock = 0;
  Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
  Object.defineProperty(window, 'innerWidth', { value: 800, configurable: true });
});

describe('ReadingGate, as you read', () => {
  it('sends the screen and a small margin ahead at once, and holds the rest of the page', () => {
    const units = blocks(100);
    const g = gate();
    g.add(units, true);
    // 1000 px screen + 150 px at rest: blocks starting above 1150 px.
    expect(ids()).toEqual(units.slice(0, 12).map((u) => u.id));
    expect(released[0]?.near).toBe(true);
    expect(g.held).toBe(88);
    // Groups of shown blocks watch a few of their blocks, not every one.
    expect(observer.watched.size).toBeLessThan(40);
  });

  it('sends what comes into the band as the reader scrolls, sized by the scroll speed', () => {
    const units = blocks(200);
    const g = gate();
    g.add(units);
    expect(released).toEqual([]);
    observer.report(inZone);
    expect(ids()).toHaveLength(12);
    // One screen per second: 1 px/ms; the band reaches ahead by the distance of a round trip and more.
    for (let step = 1; step <= 10; step++) {
      clock += 100;
      scrollTo(step * 100);
    }
    observer.report(inZone);
    const last = Math.max(...ids().map((id) => Number(id.slice(1))));
    // Screen bottom at 2000 px; at 1 px/ms the margin is about 900 px (a round trip and the lead of a
    // filled request), far more than at rest, and a request leaving takes along at most five seconds of
    // reading beyond it.
    expect(last * 100).toBeGreaterThan(2000 + 300);
    expect(last * 100).toBeLessThan(2000 + 900 + 5000 + 100);
    expect(released.every((r) => r.near)).toBe(true);
  });

  it('while scrolling, fills each request with what the reader reaches soon, and leaves no gap', () => {
    const units = blocks(300);
    const g = gate();
    g.add(units, true);
    const first = released.length;
    // Five screens at one screen a second, a wheel step every 100 ms; the gate looks at every step.
    for (let step = 1; step <= 50; step++) {
      clock += 100;
      scrollTo(step * 100);
      observer.report(inZone);
    }
    const sends = released.slice(first);
    // A block per step would be 50 sends; a request filled with five seconds of reading ahead is a few.
    expect(sends.length).toBeGreaterThan(1);
    expect(sends.length).toBeLessThanOrEqual(4);
    expect(Math.max(...sends.map((r) => r.ids.length))).toBeGreaterThan(25);
    const sent = ids().map((id) => Number(id.slice(1)));
    const last = Math.max(...sent);
    expect([...sent].sort((a, b) => a - b)).toEqual(Array.from({ length: last + 1 }, (_, i) => i));
    // Ahead of the screen's bottom (6,000 px), by no more than the band and five seconds of reading.
    expect(last * 100).toBeGreaterThan(6000);
    expect(last * 100).toBeLessThan(6000 + 900 + 5000 + 100);
    expect(g.held).toBe(300 - sent.length);
  });

  it("fills a request up to the contract's texts per request, only for groups that leave anyway", () => {
    // Blocks of 20 px: three seconds of reading at 1 px/ms hold 150 blocks, more than a request.
    const units = blocks(400, 20);
    const attrs = units.map((u) => ({ id: `a${u.id}`, target: u.target }));
    const weights = new Map<Unit, Weight | undefined>();
    for (const u of units) weights.set(u, { group: 'html', bytes: 30 });
    for (const a of attrs) weights.set(a, { group: 'attr', bytes: 30 });
    // A text already on its way adds nothing to a request.
    weights.set(units[100]!, undefined);
    const g = gate('as-you-read', (unit) => weights.get(unit));
    // Attributes only far down: none leaves with these requests, so none is taken along.
    g.add([...units, ...attrs.slice(300)], true);
    observer.report(inZone);
    // Two wheel steps: one screen a second.
    clock += 100;
    scrollTo(100);
    clock += 100;
    scrollTo(200);
    const send = released[released.length - 1]!.ids;
    const texts = send.filter((id) => id !== 'b100');
    // What came into the band and what was taken along: one full request; the free one goes too.
    expect(texts).toHaveLength(MAX_TEXTS);
    expect(send).toContain('b100');
    expect(send.some((id) => id.startsWith('a'))).toBe(false);
    // In reading order, with no gap: what is left ahead starts right after what went.
    const numbers = send.map((id) => Number(id.slice(1))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers[0]! + i));
    expect(g.held).toBe(400 + 100 - ids().length);
  });

  it("a leaving request takes along blocks beyond the observer's zone", () => {
    const units = blocks(200, 50);
    const g = gate();
    g.add(units, true);
    // The observer reports only what is within the screen and a little more.
    const narrow = (el: Element) => {
      const box = layout.box(el);
      return box.height > 0 && box.top < 1300;
    };
    observer.report(narrow);
    clock += 100;
    scrollTo(100);
    observer.report(narrow);
    clock += 100;
    scrollTo(200);
    const last = Math.max(...ids().map((id) => Number(id.slice(1))));
    // One screen a second: the band reaches about 1,650 px down the page, the request far beyond it.
    expect(last * 50).toBeGreaterThan(2500);
    expect(ids()).toHaveLength(last + 1);
  });

  it('a block already on screen goes in a small request of its own, the filled one right after', () => {
    // Ids of their own: gates of earlier tests still listen to the window's scrolling.
    const units = blocks(300).map((u) => ({ ...u, id: `u${u.id.slice(1)}` }));
    const g = gate();
    g.add(units, true);
    observer.report(inZone);
    clock += 100;
    scrollTo(100);
    const mine = () => released.filter((r) => r.ids.some((id) => id.startsWith('u')));
    const before = mine().length;
    // A fast start: block 13 (1,300 px) is on screen before the band reached it.
    clock += 100;
    scrollTo(400);
    const [band, filled] = mine().slice(before);
    expect(band?.ids).toContain('u13');
    // Together one request's worth: the band's and what fills it.
    expect((band?.ids.length ?? 0) + (filled?.ids.length ?? 0)).toBe(MAX_TEXTS);
    const lastOfBand = Math.max(...band!.ids.map((id) => Number(id.slice(1))));
    expect(Math.min(...filled!.ids.map((id) => Number(id.slice(1))))).toBe(lastOfBand + 1);
  });

  it('a reader at rest is sent the band only: nothing is taken along', () => {
    const units = blocks(100);
    const g = gate();
    g.add(units, true);
    clock += 1000;
    g.check();
    observer.report(inZone);
    expect(ids()).toHaveLength(12);
    expect(g.held).toBe(88);
  });

  it('holds hidden content until it shows, wherever it is, and watches each of its blocks', () => {
    const units = blocks(5);
    layout.hidden.add(units[2]!.target);
    layout.hidden.add(units[3]!.target);
    const g = gate();
    g.add(units, true);
    expect(ids()).toEqual(['b0', 'b1', 'b4']);
    expect(observer.watched.has(units[2]!.target) && observer.watched.has(units[3]!.target)).toBe(true);
    layout.hidden.delete(units[3]!.target);
    observer.report(inZone);
    expect(ids()).toEqual(['b0', 'b1', 'b4', 'b3']);
    expect(g.held).toBe(1);
  });

  it('looks again after a revealing event when a near block could not be seen (visibility: hidden)', () => {
    const units = blocks(3);
    const menu = units[1]!.target;
    layout.invisible.add(menu);
    const g = gate();
    g.add(units, true);
    observer.report(inZone);
    expect(ids()).toEqual(['b0', 'b2']);
    // Shown by the page's click handler: nothing the observer would see changes.
    layout.invisible.delete(menu);
    document.body.dispatchEvent(new Event('click', { bubbles: true }));
    expect(ids()).toEqual(['b0', 'b2', 'b1']);
    expect(g.held).toBe(0);
  });

  it('drops units whose blocks left the page', () => {
    const units = blocks(30);
    const g = gate();
    g.add(units);
    units[20]!.target.remove();
    units[21]!.target.remove();
    expect(g.prune()).toBe(2);
    expect(g.held).toBe(28);
  });
});

describe('ReadingGate, whole page', () => {
  it('sends everything that can be seen or revealed by find-in-page at once, and hidden content when it shows', () => {
    const units = blocks(6);
    layout.hidden.add(units[1]!.target);
    layout.hidden.add(units[2]!.target);
    layout.revealable.add(units[2]!.target);
    const g = gate('whole-page');
    g.add(units);
    expect(ids()).toEqual(['b0', 'b2', 'b3', 'b4', 'b5']);
    expect(released[0]?.near).toBe(false);
    expect(observer.margin).toBe('100000px 0px');
    layout.hidden.delete(units[1]!.target);
    observer.report(inZone);
    expect(ids()).toContain('b1');
    expect(g.held).toBe(0);
  });

  it('switching to the whole page sends every held unit that can be seen', () => {
    const units = blocks(50);
    layout.hidden.add(units[40]!.target);
    const g = gate();
    g.add(units, true);
    released = [];
    g.setReading('whole-page');
    expect(ids()).toHaveLength(37);
    expect(released[0]?.near).toBe(false);
    expect(g.held).toBe(1);
    expect(g.mode).toBe('whole-page');
  });
});

describe('prefetch', () => {
  it('measures the scroll speed and forgets it when the reader stops', () => {
    const speed = new ScrollSpeed();
    for (let t = 0; t <= 1000; t += 50) speed.sample(t, t);
    expect(speed.now(1000)).toBeCloseTo(1, 1);
    expect(speed.now(2000)).toBe(0);
    expect(speed.heading).toBe(1);
    speed.sample(3000, 500);
    expect(speed.heading).toBe(-1);
  });

  it('counts a wheel step as a speed at once, before the page moves', () => {
    const speed = new ScrollSpeed();
    speed.nudge(0, 72);
    expect(speed.now(10)).toBeCloseTo(0.72);
    speed.nudge(20, -50);
    expect(speed.heading).toBe(-1);
    expect(speed.now(20)).toBeCloseTo(-0.5);
  });

  it('reaches ahead in the direction of reading, by the round trip at that speed, within three screens', () => {
    expect(readingWindow(1000, 0, 1, 200)).toEqual({ top: -100, bottom: 1150 });
    expect(readingWindow(1000, 0, -1, 200)).toEqual({ top: -150, bottom: 1100 });
    expect(readingWindow(1000, 1, 1, 200).bottom).toBe(1000 + 450);
    expect(readingWindow(1000, -1, 1, 200).top).toBe(-450);
    expect(readingWindow(1000, 50, 1, 200).bottom).toBe(4000);
  });

  it('averages round trips', () => {
    const trip = new RoundTrip(300);
    trip.sample(100);
    expect(trip.ms).toBeCloseTo(260);
    trip.sample(Number.NaN);
    expect(trip.ms).toBeCloseTo(260);
  });
});
