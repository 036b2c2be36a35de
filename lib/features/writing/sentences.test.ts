import { describe, expect, it } from 'vitest';
import { SentenceSplitter, splitSentences } from './sentences.ts';

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

describe('SentenceSplitter', () => {
  it('gives what splitSentences gives after every edit, anywhere in the text', () => {
    const splitter = new SentenceSplitter();
    const pieces = [
      'Hi Anna,',
      '\n',
      ' ',
      'It works.',
      'teh',
      '\n\n',
      'Done!',
      'x',
      '. ',
      '"Quoted."',
      '---',
      'e.g. this',
      ' (Mr. Smith) ',
      'ok? ',
      'word',
    ];
    // A fixed pseudo-random walk of insertions and deletions (the same every run).
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let text = '';
    for (let step = 0; step < 2000; step++) {
      const at = next(text.length + 1);
      if (text.length > 0 && next(3) === 0) {
        text = text.slice(0, at) + text.slice(Math.min(text.length, at + 1 + next(12)));
      } else text = text.slice(0, at) + pieces[next(pieces.length)] + text.slice(at);
      expect(splitter.split(text)).toEqual(splitSentences(text));
    }
  });

  it('keeps the sentences of the lines before a change as they were', () => {
    const splitter = new SentenceSplitter();
    const first = splitter.split('One line.\nTwo lin');
    const second = splitter.split('One line.\nTwo line');
    expect(second[0]).toBe(first[0]);
    expect(second[1]?.text).toBe('Two line');
  });
});
