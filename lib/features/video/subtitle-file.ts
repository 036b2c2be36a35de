/**
 * A subtitle file the person loads onto a video (SRT or WebVTT) read into timed cues. Bad input gets a
 * clear error, never a partial track taken for a whole one.
 */
import type { TimedCue } from './ahead.ts';

/** Largest subtitle file read (a feature film's SRT is 100-200 KB). */
export const MAX_SUBTITLE_FILE_BYTES = 5 * 1024 * 1024;

export class SubtitleFileError extends Error {
  override readonly name = 'SubtitleFileError';
}

const TIME = /(?:(\d{1,3}):)?(\d{1,2}):(\d{2})[.,](\d{1,3})/;
const TIMING = new RegExp(`^\\s*${TIME.source}\\s*-->\\s*${TIME.source}`);

const seconds = (h: string | undefined, m: string, s: string, ms: string) =>
  Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms.padEnd(3, '0')) / 1000;

/** The cues of an SRT or WebVTT text, sorted by start; throws SubtitleFileError when none can be read. */
export function parseSubtitles(text: string): TimedCue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cues: TimedCue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = TIMING.exec(lines[i]!);
    if (!m) continue;
    const start = seconds(m[1], m[2]!, m[3]!, m[4]!);
    const end = seconds(m[5], m[6]!, m[7]!, m[8]!);
    const body: string[] = [];
    for (i++; i < lines.length && lines[i]!.trim() !== ''; i++) body.push(lines[i]!);
    // SRT's tags (<i>, <b>, <font ...>) are not cue markup: the words alone, as plain text.
    const words = body
      .join('\n')
      .replace(/<[^>]*>/g, '')
      .replace(/\{\\[^}]*\}/g, '')
      .trim();
    if (end > start && words) cues.push({ start, end, text: words });
  }
  if (cues.length === 0) throw new SubtitleFileError('No subtitles could be read from this file (SRT or WebVTT).');
  return cues.sort((a, b) => a.start - b.start);
}
