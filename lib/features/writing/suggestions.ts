import { buildDiff } from './diff-model.ts';

/** What a suggested change is about; each kind has its own underline colour. */
export type SuggestionKind = 'spelling' | 'grammar' | 'punctuation' | 'style';
export const SUGGESTION_KINDS: readonly SuggestionKind[] = ['spelling', 'grammar', 'punctuation', 'style'];

/** One change the service suggests in one sentence, in the sentence's own offsets. */
export interface SentenceChange {
  start: number;
  end: number;
  original: string;
  replacement: string;
  kind: SuggestionKind;
}

/** A word of the personal dictionary as compared: trimmed, lower case. */
export const dictionaryWord = (text: string) => text.trim().toLowerCase();

const NOT_WORDS = /[\s\p{P}\p{S}]/gu;
const words = (text: string) => text.split(/[\s\p{P}]+/u).filter(Boolean);

/**
 * Edit distance with adjacent transpositions counted as one (optimal string alignment): "teh" and
 * "the" are one apart, as a person's slip of the finger is.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The kind of a change, from the change alone:
 * - punctuation: only punctuation, symbols or spacing differ ("again ?" -> "again?", "a,b" -> "a, b");
 * - spelling: one word for one word that is close to it ("recieve" -> "receive", "color" -> "colour");
 * - grammar: only capitals differ ("i" -> "I"), or words are dropped or added without rewording
 *   ("the the" -> "the"), or one word for a different one ("is" -> "are");
 * - style: several words reworded.
 */
export function kindOf(original: string, replacement: string): SuggestionKind {
  const bare = (t: string) => t.replace(NOT_WORDS, '');
  if (bare(original) === bare(replacement)) return 'punctuation';
  if (bare(original).toLowerCase() === bare(replacement).toLowerCase()) return 'grammar';
  const from = words(original);
  const to = words(replacement);
  if (from.length === 1 && to.length === 1) {
    const a = from[0]!.toLowerCase();
    const b = to[0]!.toLowerCase();
    const close = editDistance(a, b) <= Math.max(2, Math.ceil(Math.max(a.length, b.length) / 3));
    return close ? 'spelling' : 'grammar';
  }
  const lower = (list: string[]) => new Set(list.map((w) => w.toLowerCase()));
  const fromSet = lower(from);
  const toSet = lower(to);
  if ([...toSet].every((w) => fromSet.has(w)) || [...fromSet].every((w) => toSet.has(w))) return 'grammar';
  return 'style';
}

/**
 * The changes that take a sentence to its corrected form, word by word (adjacent removals and additions
 * make one change, as in the panel's review), each with its kind.
 */
export function sentenceChanges(sentence: string, corrected: string): SentenceChange[] {
  if (sentence === corrected) return [];
  return buildDiff(sentence, corrected).changes.map((c) => ({
    start: c.start,
    end: c.end,
    original: c.removed,
    replacement: c.added,
    kind: kindOf(c.removed, c.added),
  }));
}
