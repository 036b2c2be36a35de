import { describe, expect, it } from 'vitest';
import { CheckAnswers } from './check-answers.ts';
import { editsOf, nextSuggestion, suggestionAt, suggestionsOf } from './check-suggestions.ts';
import { applyEdits } from './diff-model.ts';
import { splitSentences } from './sentences.ts';

/** The suggestions of `text` once every sentence has the answer `fix` gives it. */
function suggest(
  text: string,
  fix: (s: string) => string,
  ignored = new Set<string>(),
  dictionary = new Set<string>(),
) {
  const answers = new CheckAnswers();
  const sentences = splitSentences(text);
  answers.keep(
    sentences.map((s) => s.text),
    sentences.map((s) => fix(s.text)),
  );
  const changesOf = (sentence: string, corrected: string) => answers.changesOf(sentence, corrected);
  return suggestionsOf(sentences, answers.byText.value, changesOf, ignored, dictionary);
}

const TEXT = 'I did not recieve it. Thank you for teh notes.';
const fix = (s: string) => s.replace('recieve', 'receive').replace('teh', 'the');

describe('check suggestions', () => {
  it('places each change in the field, keyed by its sentence', () => {
    const list = suggest(TEXT, fix);
    expect(list.map((s) => TEXT.slice(s.start, s.end))).toEqual(['recieve', 'teh']);
    expect(list.map((s) => s.replacement)).toEqual(['receive', 'the']);
    expect(new Set(list.map((s) => s.key)).size).toBe(2);
  });

  it('leaves out what was ignored and misspellings of dictionary words', () => {
    const [first] = suggest(TEXT, fix);
    expect(suggest(TEXT, fix, new Set([first!.key])).map((s) => s.original)).toEqual(['teh']);
    expect(suggest(TEXT, fix, new Set(), new Set(['teh'])).map((s) => s.original)).toEqual(['recieve']);
  });

  it('a sentence without an answer, or with none to give, has no suggestions', () => {
    const answers = new CheckAnswers();
    answers.keep([TEXT], []);
    const changesOf = (s: string, c: string) => answers.changesOf(s, c);
    expect(suggestionsOf(splitSentences(TEXT), answers.byText.value, changesOf, new Set(), new Set())).toEqual([]);
  });

  it('applies several suggestions, the last first, and says how each sentence will read', () => {
    const list = suggest(TEXT, fix);
    const { edits, after } = editsOf(list);
    expect(applyEdits(TEXT, edits)).toBe(fix(TEXT));
    expect([...after.values()]).toEqual(['Thank you for the notes.', 'I did not receive it.']);
  });

  it('finds the suggestion at an offset, and steps between suggestions with wrapping', () => {
    const [first, second] = suggest(TEXT, fix);
    expect(suggestionAt([first!, second!], TEXT.indexOf('teh') + 1)).toBe(second);
    expect(suggestionAt([first!, second!], 0)).toBeUndefined();
    expect(nextSuggestion([first!, second!], second!.key, () => 0, 1)).toBe(first);
    expect(nextSuggestion([first!, second!], first!.key, () => 0, -1)).toBe(second);
    expect(nextSuggestion([first!, second!], undefined, () => TEXT.length, 1)).toBe(first);
    expect(nextSuggestion([first!, second!], undefined, () => TEXT.length, -1)).toBe(second);
    expect(nextSuggestion([], undefined, () => 0, 1)).toBeUndefined();
  });
});
