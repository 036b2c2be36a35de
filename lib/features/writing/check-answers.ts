import { signal } from '@preact/signals';
import { type SentenceChange, sentenceChanges } from './suggestions.ts';

/** Kept answers and diffs; beyond this the oldest go (a long session in one page). */
const MAX_KEPT = 5_000;
const NO_CHANGES: readonly SentenceChange[] = [];

/**
 * The service's answers of checking as you type, kept by sentence text (null: the sentence stays
 * unchecked and is not sent again), and the changes each answer makes to its sentence, computed once.
 */
export class CheckAnswers {
  readonly byText = signal<ReadonlyMap<string, string | null>>(new Map());
  /** By sentence, then by answer (the sentence strings are those of the field's text, so looked up cheaply). */
  private readonly diffs = new Map<string, Map<string, SentenceChange[]>>();
  private diffCount = 0;

  /** Keeps `results[i]` as the answer of `sentences[i]` (null where there is none). */
  keep(sentences: readonly string[], results: readonly (string | null)[]): void {
    const next = new Map(this.byText.value);
    sentences.forEach((s, i) => {
      next.set(s, results[i] ?? null);
    });
    while (next.size > MAX_KEPT) next.delete(next.keys().next().value as string);
    this.byText.value = next;
  }

  /** The changes from `sentence` to its answer `corrected`. */
  changesOf(sentence: string, corrected: string): readonly SentenceChange[] {
    // Most answers leave their sentence as it was: nothing to diff, nothing to keep.
    if (sentence === corrected) return NO_CHANGES;
    let byAnswer = this.diffs.get(sentence);
    let changes = byAnswer?.get(corrected);
    if (!changes) {
      changes = sentenceChanges(sentence, corrected);
      if (this.diffCount >= MAX_KEPT) {
        this.diffs.clear();
        this.diffCount = 0;
        byAnswer = undefined;
      }
      if (!byAnswer) {
        byAnswer = new Map();
        this.diffs.set(sentence, byAnswer);
      }
      byAnswer.set(corrected, changes);
      this.diffCount++;
    }
    return changes;
  }
}
