import { batch, signal } from '@preact/signals';
import type { Slicing } from '../../dom/schedule.ts';
import { EntriesModel } from './entries-model.ts';
import type { LanguagePair } from './types.ts';

/** Why a dictionary's pair cannot be used: not both chosen, the same language twice, or already in the glossary. */
export type PairProblem = 'missing' | 'same' | 'taken';

/** The pair, or why it cannot be used. */
export function checkPair(pair: Partial<LanguagePair>): LanguagePair | Exclude<PairProblem, 'taken'> {
  if (!pair.source_lang || !pair.target_lang) return 'missing';
  if (pair.source_lang.toLowerCase() === pair.target_lang.toLowerCase()) return 'same';
  return { source_lang: pair.source_lang, target_lang: pair.target_lang };
}

/** What a filled-in form sends. */
export interface DictionaryDraft {
  name: string;
  pair: LanguagePair;
  entries: string;
}

/**
 * A form that makes a dictionary: a new glossary (name, pair, entries) or another pair of an existing
 * one (pair, entries). Problems show after a send was attempted; changing the pair clears its problem.
 */
export class DictionaryFormModel {
  readonly name = signal('');
  readonly nameProblem = signal<'missing' | undefined>(undefined);
  readonly pairProblem = signal<PairProblem | undefined>(undefined);
  readonly entries: EntriesModel;

  constructor(deps: { slicing: Slicing }) {
    this.entries = new EntriesModel(deps);
  }

  setName(name: string): void {
    this.name.value = name;
  }

  setPair(pair: Partial<LanguagePair>): void {
    batch(() => {
      this.entries.setPair(pair);
      this.pairProblem.value = undefined;
    });
  }

  /**
   * What to send, or undefined with every problem shown. `needsName` for a new glossary; `taken`, the
   * pairs the glossary has already (lower-case codes, as the service lists them).
   */
  check({
    needsName,
    taken = [],
  }: {
    needsName: boolean;
    taken?: readonly LanguagePair[];
  }): DictionaryDraft | undefined {
    const name = this.name.value.trim();
    this.nameProblem.value = needsName && !name ? 'missing' : undefined;
    let pair: LanguagePair | PairProblem = checkPair(this.entries.pair.value);
    if (typeof pair !== 'string') {
      const { source_lang, target_lang } = pair;
      if (taken.some((d) => d.source_lang === source_lang.toLowerCase() && d.target_lang === target_lang.toLowerCase()))
        pair = 'taken';
    }
    this.pairProblem.value = typeof pair === 'string' ? pair : undefined;
    const entries = this.entries.validTsv();
    if ((needsName && !name) || typeof pair === 'string' || entries === undefined) return undefined;
    return { name, pair, entries };
  }

  dispose(): void {
    this.entries.dispose();
  }
}
