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
