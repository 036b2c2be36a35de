// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { safeHref, serializePlainText, serializeRange } from './serialize.ts';

function page(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

/** A range from `start` chars into the first text containing `from` to `end` chars into the one containing `to`. */
function rangeBetween(from: string, fromOffset: number, to: string, toOffset: number): Range {
  const texts: Text[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  const a = texts.find((t) => t.data.includes(from));
  const b = texts.find((t) => t.data.includes(to));
  if (!a || !b) throw new Error('text not found');
  const range = document.createRange();
  range.setStart(a, a.data.indexOf(from) + fromOffset);
  range.setEnd(b, b.data.indexOf(to) + toOffset);
  return range;
}

function rangeOver(el: Element): Range {
  const range = document.createRange();
  range.selectNodeContents(el);
  return range;
}

describe('serializeRange', () => {
  it('keeps inline formatting as bare tags and drops every attribute', () => {
    page(
      '<p id="x">A <b class="hot" style="color:red">bold</b> and <em data-x="1">loud</em> <span class="s">word</span>.</p>',
    );
    const s = serializeRange(rangeOver(document.querySelector('p')!));
    expect(s.paragraphs).toEqual(['A <b>bold</b> and <em>loud</em> word.']);
    expect(s.text).toBe('A bold and loud word.');
    expect(s.links).toEqual([]);
  });

  it('sends links without their URL and keeps http(s) hrefs aside by id', () => {
    page(
      '<p>See <a href="/docs?token=secret">the docs</a>, <a href="javascript:alert(1)">this</a> and <a href="https://example.org/x">that</a>.</p>',
    );
    const s = serializeRange(rangeOver(document.querySelector('p')!));
    expect(s.paragraphs).toEqual(['See <a id="a1">the docs</a>, this and <a id="a2">that</a>.']);
    expect(s.paragraphs.join('')).not.toContain('secret');
    expect(s.links).toEqual([new URL('/docs?token=secret', document.baseURI).href, 'https://example.org/x']);
  });

  it('cuts partially selected text at the range boundaries and closes open tags', () => {
    page('<p>Hello <strong>brave new</strong> world today</p>');
    const s = serializeRange(rangeBetween('brave', 2, 'world', 5));
    expect(s.paragraphs).toEqual(['<strong>ave new</strong> world']);
    expect(s.text).toBe('ave new world');
  });

  it('gives one paragraph per block and reopens formatting split by a block', () => {
    page('<div><h2>Title</h2><p>First <i>one</i></p><ul><li>Item <b>a<div>b</div></b></li></ul></div>');
    const s = serializeRange(rangeOver(document.querySelector('div')!));
    expect(s.paragraphs).toEqual(['Title', 'First <i>one</i>', 'Item <b>a</b>', '<b>b</b>']);
    expect(s.separators).toEqual(['\n\n', '\n\n', '\n\n']);
    expect(s.text).toBe('Title\n\nFirst one\n\nItem a\n\nb');
  });

  it('skips scripts, styles, images, controls and hidden elements; escapes text', () => {
    page(
      '<p>1 &lt; 2 &amp; <script>evil()</script><style>p{}</style><img alt="x"><button>Go</button><span hidden>secret</span>ok</p>',
    );
    const s = serializeRange(rangeOver(document.querySelector('p')!));
    expect(s.paragraphs).toEqual(['1 &lt; 2 &amp; ok']);
  });

  it('collapses whitespace but keeps line breaks of <br> and <pre>', () => {
    page('<p>  one\n   two<br>three  </p><pre>a\n  b</pre>');
    const s = serializeRange(rangeOver(document.body));
    expect(s.paragraphs).toEqual(['one two<br>three', 'a<br>  b']);
  });

  it('asks the display hook before the tag name when one is given', () => {
    page('<p>x <span class="block">inside</span> y <b class="gone">no</b></p>');
    const display = (el: Element) =>
      el.classList.contains('block') ? 'block' : el.classList.contains('gone') ? 'none' : undefined;
    const s = serializeRange(rangeOver(document.querySelector('p')!), { display });
    expect(s.paragraphs).toEqual(['x', 'inside', 'y']);
  });
});

describe('serializeRange: the shape of each block', () => {
  it('tells headings, paragraphs and the items of each list apart, numbering ordered ones', () => {
    page(
      '<div><h2>Packing <b>list</b></h2><p>Bring these:</p><ul><li>Boots</li><li>Map<ul><li>Paper</li></ul></li></ul>' +
        '<ol start="3"><li><p>Third</p></li><li>Fourth</li></ol></div>',
    );
    const s = serializeRange(rangeOver(document.querySelector('div')!));
    expect(s.paragraphs).toEqual(['Packing <b>list</b>', 'Bring these:', 'Boots', 'Map', 'Paper', 'Third', 'Fourth']);
    expect(s.shapes).toEqual([
      { kind: 'heading', level: 2 },
      { kind: 'paragraph' },
      { kind: 'item', list: 1, ordered: false, depth: 0 },
      { kind: 'item', list: 1, ordered: false, depth: 0 },
      { kind: 'item', list: 2, ordered: false, depth: 1 },
      { kind: 'item', list: 3, ordered: true, depth: 0, n: 3 },
      { kind: 'item', list: 3, ordered: true, depth: 0, n: 4 },
    ]);
  });

  it('takes the shape of the heading or item a selection lies inside, and the number of that item', () => {
    page('<ol><li>One</li><li>Two <i>and</i> more</li></ol><h3>Small title</h3>');
    expect(serializeRange(rangeBetween('Two', 1, 'more', 2)).shapes).toEqual([
      { kind: 'item', list: 1, ordered: true, depth: 0, n: 2 },
    ]);
    expect(serializeRange(rangeBetween('Small', 0, 'title', 3)).shapes).toEqual([{ kind: 'heading', level: 3 }]);
  });
});

describe("serializeRange on a page that overrides its elements' members", () => {
  it('reads through the prototypes: the same paragraphs, links and shapes, no crash', () => {
    page(
      '<div id="root"><h2>Order</h2><form id="f">Your <b>name</b> <a href="/help">here</a><input name="q"><p>Form text</p></form><ul><li>Last</li></ul></div>',
    );
    const range = rangeOver(document.getElementById('root')!);
    const clean = serializeRange(range);
    const form = document.getElementById('f')!;
    const input = form.querySelector('input')!;
    // As a control named `nodeType`, `localName`, `childNodes`... shadows a form's own members.
    for (const name of [
      'nodeType',
      'localName',
      'parentNode',
      'parentElement',
      'firstChild',
      'lastChild',
      'nextSibling',
      'previousSibling',
      'childNodes',
      'ownerDocument',
      'baseURI',
    ]) {
      Object.defineProperty(form, name, { get: () => input, configurable: true });
    }
    for (const name of ['contains', 'getAttribute', 'hasAttribute', 'closest']) {
      Object.defineProperty(form, name, { value: () => input, configurable: true });
    }
    const link = form.querySelector('a')!;
    Object.defineProperty(link, 'getAttribute', { value: () => 'https://evil.example/', configurable: true });
    expect(clean.paragraphs).toEqual(['Order', 'Your <b>name</b> <a id="a1">here</a>', 'Form text', 'Last']);
    expect(serializeRange(range)).toEqual(clean);
  });
});

describe('serializePlainText', () => {
  it('splits on blank lines, keeps separators and surrounding whitespace, escapes markup', () => {
    const s = serializePlainText('\n  Dear <team>,\nthanks.\n\n\nBye & see you  \n');
    expect(s.paragraphs).toEqual(['Dear &lt;team&gt;,<br>thanks.', 'Bye &amp; see you']);
    expect(s.separators).toEqual(['\n\n\n']);
    expect(s.lead).toBe('\n  ');
    expect(s.trail).toBe('  \n');
    expect(s.text).toBe('Dear <team>,\nthanks.\n\n\nBye & see you');
  });

  it('gives no paragraph for whitespace only', () => {
    expect(serializePlainText('  \n ').paragraphs).toEqual([]);
  });
});

describe('safeHref', () => {
  it('resolves relative URLs and accepts only http and https', () => {
    expect(safeHref('/a', 'https://x.org/b/c')).toBe('https://x.org/a');
    expect(safeHref('http://y.org', 'https://x.org/')).toBe('http://y.org/');
    expect(safeHref('javascript:void(0)', 'https://x.org/')).toBeUndefined();
    expect(safeHref('data:text/html,hi', 'https://x.org/')).toBeUndefined();
    expect(safeHref('mailto:a@b.c', 'https://x.org/')).toBeUndefined();
    expect(safeHref(null, 'https://x.org/')).toBeUndefined();
  });
});

describe('serializeRange on any range', () => {
  /** The former walk: every child asked `range.intersectsNode`, which is slow on long sibling runs. */
  function intersectingTexts(range: Range): string {
    const out: string[] = [];
    const walk = (node: Node) => {
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (!range.intersectsNode(child)) continue;
        if (child.nodeType === Node.TEXT_NODE) {
          const text = child as Text;
          const end = text === range.endContainer ? range.endOffset : text.data.length;
          const start = text === range.startContainer ? range.startOffset : 0;
          out.push(text.data.slice(start, end));
        } else walk(child);
      }
    };
    walk(document.body);
    return out.join('').replace(/\s+/g, '');
  }

  it('reads exactly the text the range covers, wherever its ends are', () => {
    page(
      '<div><p>Alpha <b>beta <i>gamma</i></b> delta</p><p>epsilon</p><ul><li>zeta <a href="/x">eta</a></li><li>theta</li></ul>iota<p></p><p>kappa <em>lambda</em></p></div>',
    );
    const nodes: Node[] = [];
    const walker = document.createTreeWalker(document.body);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
    const size = (n: Node) => (n.nodeType === Node.TEXT_NODE ? (n as Text).data.length : n.childNodes.length);
    const points = nodes.flatMap((n) => Array.from({ length: size(n) + 1 }, (_, offset) => ({ n, offset })));
    let checked = 0;
    for (let i = 0; i < points.length; i += 3) {
      for (let j = i; j < points.length; j += 5) {
        const range = document.createRange();
        range.setStart(points[i]!.n, points[i]!.offset);
        range.setEnd(points[j]!.n, points[j]!.offset);
        if (range.collapsed) continue;
        const got = serializeRange(range).text.replace(/\s+/g, '');
        expect(got, `${i} to ${j}`).toBe(intersectingTexts(range));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('stops once the text passes maxChars, and says it was cut', () => {
    page(`<div>${Array.from({ length: 200 }, (_, i) => `<p>Paragraph ${i} about boats.</p>`).join('')}</div>`);
    const whole = serializeRange(rangeOver(document.querySelector('div')!));
    expect(whole.cut).toBeUndefined();
    const cut = serializeRange(rangeOver(document.querySelector('div')!), { maxChars: 1_000 });
    expect(cut.cut).toBe(true);
    expect(cut.text.length).toBeGreaterThan(1_000);
    expect(cut.text.length).toBeLessThan(1_100);
    expect(whole.text.startsWith(cut.text)).toBe(true);
    expect(
      serializeRange(rangeOver(document.querySelector('div')!), { maxChars: whole.text.length }).cut,
    ).toBeUndefined();
    // Over the limit only with its last paragraph: nothing was skipped, so it is whole, length known.
    expect(serializeRange(rangeOver(document.querySelector('div')!), { maxChars: whole.text.length - 1 })).toEqual(
      whole,
    );
    page(`<p>${'word '.repeat(500)}</p>`);
    const single = serializeRange(rangeOver(document.querySelector('p')!), { maxChars: 1_000 });
    expect(single.cut).toBeUndefined();
    expect(single.text.length).toBe(2_499);
  });
});
