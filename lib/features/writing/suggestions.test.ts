import { describe, expect, it } from 'vitest';
import { editDistance, kindOf, sentenceChanges } from './suggestions.ts';

describe('kindOf', () => {
  it.each([
    ['recieve', 'receive', 'spelling'],
    ['teh', 'the', 'spelling'],
    ['color', 'colour', 'spelling'],
    ['i', 'I', 'grammar'],
    ['thanks', 'Thanks', 'grammar'],
    ['the the', 'the', 'grammar'],
    ['is', 'are', 'grammar'],
    [' ', '', 'punctuation'],
    [',', ', ', 'punctuation'],
    ['again ?', 'again?', 'punctuation'],
    ['in order to', 'to', 'grammar'],
    ['at this point in time', 'now', 'style'],
  ] as const)('%j -> %j is %s', (from, to, kind) => {
    expect(kindOf(from, to)).toBe(kind);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('teh', 'the')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('sentenceChanges', () => {
  it('gives each change its place in the sentence and its kind', () => {
    const sentence = 'i did not recieve teh invoice yet ?';
    const changes = sentenceChanges(sentence, 'I did not receive the invoice yet?');
    expect(changes.map((c) => [sentence.slice(c.start, c.end), c.replacement, c.kind])).toEqual([
      ['i', 'I', 'grammar'],
      ['recieve', 'receive', 'spelling'],
      ['teh', 'the', 'spelling'],
      [' ', '', 'punctuation'],
    ]);
  });

  it('has nothing to say about a correct sentence', () => {
    expect(sentenceChanges('All good.', 'All good.')).toEqual([]);
  });
});
