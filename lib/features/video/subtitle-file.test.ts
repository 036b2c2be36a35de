import { describe, expect, it } from 'vitest';
import { parseSubtitles, SubtitleFileError } from './subtitle-file.ts';

describe('parseSubtitles', () => {
  it('reads SRT with commas, CRLF, a BOM and tags', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i> there\r\n\r\n2\r\n00:01:02,05 --> 00:01:03,000\r\nTwo\r\nlines\r\n';
    expect(parseSubtitles(srt)).toEqual([
      { start: 1, end: 2.5, text: 'Hello there' },
      { start: 62.05, end: 63, text: 'Two\nlines' },
    ]);
  });

  it('reads WebVTT with short times and settings', () => {
    const vtt =
      'WEBVTT\n\nNOTE hi\n\nintro\n00:05.000 --> 00:06.000 line:90%\nHi\n\n01:00:00.000 --> 01:00:01.000\nLate';
    expect(parseSubtitles(vtt)).toEqual([
      { start: 5, end: 6, text: 'Hi' },
      { start: 3600, end: 3601, text: 'Late' },
    ]);
  });

  it('refuses a file without cues', () => {
    expect(() => parseSubtitles('just some text\n')).toThrow(SubtitleFileError);
    expect(() => parseSubtitles('00:00:02,000 --> 00:00:01,000\nbackwards\n')).toThrow(SubtitleFileError);
  });
});
