/** One sentence of a field's text: `text` is `start..end` of it, without the whitespace around it. */
export interface Sentence {
  start: number;
  end: number;
  text: string;
  /**
   * The person is done with it: it ends with a full stop, question or exclamation mark (closing quotes
   * and brackets may follow) or a line break comes after it. A sentence still being typed is not.
   */
  finished: boolean;
}

let segmenter: Intl.Segmenter | undefined;

const TERMINAL = /[.!?…。！？‼⁇⁈⁉][\p{Pf}\p{Pe}"'’”»)\]]*$/u;
const LETTER = /[\p{L}\p{N}]/u;

/** A line's sentences, in the line's own offsets, kept by line text (typing changes one line at a time). */
const lines = new Map<string, Sentence[]>();
const MAX_KEPT_LINES = 1_000;

function lineSentences(line: string): Sentence[] {
  let found = lines.get(line);
  if (found) return found;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  found = [];
  for (const { segment, index } of segmenter.segment(line)) {
    const lead = segment.length - segment.trimStart().length;
    const core = segment.trim();
    if (!core || !LETTER.test(core)) continue;
    const start = index + lead;
    found.push({ start, end: start + core.length, text: core, finished: TERMINAL.test(core) });
  }
  if (lines.size >= MAX_KEPT_LINES) lines.clear();
  lines.set(line, found);
  return found;
}

/**
 * Splits text into sentences by the Unicode sentence rules (`Intl.Segmenter`), the unit writing help
 * checks and caches. Lines are apart (a greeting line is not part of the sentence after it, and a line
 * break ends a sentence), and each line is segmented once for as long as it stays the same, so typing
 * costs one line's segmentation. Stretches without a letter or digit ("---", "\n\n") are left out:
 * there is nothing to correct in them.
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let offset = 0;
  while (offset <= text.length) {
    const newline = text.indexOf('\n', offset);
    const end = newline < 0 ? text.length : newline;
    for (const s of lineSentences(text.slice(offset, end))) {
      out.push({
        start: offset + s.start,
        end: offset + s.end,
        text: s.text,
        // A line break after it ends it too.
        finished: s.finished || (newline >= 0 && text.slice(offset + s.end, end).trim() === ''),
      });
    }
    if (newline < 0) break;
    offset = newline + 1;
  }
  return out;
}
