import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.ts';

describe('splitSentences', () => {
  it('finds each sentence with its offsets, without the whitespace around it', () => {
    const text = 'Hi Anna,\n\nthanks for the note.  I did not recieve teh invoice yet. Could you send it';
    const found = splitSentences(text);
    expect(found.map((s) => s.text)).toEqual([
      'Hi Anna,',
      'thanks for the note.',
      'I did not recieve teh invoice yet.',
      'Could you send it',
    ]);
    for (const s of found) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('calls a sentence finished at its full stop or its line break, not while it is typed', () => {
    const found = splitSentences('Hello there,\nIt works! "Quoted." And then');
    expect(found.map((s) => [s.text, s.finished])).toEqual([
      ['Hello there,', true],
      ['It works!', true],
      ['"Quoted."', true],
      ['And then', false],
    ]);
  });

  it('leaves out stretches without letters or digits', () => {
    expect(splitSentences('---\n\n   \n...')).toEqual([]);
    expect(splitSentences('')).toEqual([]);
  });

  it('splits lines that the sentence rules would keep together', () => {
    expect(splitSentences('Best regards\nTom').map((s) => s.text)).toEqual(['Best regards', 'Tom']);
  });
});
