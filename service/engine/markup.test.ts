import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTagName, segmentMarkup, splitEntities, textLength, tokenize } from './markup.ts';

const markupOf = (input: string, mode: 'xml' | 'html' = 'xml') =>
  tokenize(input, mode)
    .filter((t) => t.type === 'markup')
    .map((t) => t.raw);
const textOf = (input: string, mode: 'xml' | 'html' = 'xml') =>
  tokenize(input, mode)
    .filter((t) => t.type === 'text')
    .map((t) => t.raw);

describe('tokenize', () => {
  it('splits nested inline tags from text and loses no byte', () => {
    const input = '<p>Hello <b>bold <i>and italic</i></b> world</p>';
    expect(markupOf(input)).toEqual(['<p>', '<b>', '<i>', '</i>', '</b>', '</p>']);
    expect(textOf(input)).toEqual(['Hello ', 'bold ', 'and italic', ' world']);
    expect(
      tokenize(input, 'xml')
        .map((t) => t.raw)
        .join(''),
    ).toBe(input);
  });

  it('keeps a > inside quoted attribute values inside the tag', () => {
    const input = `<a title="x > y" data-q='a>b' href=/p>link</a>`;
    expect(markupOf(input)).toEqual([`<a title="x > y" data-q='a>b' href=/p>`, '</a>']);
    expect(textOf(input)).toEqual(['link']);
  });

  it('treats comments, CDATA, processing instructions and doctypes as markup', () => {
    const input = '<?xml version="1.0"?><!DOCTYPE x><x><!-- a <b> c -->t<![CDATA[<raw>]]></x>';
    expect(markupOf(input)).toEqual([
      '<?xml version="1.0"?>',
      '<!DOCTYPE x>',
      '<x>',
      '<!-- a <b> c -->',
      '<![CDATA[<raw>]]>',
      '</x>',
    ]);
    expect(textOf(input)).toEqual(['t']);
  });

  it('recognises self-closing tags', () => {
    const tokens = tokenize('a<br/>b<img src="x.png" />c', 'html');
    const tags = tokens.flatMap((t) => (t.type === 'markup' && t.tag ? [t.tag] : []));
    expect(tags).toEqual([
      { name: 'br', closing: false, selfClosing: true },
      { name: 'img', closing: false, selfClosing: true },
    ]);
  });

  it('leaves a < that opens no tag in the text', () => {
    expect(textOf('1 < 2 and a<3')).toEqual(['1 < 2 and a<3']);
  });

  it('keeps html script and style content raw, even when it contains tags', () => {
    const input = '<script>if (a<b) { x = "<p>"; }</script><p>t</p>';
    expect(markupOf(input, 'html')).toEqual(['<script>', '</script>', '<p>', '</p>']);
    expect(textOf(input, 'html')).toEqual(['if (a<b) { x = "<p>"; }', 't']);
  });

  it('reassembles any input byte for byte', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('<', '>', '/', '!', '-', '"', "'", 'a', 'b', ' ', '&', ';', '?') }),
        (s) => {
          for (const mode of ['xml', 'html'] as const) {
            expect(
              tokenize(s, mode)
                .map((t) => t.raw)
                .join(''),
            ).toBe(s);
          }
        },
      ),
    );
  });
});

describe('segmentMarkup', () => {
  it('marks the content of ignored tags verbatim, including nested ones', () => {
    const segments = segmentMarkup('a<x>b<x>c</x>d</x>e', { mode: 'xml', ignoreTags: ['x'] });
    const texts = segments.flatMap((s) => (s.kind === 'text' ? [[s.raw, s.verbatim]] : []));
    expect(texts).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
      ['d', true],
      ['e', false],
    ]);
  });

  it('keeps html code and pre content verbatim', () => {
    const segments = segmentMarkup('<p>run <code>npm test</code> now</p><pre>x</pre>', { mode: 'html' });
    const verbatim = segments.flatMap((s) => (s.kind === 'text' && s.verbatim ? [s.raw] : []));
    expect(verbatim).toEqual(['npm test', 'x']);
  });

  it('xml tag names are case-sensitive, html ones are not', () => {
    const xml = segmentMarkup('<X>a</X>', { mode: 'xml', ignoreTags: ['x'] });
    const html = segmentMarkup('<CODE>a</CODE>', { mode: 'html' });
    expect(xml.find((s) => s.kind === 'text')).toMatchObject({ verbatim: false });
    expect(html.find((s) => s.kind === 'text')).toMatchObject({ verbatim: true });
  });

  it('splits on html blocks and splitting tags, never on non-splitting tags', () => {
    const splits = (input: string, options: Parameters<typeof segmentMarkup>[1]) =>
      segmentMarkup(input, options).flatMap((s) => (s.kind === 'markup' && s.splits ? [s.raw] : []));
    expect(splits('<p>a</p><b>c</b>', { mode: 'html' })).toEqual(['<p>', '</p>']);
    expect(splits('<p>a</p>', { mode: 'html', nonSplittingTags: ['p'] })).toEqual([]);
    expect(splits('<seg>a</seg><b>c</b>', { mode: 'xml', splittingTags: ['seg'] })).toEqual(['<seg>', '</seg>']);
  });
});

describe('entities and billing', () => {
  it('splits character references out of text', () => {
    expect(splitEntities('Tom &amp; Jerry &#233;&#x1F600;&bogus')).toEqual([
      { text: 'Tom ', entity: false },
      { text: '&amp;', entity: true },
      { text: ' Jerry ', entity: false },
      { text: '&#233;', entity: true },
      { text: '&#x1F600;', entity: true },
      { text: '&bogus', entity: false },
    ]);
  });

  it('counts code points, a reference as one character', () => {
    expect(textLength('é😀 &amp;')).toBe(4);
  });

  it('validates tag names', () => {
    expect(isTagName('x')).toBe(true);
    expect(isTagName('ns:seg-1')).toBe(true);
    expect(isTagName('1x')).toBe(false);
    expect(isTagName('a b')).toBe(false);
  });
});
