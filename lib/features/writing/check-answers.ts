import { signal } from '@preact/signals';
import { type SentenceChange, sentenceChanges } from './suggestions.ts';

/** Kept answers and diffs; beyond this the oldest go (a long session in one page). */
const MAX_KEPT = 5_000;

/**
 * The service's answers of checking as you type, kept by sentence text (null: the sentence stays
 * unchecked and is not sent again), and the changes each answer makes to its sentence, computed once.
 */
export class CheckAnswers {
  readonly byText = signal<ReadonlyMap<string, string | null>>(new Map());
  private readonly diffs = new Map<string, SentenceChange[]>();

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
  changesOf(sentence: string, corrected: string): SentenceChange[] {
    const id = `${sentence}\u0000${corrected}`;
    let changes = this.diffs.get(id);
    if (!changes) {
      changes = sentenceChanges(sentence, corrected);
      if (this.diffs.size >= MAX_KEPT) this.diffs.clear();
      this.diffs.set(id, changes);
    }
    return changes;
  }
}
