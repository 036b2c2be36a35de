// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { AttributesOnDemand, attrWhen } from './on-demand.ts';
import { type AttrUnit, segment } from './segments/index.ts';

let released: AttrUnit[][];
let shown: AttrUnit[][];
let clock: number;
let active: boolean;
/** Events the page made (not the person's). */
let synthetic: WeakSet<Event>;

const attrs = (): AttrUnit[] =>
  segment(document.body, { targetLang: 'de' }).units.filter((unit): unit is AttrUnit => unit.kind === 'attr');

function setUp(limits = { perSecond: 10, perMinute: 120 }) {
  const demand = new AttributesOnDemand({
    win: window,
    now: () => clock,
    release: (units) => released.push(units),
    shown: (units) => shown.push(units),
    active: () => active,
    limits,
    trusted: (event) => !synthetic.has(event),
  });
  demand.add(attrs().filter((unit) => attrWhen(unit, false) === 'on-show'));
  return demand;
}

const fire = (el: Element, type: 'mouseover' | 'focusin' | 'error', { byPage = false } = {}) => {
  const event = new Event(type, { bubbles: type !== 'error', composed: true });
  if (byPage) synthetic.add(event);
  el.dispatchEvent(event);
};
const names = (units: AttrUnit[][]) => units.flat().map((unit) => `${unit.name}:${unit.original}`);
const $ = (selector: string) => document.querySelector(selector)!;

beforeEach(() => {
  released = [];
  shown = [];
  clock = 0;
  active = true;
  synthetic = new WeakSet();
  document.body.innerHTML =
    '<p>Read <a id="a" href="#g" title="Open the guide"><b id="b">the guide</b></a> first.</p>' +
    '<div title="Outer tooltip"><button id="btn" aria-label="Close the panel" aria-description="Closes it for good" title="Close">x</button></div>' +
    '<p><input id="in" placeholder="Your name"> <img id="img" src="/a.png" alt="A boat on the lake"></p>';
  // Still loading (happy-dom loads no images: it would count as broken).
  Object.defineProperty($('#img'), 'complete', { value: false, configurable: true });
});

describe('attributes translated when shown', () => {
  it('keeps placeholders with their block, and labels too when the person asked for it', () => {
    const when = Object.fromEntries(attrs().map((unit) => [`${unit.name}`, attrWhen(unit, false)]));
    expect(when).toMatchObject({ placeholder: 'with-block', title: 'on-show', 'aria-label': 'on-show' });
    const label = attrs().find((unit) => unit.name === 'aria-label')!;
    expect(attrWhen(label, true)).toBe('with-block');
  });

  it('an image that failed to load shows its alt: it goes with its block', () => {
    const img = $('#img') as HTMLImageElement;
    Object.defineProperty(img, 'complete', { value: true, configurable: true });
    Object.defineProperty(img, 'naturalWidth', { value: 0 });
    const alt = attrs().find((unit) => unit.name === 'alt')!;
    expect(attrWhen(alt, false)).toBe('with-block');
  });

  it('pointing at a link sends its tooltip only, once', () => {
    const demand = setUp();
    fire($('#b'), 'mouseover');
    expect(names(released)).toEqual(['title:Open the guide']);
    fire($('#b'), 'mouseover');
    expect(released).toHaveLength(1);
    expect(demand.size).toBe(5);
  });

  it('pointing at a button sends the nearest tooltip, not its labels nor the outer tooltip', () => {
    setUp();
    fire($('#btn'), 'mouseover');
    expect(names(released)).toEqual(['title:Close']);
  });

  it('focus after a key press sends the tooltip and the labels of the focused element', () => {
    setUp();
    fire($('#btn'), 'focusin');
    // The page moved the focus itself: no key or pointer press of the person's before it.
    expect(released).toEqual([]);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    clock += 500;
    fire($('#btn'), 'focusin');
    expect(names(released).sort()).toEqual([
      'aria-description:Closes it for good',
      'aria-label:Close the panel',
      'title:Close',
    ]);
  });

  it('an image that fails to load hands its alt to the reading gate', () => {
    setUp();
    fire($('#img'), 'error');
    expect(names(shown)).toEqual(['alt:A boat on the lake']);
    expect(released).toEqual([]);
  });

  it("a page's own events spend nothing", () => {
    const demand = setUp();
    const key = new KeyboardEvent('keydown', { key: 'Tab' });
    synthetic.add(key);
    window.dispatchEvent(key);
    for (const el of document.querySelectorAll('*')) {
      fire(el, 'mouseover', { byPage: true });
      fire(el, 'focusin', { byPage: true });
      fire(el, 'error', { byPage: true });
    }
    // The window's own error (a script's): no element, nothing to do, no exception.
    window.dispatchEvent(new Event('error'));
    expect(released).toEqual([]);
    expect(shown).toEqual([]);
    expect(demand.size).toBe(6);
  });

  it('nothing is sent while the original is shown', () => {
    setUp();
    active = false;
    fire($('#b'), 'mouseover');
    expect(released).toEqual([]);
  });

  it('caps the translations pointing can start per second and per minute; the rest stays for later', () => {
    document.body.innerHTML = Array.from({ length: 30 }, (_, i) => `<a id="l${i}" title="Tip number ${i}">x</a>`).join(
      '',
    );
    const demand = setUp({ perSecond: 3, perMinute: 5 });
    for (let i = 0; i < 10; i++) fire($(`#l${i}`), 'mouseover');
    expect(released.flat()).toHaveLength(3);
    clock += 1000;
    for (let i = 10; i < 20; i++) fire($(`#l${i}`), 'mouseover');
    expect(released.flat()).toHaveLength(5);
    clock += 60_000;
    fire($('#l0'), 'mouseover');
    fire($('#l25'), 'mouseover');
    expect(released.flat()).toHaveLength(6);
    expect(demand.size).toBe(24);
  });

  it('drops units whose elements left the page, and listens no more once disposed', () => {
    const demand = setUp();
    $('#a').remove();
    demand.prune();
    expect(demand.size).toBe(5);
    demand.dispose();
    fire($('#btn'), 'focusin');
    expect(released).toEqual([]);
  });
});
