import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonStringBytes } from '../../../api/index.ts';
import { matchElements, tokenize } from './markup.ts';
import { joinParts, type Part, splitOversize } from './split.ts';

const sent = (parts: Part[]) => parts.filter((p) => p.translate).map((p) => p.text);
const identity = (parts: Part[]) => joinParts(parts, sent(parts));

describe('splitOversize: plain text', () => {
  it('cuts a cluster larger than the room where it overflows, so every part still fits', () => {
    // A letter and a musical note built of three 4-byte code points (one 12-byte cluster), with 11 bytes of room.
    const text = '\u00c0\u{1d158}\u{1d165}\u{1d16e}';
    const parts = splitOversize(text, 13, undefined);
    expect(identity(parts)).toBe(text);
    for (const p of sent(parts)) expect(jsonStringBytes(p)).toBeLessThanOrEqual(13);
  });

  const text = 'First sentence here. Second one follows! Third asks a question? Fourth ends it.';

  it('cuts at sentence ends into the largest parts that fit, keeping the spaces out of them', () => {
    const parts = splitOversize(text, 45, undefined);
    expect(sent(parts)).toEqual(['First sentence here. Second one follows!', 'Third asks a question? Fourth ends it.']);
    expect(parts[1]).toEqual({ text: ' ', translate: false });
    expect(identity(parts)).toBe(text);
  });

  it('falls back to whitespace, then to code points for one huge word', () => {
    const long = `${'word '.repeat(20)}end`;
    const byWords = splitOversize(long, 20, undefined);
    expect(sent(byWords).every((p) => jsonStringBytes(p) <= 20 && !/^\s|\s$/.test(p))).toBe(true);
    expect(identity(byWords)).toBe(long);

    const word = '😀'.repeat(30);
    const byChars = splitOversize(word, 20, undefined);
    expect(sent(byChars)).toEqual([
      '😀😀😀😀',
      '😀😀😀😀',
      '😀😀😀😀',
      '😀😀😀😀',
      '😀😀😀😀',
      '😀😀😀😀',
      '😀😀😀😀',
      '😀😀',
    ]);
  });

  it('translated parts are joined back in order', () => {
    const parts = splitOversize(text, 30, undefined);
    const translated = sent(parts).map((p) => p.toUpperCase());
    expect(joinParts(parts, translated)).toBe(text.toUpperCase());
  });

  // A page-sized segment must not stall the worker: linear work takes milliseconds. The test's own time
  // limit (generous, for a busy machine) catches a cutter that takes minutes, not a comparison with the clock.
  it('cuts a few hundred kilobytes without stalling', { timeout: 30_000 }, () => {
    const text = Array.from({ length: 12_000 }, (_, i) => `Sentence ${i} is here.`).join(' ');
    const parts = splitOversize(text, 128 * 1024, undefined);
    expect(sent(parts)).toHaveLength(3);
  });

  it('never cuts inside an emoji ZWJ sequence, an emoji and its skin tone, or a letter and its mark', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}'; // 25 bytes
    // 40 bytes fit one family and most of the next: a cut by code points falls after a joiner.
    const parts = splitOversize(family.repeat(6), 2 + 40, undefined);
    expect(sent(parts)).toEqual(Array(6).fill(family));

    const graphemes = (s: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].length;
    const clusters = [family, '\u{1f44d}\u{1f3fd}', 'e\u0301', '\u{1f3f3}\ufe0f\u200d\u{1f308}', 'a', '\u5b57'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...clusters), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 27, max: 90 }),
        (picked, max) => {
          const word = picked.join('');
          const pieces = sent(splitOversize(word, max, undefined));
          expect(pieces.join('')).toBe(word);
          // Cut only between clusters: the pieces hold as many clusters as the word.
          expect(pieces.reduce((n, p) => n + graphemes(p), 0)).toBe(graphemes(word));
        },
      ),
    );
  });

  it('always fits and always joins back to the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 12, max: 200 }), (s, max) => {
        const parts = splitOversize(s, max, undefined);
        expect(identity(parts)).toBe(s);
        for (const p of sent(parts)) expect(jsonStringBytes(p)).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('splitOversize: markup', () => {
  const html =
    '<p class="a">One. Two.</p><div id="big"><p>Three is here.</p><img src="x.png" alt="Four"><p>Five.</p></div>';

  it('never cuts inside a tag: an element too large is opened and its tags kept as they are', () => {
    const parts = splitOversize(html, 50, 'html');
    expect(parts).toEqual([
      { text: '<p class="a">One. Two.</p>', translate: true },
      { text: '<div id="big">', translate: false },
      { text: '<p>Three is here.</p>', translate: true },
      { text: '<img src="x.png" alt="Four"><p>Five.</p>', translate: true },
      { text: '</div>', translate: false },
    ]);
    expect(identity(parts)).toBe(html);
  });

  it('keeps script source out of what is sent', () => {
    const page = `<div><script>if (a < b) { say("Hi. There."); }</script><p>${'Text. '.repeat(8)}</p></div>`;
    const parts = splitOversize(page, 40, 'html');
    expect(sent(parts).some((p) => p.includes('say('))).toBe(false);
    expect(identity(parts)).toBe(page);
  });

  it('cuts any markup between tags only and joins it back exactly', () => {
    const node: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.stringMatching(/^[A-Za-z .,!?]{0,40}$/),
        fc.constant('<br>'),
        fc.constant('<img alt="a > b" src=x>'),
        fc
          .tuple(fc.constantFrom('p', 'b', 'span', 'div'), fc.array(tie('node'), { maxLength: 4 }))
          .map(([tag, kids]) => `<${tag} data-x="1">${kids.join('')}</${tag}>`),
      ),
    })).node;
    fc.assert(
      fc.property(fc.array(node, { maxLength: 6 }), fc.integer({ min: 30, max: 120 }), (nodes, max) => {
        const markup = nodes.join('');
        const parts = splitOversize(markup, max, 'html');
        expect(identity(parts)).toBe(markup);
        for (const p of sent(parts)) expect(jsonStringBytes(p)).toBeLessThanOrEqual(max);
        // No cut falls strictly inside a tag, comment or other non-text token.
        const inside = new Set<number>();
        let offset = 0;
        for (const token of tokenize(markup, true)) {
          if (token.kind !== 'text') for (let i = 1; i < token.raw.length; i++) inside.add(offset + i);
          offset += token.raw.length;
        }
        let cut = 0;
        for (const p of parts) {
          cut += p.text.length;
          expect(inside.has(cut)).toBe(false);
        }
      }),
    );
  });
});

describe('tokenize and matchElements', () => {
  it('pairs elements and leaves unmatched open tags alone', () => {
    const tokens = tokenize('<ul><li>a<li>b</ul><br/><!-- c -->x < y', true);
    expect(tokens.map((t) => t.kind)).toEqual([
      'open',
      'open',
      'text',
      'open',
      'text',
      'close',
      'void',
      'other',
      'text',
    ]);
    const match = matchElements(tokens);
    expect(match[0]).toBe(5);
    expect(match[1]).toBe(-1);
    expect(tokens[8]!.raw).toBe('x < y');
  });

  it('is case-sensitive for xml and knows no void elements there', () => {
    const tokens = tokenize('<Br>x</Br><br>', false);
    expect(tokens.map((t) => t.kind)).toEqual(['open', 'text', 'close', 'open']);
    expect(matchElements(tokens)[0]).toBe(2);
  });
});
