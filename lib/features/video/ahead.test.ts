import { describe, expect, it } from 'vitest';
import { contextOf, cueAt, nextBatch, TARGET_AHEAD_S, type TimedCue } from './ahead.ts';
import { composeCue, escapeCueText, plainCueText } from './cues.ts';

/** Cues of 1.5 s, back to back, each with its own text. */
const dense = (n: number): TimedCue[] =>
  Array.from({ length: n }, (_, i) => ({ start: i * 1.5, end: (i + 1) * 1.5, text: `Line ${i}` }));

describe('nextBatch', () => {
  it('asks for the cues from the playhead to the window ahead, in one batch', () => {
    const cues = dense(100);
    const batch = nextBatch(cues, 0, () => false);
    expect(batch[0]).toBe(0);
    expect(cues[batch.at(-1)!]!.start).toBeLessThan(TARGET_AHEAD_S);
    expect(cues[batch.at(-1)! + 1]!.start).toBeGreaterThanOrEqual(TARGET_AHEAD_S);
  });

  it('waits while enough is translated ahead, then asks for the rest at once', () => {
    const cues = dense(100);
    const done = new Set(nextBatch(cues, 0, () => false).map((i) => cues[i]!.text));
    expect(nextBatch(cues, 5, (t) => done.has(t))).toEqual([]);
    const later = nextBatch(cues, 12, (t) => done.has(t));
    expect(later.length).toBeGreaterThan(3);
    expect(later.every((i) => !done.has(cues[i]!.text))).toBe(true);
  });

  it('after a seek, starts at the cue playing there', () => {
    const cues = dense(400);
    const batch = nextBatch(cues, 300.2, () => false);
    expect(batch[0]).toBe(200);
  });

  it('sends a repeated line once and skips empty cues', () => {
    const cues: TimedCue[] = [
      { start: 0, end: 1, text: 'Yes.' },
      { start: 1, end: 2, text: '' },
      { start: 2, end: 3, text: 'Yes.' },
      { start: 3, end: 4, text: 'No.' },
    ];
    expect(nextBatch(cues, 0, () => false)).toEqual([0, 3]);
  });

  it('keeps within 50 cues a request', () => {
    const cues = Array.from({ length: 200 }, (_, i) => ({ start: i * 0.1, end: i * 0.1 + 0.1, text: `w${i}` }));
    expect(nextBatch(cues, 0, () => false)).toHaveLength(50);
  });
});

describe('contextOf and cueAt', () => {
  it('gives the two cues either side as context', () => {
    const cues = dense(10);
    expect(contextOf(cues, [4, 5])).toBe('Line 2\nLine 3\nLine 6\nLine 7');
  });

  it('finds the cue at a time, or the last before it', () => {
    const cues = dense(10);
    expect(cueAt(cues, 0)).toBe(0);
    expect(cueAt(cues, 3.2)).toBe(2);
    expect(cueAt(cues, 99)).toBe(9);
    expect(cueAt([], 3)).toBe(-1);
  });
});

describe('cue text', () => {
  it('reads cue markup as plain words', () => {
    expect(plainCueText('<v Anna>Hello <i>there</i></v>\n&lt;3 &amp; more')).toBe('Hello there <3 & more');
  });

  it('cannot be given markup by a translation', () => {
    expect(escapeCueText('<c.evil>x</c> & y')).toBe('&lt;c.evil&gt;x&lt;/c&gt; &amp; y');
    expect(composeCue('<i>Hi</i>', 'Hallo <b>', 'both')).toBe('<i>Hi</i>\nHallo &lt;b&gt;');
    expect(composeCue('<i>Hi</i>', 'Hallo', 'translation')).toBe('Hallo');
    expect(composeCue('<i>Hi</i>', undefined, 'translation')).toBe('<i>Hi</i>');
  });
});
