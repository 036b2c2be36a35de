// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  type IntersectionEntryLike,
  nearViewport,
  type ObserverFactory,
  VisibilityFeed,
  visibleFirst,
} from './order.ts';
import { segment } from './segment.ts';

const page = (count: number) => {
  document.body.innerHTML = Array.from({ length: count }, (_, i) => `<p id="p${i}">Paragraph number ${i}</p>`).join('');
  return segment(document.body, { targetLang: 'DE' }).units;
};

/** An IntersectionObserver stand-in the test drives by hand. */
function fakeObserver() {
  const observed = new Set<Element>();
  let callback: (entries: readonly IntersectionEntryLike[]) => void = () => {};
  let margin = '';
  const factory: ObserverFactory = (cb, options) => {
    callback = cb;
    margin = options.rootMargin;
    return {
      observe: (el) => observed.add(el),
      unobserve: (el) => observed.delete(el),
      disconnect: () => observed.clear(),
    };
  };
  const show = (...ids: string[]) =>
    callback(ids.map((id) => ({ target: document.getElementById(id)!, isIntersecting: true })));
  const hide = (...ids: string[]) =>
    callback(ids.map((id) => ({ target: document.getElementById(id)!, isIntersecting: false })));
  return { factory, observed, show, hide, margin: () => margin };
}

describe('visibleFirst', () => {
  it('puts visible units first, each group in document order', () => {
    const units = page(6);
    const visible = new Set(['p4', 'p2']);
    const ordered = visibleFirst(units, (el) => visible.has(el.id));
    expect(ordered.map((u) => u.target.id)).toEqual(['p2', 'p4', 'p0', 'p1', 'p3', 'p5']);
  });

  it('asks once per target element', () => {
    document.body.innerHTML = '<div>Intro <p>Inner</p> outro</div>';
    const units = segment(document.body, { targetLang: 'DE' }).units;
    let asked = 0;
    visibleFirst(units, () => {
      asked++;
      return true;
    });
    expect(units).toHaveLength(3);
    expect(asked).toBe(2);
  });
});

describe('nearViewport', () => {
  it('counts boxes within the margin around the window, and never empty boxes', () => {
    const units = page(4);
    const boxes: Record<string, [number, number, number]> = {
      p0: [0, 20, 100], // on screen
      p1: [1100, 1120, 100], // below, within 600 px of a 768 px window
      p2: [3000, 3020, 100], // far below
      p3: [10, 10, 0], // not rendered
    };
    const boxOf = (el: Element) => {
      const [top, bottom, width] = boxes[el.id]!;
      return { top, bottom, width, height: bottom - top } as DOMRect;
    };
    const near = nearViewport({ innerHeight: 768 } as Window, 600, boxOf);
    expect(visibleFirst(units, near).map((u) => u.target.id)).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(units.map((u) => near(u.target))).toEqual([true, true, false, false]);
  });
});

describe('VisibilityFeed', () => {
  it('reports units once, when they come into view, in document order', () => {
    const units = page(5);
    const fake = fakeObserver();
    const batches: string[][] = [];
    const feed = new VisibilityFeed({
      onVisible: (batch) => batches.push(batch.map((u) => u.target.id)),
      rootMargin: '200px 0px',
      createObserver: fake.factory,
    });
    feed.add(units);
    expect(fake.margin()).toBe('200px 0px');
    expect(fake.observed.size).toBe(5);
    fake.hide('p0', 'p1');
    expect(batches).toEqual([]);
    fake.show('p3', 'p1');
    fake.show('p1', 'p4');
    expect(batches).toEqual([['p1', 'p3'], ['p4']]);
    expect(feed.pending).toBe(2);
    expect(fake.observed.has(document.getElementById('p1')!)).toBe(false);
  });

  it('forgets removed units and stops observing their targets', () => {
    const units = page(3);
    const fake = fakeObserver();
    const seen: string[] = [];
    const feed = new VisibilityFeed({
      onVisible: (batch) => seen.push(...batch.map((u) => u.target.id)),
      createObserver: fake.factory,
    });
    feed.add(units);
    feed.remove([units[1]!]);
    expect(fake.observed.size).toBe(2);
    fake.show('p0', 'p1', 'p2');
    expect(seen).toEqual(['p0', 'p2']);
    feed.disconnect();
    expect(feed.pending).toBe(0);
  });
});
