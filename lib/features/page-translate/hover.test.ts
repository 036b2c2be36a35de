// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { upper } from '../../page/test-translate.ts';
import type { HoverModifier } from '../../settings/schema.ts';
import { type BlockTexts, HoverParagraph } from './hover.ts';

let sent: BlockTexts[];
let modifier: HoverModifier;
let busy: boolean;

function setUp() {
  return new HoverParagraph({
    doc: document,
    settings: () => ({ modifier, targetLang: 'de' }),
    translate: async (block) => {
      sent.push(block);
      return { ok: true, value: { texts: block.texts.map(upper), attrs: block.attrs.map((a) => a.toUpperCase()) } };
    },
    pageBusy: () => busy,
    trusted: () => true,
  });
}

const point = (hover: HoverParagraph, el: Element) => {
  const event = new Event('pointermove');
  Object.defineProperty(event, 'composedPath', { value: () => [el] });
  hover.onPointerMove(event);
};
const key = (type: 'keydown' | 'keyup', k: string) => new KeyboardEvent(type, { key: k });
const press = (hover: HoverParagraph, k: string) => {
  hover.onKeyDown(key('keydown', k));
  return hover.onKeyUp(key('keyup', k));
};

beforeEach(() => {
  sent = [];
  modifier = 'Alt';
  busy = false;
  document.body.innerHTML =
    '<p id="p">Read <a href="#g" title="Open the guide">the guide</a> first.</p><p id="q">Another one.</p>';
});

describe('HoverParagraph', () => {
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
});
