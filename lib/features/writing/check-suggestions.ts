import type { Edit } from './diff-model.ts';
import type { Sentence } from './sentences.ts';
import { dictionaryWord, type SentenceChange } from './suggestions.ts';

/** A suggested change in the field's text (offsets of `readText`), with the sentence it belongs to. */
export interface Suggestion extends SentenceChange {
  /** Stable while the sentence is unchanged: its text and the change's place in it. */
  key: string;
  sentence: Sentence;
  /** What to underline: the change itself, or for a pure insertion the character before it. */
  markStart: number;
  markEnd: number;
}

function keyOf(sentence: string, change: SentenceChange): string {
  return `${sentence}\u0000${change.start}\u0000${change.original}\u0000${change.replacement}`;
}

/**
 * The suggestions of the field's sentences as they are now: each sentence with an answer gives the
 * changes to it, less those ignored and the misspellings of words in the personal dictionary.
 */
export function suggestionsOf(
  sentences: readonly Sentence[],
  answers: ReadonlyMap<string, string | null>,
  changesOf: (sentence: string, corrected: string) => readonly SentenceChange[],
  ignored: ReadonlySet<string>,
  dictionary: ReadonlySet<string>,
): Suggestion[] {
  const out: Suggestion[] = [];
  for (const sentence of sentences) {
    const corrected = answers.get(sentence.text);
    if (corrected == null) continue;
    for (const change of changesOf(sentence.text, corrected)) {
      const key = keyOf(sentence.text, change);
      if (ignored.has(key)) continue;
      if (change.kind === 'spelling' && dictionary.has(dictionaryWord(change.original))) continue;
      const start = sentence.start + change.start;
      const end = sentence.start + change.end;
      const [markStart, markEnd] =
        start < end ? [start, end] : start > sentence.start ? [start - 1, start] : [start, start + 1];
      out.push({ ...change, start, end, key, sentence, markStart, markEnd });
    }
  }
  return out;
}

/**
 * The field's edits that apply `list`, the last first, and each changed sentence as it will read (so
 * it can keep its answer and needs no check of its own).
 */
export function editsOf(list: readonly Suggestion[]): { edits: Edit[]; after: Map<Sentence, string> } {
  const sorted = [...list].sort((a, b) => b.start - a.start);
  const edits: Edit[] = sorted.map((s) => ({ start: s.start, end: s.end, text: s.replacement }));
  const after = new Map<Sentence, string>();
  for (const s of sorted) {
    const current = after.get(s.sentence) ?? s.sentence.text;
    const from = s.start - s.sentence.start;
    const to = s.end - s.sentence.start;
    after.set(s.sentence, current.slice(0, from) + s.replacement + current.slice(to));
  }
  return { edits, after };
}

/** The suggestion underlined at `offset` of the field, if any. */
export function suggestionAt(list: readonly Suggestion[], offset: number): Suggestion | undefined {
  return list.find((x) => offset >= x.markStart && offset <= x.markEnd);
}

/**
 * The next (or previous) suggestion after the one whose key is `activeKey`, wrapping; without one, the
 * first after (or last before) `caret`.
 */
export function nextSuggestion(
  list: readonly Suggestion[],
  activeKey: string | undefined,
  caret: () => number,
  direction: 1 | -1,
): Suggestion | undefined {
  const n = list.length;
  if (n === 0) return undefined;
  const at = list.findIndex((s) => s.key === activeKey);
  if (at >= 0) return list[(at + direction + n) % n];
  const from = caret();
  return direction === 1
    ? (list.find((s) => s.end >= from) ?? list[0])
    : (list.findLast((s) => s.start <= from) ?? list.at(-1));
}

/** Whether the sentence at `caret` is unfinished and has no answer: what a check leaves for later. */
export function unfinishedAt(
  sentences: readonly Sentence[],
  answers: ReadonlyMap<string, string | null>,
  caret: number,
): boolean {
  return sentences.some((s) => caret >= s.start && caret <= s.end && !s.finished && !answers.has(s.text));
}

/**
 * The sentences a check sends: those with no answer yet, each text once, less the one still being typed
 * at `caret` (no full stop yet; null: that one goes too).
 */
export function uncheckedSentences(
  sentences: readonly Sentence[],
  answers: ReadonlyMap<string, string | null>,
  caret: number | null,
): Map<string, Sentence> {
  const wanted = new Map<string, Sentence>();
  for (const s of sentences) {
    if (answers.has(s.text) || wanted.has(s.text)) continue;
    if (caret !== null && caret >= s.start && caret <= s.end && !s.finished) continue;
    wanted.set(s.text, s);
  }
  return wanted;
}
