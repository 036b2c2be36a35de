// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { HoverModifier } from '../../settings/schema.ts';
import { type BlockTexts, HoverParagraph } from './hover.ts';
import { upper } from './segments/test-translate.ts';

let sent: BlockTexts[];
let modifier: HoverModifier;
let busy: boolean;
/** What is painted where (happy-dom lays nothing out): `x,y` to the element there. */
let painted: Map<string, Element>;
/** Events a page made (not the person's). */
let synthetic: WeakSet<Event>;
let mode: 'replace' | 'bilingual';

function setUp() {
  return new HoverParagraph({
    doc: document,
    settings: () => ({ modifier, targetLang: 'de' }),
    mode: () => mode,
    translate: async (block) => {
      sent.push(block);
      return { ok: true, value: { texts: block.texts.map(upper), attrs: block.attrs.map((a) => a.toUpperCase()) } };
    },
    pageBusy: () => busy,
    trusted: (event) => !synthetic.has(event),
    elementAt: (x, y) => painted.get(`${x},${y}`) ?? null,
  });
}

/** A pointer move to where `el` is painted (each element gets a point of its own), the person's or not. */
const point = (hover: HoverParagraph, el: Element, { byPage = false } = {}) => {
  let spot = [...painted].find(([, at]) => at === el)?.[0];
  if (!spot) {
    spot = `${painted.size * 10 + 5},20`;
    painted.set(spot, el);
  }
  const [x, y] = spot.split(',').map(Number);
  const event = new MouseEvent('pointermove', { clientX: x, clientY: y });
  // The target of the move is the element, as the page would aim it.
  Object.defineProperty(event, 'composedPath', { value: () => [el] });
  if (byPage) synthetic.add(event);
  hover.onPointerMove(event);
};
const key = (type: 'keydown' | 'keyup', k: string) => new KeyboardEvent(type, { key: k });
const press = (hover: HoverParagraph, k: string) => {
  hover.onKeyDown(key('keydown', k));
  return hover.onKeyUp(key('keyup', k));
};

beforeEach(() => {
  painted = new Map();
  synthetic = new WeakSet();
  sent = [];
  modifier = 'Alt';
  mode = 'replace';
  busy = false;
  document.body.innerHTML =
    '<p id="p">Read <a href="#g" title="Open the guide">the guide</a> first.</p><p id="q">Another one.</p>';
});

describe('HoverParagraph', () => {
  it('in bilingual mode puts the translation under the paragraph, leaves its attributes alone, and restores it exactly', async () => {
    mode = 'bilingual';
    const hover = setUp();
    const p = document.getElementById('p')!;
    const before = p.outerHTML;
    point(hover, p);
    await press(hover, 'Alt');
    // Attributes stay in the original in bilingual lines: they are not sent.
    expect(sent).toEqual([{ texts: ['Read <a id="v1">the guide</a> first.'], attrs: [] }]);
    expect(p.childNodes[0]?.textContent).toBe('Read ');
    const line = p.querySelector('.verso-bilingual');
    expect(line?.textContent).toBe('READ THE GUIDE FIRST.');
    expect(line?.getAttribute('lang')).toBe('de');
    expect(document.getElementById('g') ?? p.querySelector('a')).toHaveProperty('title', 'Open the guide');
    point(hover, p);
    await press(hover, 'Alt');
    expect(p.outerHTML).toBe(before);
  });

  it('translates the paragraph under the pointer in place when the key is pressed alone, and restores it', async () => {
    const hover = setUp();
    const p = document.getElementById('p')!;
    const before = p.innerHTML;
    point(hover, p.querySelector('a')!);
    await press(hover, 'Alt');
    expect(sent).toEqual([{ texts: ['Read <a id="v1">the guide</a> first.'], attrs: ['Open the guide'] }]);
    expect(p.textContent).toBe('READ THE GUIDE FIRST.');
    expect(p.querySelector('a')?.getAttribute('title')).toBe('OPEN THE GUIDE');
    expect(document.getElementById('q')?.textContent).toBe('Another one.');
    await press(hover, 'Alt');
    expect(p.innerHTML).toBe(before);
    expect(sent).toHaveLength(1);
  });

  it('acts on a press the bootstrap saw before this code was in: released, or released here', async () => {
    const hover = setUp();
    const p = document.getElementById('p')!;
    const q = document.getElementById('q')!;
    painted.set('5,20', p);
    painted.set('15,20', q);
    // Another key than the one set: nothing.
    expect(hover.seed({ key: 'Shift', x: 5, y: 20, released: true })).toBeUndefined();
    await hover.seed({ key: 'Alt', x: 5, y: 20, released: true });
    expect(p.textContent).toBe('READ THE GUIDE FIRST.');
    // Still down when the features came in: its release translates the paragraph it was pressed over.
    expect(hover.seed({ key: 'Alt', x: 15, y: 20, released: false })).toBeUndefined();
    await hover.onKeyUp(key('keyup', 'Alt'));
    expect(q.textContent).toBe('ANOTHER ONE.');
    expect(sent).toHaveLength(2);
  });

  it('does nothing for the key with another key or a click in between, another key, or while the page is translated', async () => {
    const hover = setUp();
    point(hover, document.getElementById('p')!);
    hover.onKeyDown(key('keydown', 'Alt'));
    hover.onKeyDown(key('keydown', 'Tab'));
    await hover.onKeyUp(key('keyup', 'Alt'));
    hover.onKeyDown(key('keydown', 'Alt'));
    hover.onPointerDown();
    await hover.onKeyUp(key('keyup', 'Alt'));
    await press(hover, 'Shift');
    busy = true;
    await press(hover, 'Alt');
    modifier = 'off';
    busy = false;
    await press(hover, 'Alt');
    expect(sent).toEqual([]);
    modifier = 'Shift';
    await press(hover, 'Shift');
    expect(sent).toHaveLength(1);
  });

  it('goes back to the original everywhere when the whole page is translated', async () => {
    const hover = setUp();
    const p = document.getElementById('p')!;
    const before = p.innerHTML;
    point(hover, p);
    await press(hover, 'Alt');
    hover.restoreAll();
    expect(p.innerHTML).toBe(before);
  });
  it("takes the element under the person's pointer when the key goes down, never a page's synthetic move", async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<div id="far" style="position:absolute;left:-99999px">${'<p>Hidden text the page wants billed.</p>'.repeat(50)}</div>`,
    );
    const hover = setUp();
    const p = document.getElementById('p')!;
    const far = document.getElementById('far')!;
    point(hover, p);
    // The page aims each press at its off-screen block: a synthetic move there, then one with no point at all.
    point(hover, far.querySelector('p')!, { byPage: true });
    const forged = new Event('pointermove');
    Object.defineProperty(forged, 'composedPath', { value: () => [far] });
    synthetic.add(forged);
    hover.onPointerMove(forged);
    await press(hover, 'Alt');
    expect(sent).toEqual([{ texts: ['Read <a id="v1">the guide</a> first.'], attrs: ['Open the guide'] }]);
    // What is under the pointer is looked up at the press: the page moved the block there meanwhile.
    painted.set([...painted].find(([, at]) => at === p)![0], far.querySelector('p')!);
    sent = [];
    await press(hover, 'Alt');
    expect(sent).toEqual([{ texts: ['Hidden text the page wants billed.'], attrs: [] }]);
  });

  it('does nothing before the person moved the pointer at all', async () => {
    const hover = setUp();
    point(hover, document.getElementById('p')!, { byPage: true });
    await press(hover, 'Alt');
    expect(sent).toEqual([]);
  });
});
