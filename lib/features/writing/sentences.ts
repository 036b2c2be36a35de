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
/** Spaces and then a line break, matched where a sentence ends. */
const LINE_END = /[^\S\n]*\n/y;

/**
 * Splits text into sentences by the Unicode sentence rules (`Intl.Segmenter`), the unit writing help
 * checks and caches. Stretches without a letter or digit ("---", "\n\n") are left out: there is nothing
 * to correct in them.
 */
export function splitSentences(text: string): Sentence[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  const out: Sentence[] = [];
  for (const { segment, index } of segmenter.segment(text)) {
    // A segment may hold more than one line (a line without a full stop, then the next one): lines are
    // separate sentences for writing help, as a greeting line is not part of the sentence after it.
    let offset = index;
    for (const line of segment.split(/(?<=\n)/)) {
      const lead = line.length - line.trimStart().length;
      const core = line.trim();
      if (core && LETTER.test(core)) {
        const start = offset + lead;
        const end = start + core.length;
        LINE_END.lastIndex = end;
        out.push({ start, end, text: core, finished: TERMINAL.test(core) || LINE_END.test(text) });
      }
      offset += line.length;
    }
  }
  return out;
}
