import { describe, expect, it } from 'vitest';
import { applyGlossary } from './glossary.ts';

const render = (text: string, entries: Array<[string, string]>) =>
  applyGlossary(text, entries)
    .map((p) => (p.fixed ? `[${p.text}]` : p.text))
    .join('');

describe('applyGlossary', () => {
  it('replaces whole words only', () => {
    expect(render('cat catalog bobcat cat.', [['cat', 'Katze']])).toBe('[Katze] catalog bobcat [Katze].');
  });

  it('prefers the longest phrase', () => {
    expect(
      render('the cloud service and the cloud', [
        ['cloud', 'Wolke'],
        ['cloud service', 'Clouddienst'],
      ]),
    ).toBe('the [Clouddienst] and the [Wolke]');
  });

  it('is case-sensitive', () => {
    expect(render('Apple apple', [['Apple', 'Apple Inc.']])).toBe('[Apple Inc.] apple');
  });

  it('keeps target phrases verbatim', () => {
    const pieces = applyGlossary('open settings', [['settings', 'Einstellungen (ÄÖÜ)']]);
    expect(pieces).toEqual([
      { text: 'open ', fixed: false },
      { text: 'Einstellungen (ÄÖÜ)', fixed: true },
    ]);
  });

  it('matches inside unspaced scripts', () => {
    expect(render('我喜欢猫和狗', [['猫', 'cat']])).toBe('我喜欢[cat]和狗');
  });

  it('returns the text as one free piece without entries', () => {
    expect(applyGlossary('abc', [])).toEqual([{ text: 'abc', fixed: false }]);
    expect(applyGlossary('', [['a', 'b']])).toEqual([]);
  });
});
