import { badRequest } from '../../http/errors.ts';
import { decodeUtf8, encodeUtf8 } from './text-codec.ts';
import type { DocumentFormat } from './types.ts';

const INDEX = /^\d+$/;
const TIMECODE = /^\d{2}:\d{2}:\d{2}[,.]\d{3}\s+-->\s+\d{2}:\d{2}:\d{2}[,.]\d{3}/;

/** Line range [start, end) of one subtitle's text. */
interface Cue {
  start: number;
  end: number;
}

function cues(lines: readonly string[]): Cue[] {
  const out: Cue[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]?.trim() === '') {
      i++;
      continue;
    }
    if (!INDEX.test(lines[i]?.trim() ?? ''))
      throw badRequest(`Malformed SRT file: line ${i + 1} should hold a subtitle number`, `found '${lines[i]}'`);
    if (!TIMECODE.test(lines[i + 1]?.trim() ?? ''))
      throw badRequest(
        `Malformed SRT file: line ${i + 2} should hold a timecode like 00:00:01,000 --> 00:00:04,000`,
        `found '${lines[i + 1] ?? ''}'`,
      );
    const start = i + 2;
    let end = start;
    while (end < lines.length && lines[end]?.trim() !== '') end++;
    out.push({ start, end });
    i = end;
  }
  return out;
}

/** SubRip subtitles: numbers and timecodes stay, each subtitle's text (all its lines) is translated. */
export const srt: DocumentFormat = {
  extensions: ['srt'],
  contentType: 'application/x-subrip; charset=utf-8',
  minimumCharacters: 0,
  open(bytes) {
    const { text, bom } = decodeUtf8(bytes, 'srt');
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const lines = text.split(/\r?\n/);
    const found = cues(lines);
    return {
      texts: found.map((cue) => lines.slice(cue.start, cue.end).join('\n')),
      build(translated) {
        const out = [...lines];
        // From the last cue backwards, so earlier line numbers stay valid while splicing.
        for (let k = found.length - 1; k >= 0; k--) {
          const cue = found[k]!;
          out.splice(cue.start, cue.end - cue.start, ...(translated[k] ?? '').split('\n'));
        }
        return encodeUtf8(out.join(eol), bom);
      },
    };
  },
};
