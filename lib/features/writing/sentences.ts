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

/** The sentences of the lines of `text` from `from` (a line's start) to `to` (a line break, or the end). */
function splitLines(text: string, from: number, to: number, out: Sentence[]): void {
  let offset = from;
  while (offset <= to) {
    const newline = text.indexOf('\n', offset);
    const end = newline < 0 || newline > to ? to : newline;
    for (const s of lineSentences(text.slice(offset, end))) {
      out.push({
        start: offset + s.start,
        end: offset + s.end,
        text: s.text,
        // A line break after it ends it too.
        finished: s.finished || (end < text.length && text.slice(offset + s.end, end).trim() === ''),
      });
    }
    if (end >= to) break;
    offset = end + 1;
  }
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
  splitLines(text, 0, text.length, out);
  return out;
}

/**
 * `splitSentences` of a text that changes a little at a time (a field as the person types): the lines
 * before the change keep their sentences, those after it keep theirs moved by the change's length, and
 * only the lines the change touches are split again, so a key in a long document costs one line.
 */
/** Characters compared at once when looking for where a change begins and ends. */
const BLOCK = 256;

export class SentenceSplitter {
  private text = '';
  private sentences: Sentence[] = [];

  split(text: string): Sentence[] {
    const prev = this.text;
    if (text === prev) return this.sentences;
    const shortest = Math.min(prev.length, text.length);
    // What the two share at either end, a block at a time (compared natively), then a character at a time.
    let head = 0;
    while (head + BLOCK <= shortest && prev.slice(head, head + BLOCK) === text.slice(head, head + BLOCK)) head += BLOCK;
    while (head < shortest && prev.charCodeAt(head) === text.charCodeAt(head)) head++;
    let tail = 0;
    const sameTail = (n: number) =>
      prev.slice(prev.length - n, prev.length - tail) === text.slice(text.length - n, text.length - tail);
    while (tail + BLOCK <= shortest - head && sameTail(tail + BLOCK)) tail += BLOCK;
    while (
      tail < shortest - head &&
      prev.charCodeAt(prev.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)
    ) {
      tail++;
    }
    // The lines the change touches: from the start of the line it begins in to the line break after it.
    const from = head === 0 ? 0 : text.lastIndexOf('\n', head - 1) + 1;
    const after = text.indexOf('\n', text.length - tail);
    const to = after < 0 ? text.length : after;
    const shift = text.length - prev.length;
    const out: Sentence[] = [];
    let i = 0;
    for (; i < this.sentences.length && this.sentences[i]!.end < from; i++) out.push(this.sentences[i]!);
    // In the line of the change, the sentences before it stay too, but for the last two (whether a
    // sentence ends where it did can depend on the words after it): a key in a long paragraph segments
    // the sentence it is in, not the paragraph.
    let before = i;
    while (before < this.sentences.length && this.sentences[before]!.end < head) before++;
    for (; i < before - 2; i++) out.push(this.sentences[i]!);
    const restart = i < before ? this.sentences[i]!.start : from;
    splitLines(text, restart, to, out);
    if (after >= 0) {
      // Sentences after that line break (the same break in the old text, `shift` earlier) only move.
      for (; i < this.sentences.length; i++) {
        const s = this.sentences[i]!;
        if (s.start > to - shift) out.push({ ...s, start: s.start + shift, end: s.end + shift });
      }
    }
    this.text = text;
    this.sentences = out;
    return out;
  }
}
