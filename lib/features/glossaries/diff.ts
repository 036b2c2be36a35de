import type { GlossaryDictionarySummary } from '../../db/index.ts';
import type { GlossaryChanges } from './types.ts';

interface Comparable {
  glossary_id: string;
  name: string;
  dictionaries: GlossaryDictionarySummary[];
}

/** Language codes come back in either case (docs/contract.md §2.3), so pairs compare in lower case. */
const pairKey = (d: GlossaryDictionarySummary) => `${d.source_lang.toLowerCase()}>${d.target_lang.toLowerCase()}`;

/** A stable fingerprint of a glossary's dictionaries: pairs and entry counts, in any order. */
export function dictionariesFingerprint(dictionaries: readonly GlossaryDictionarySummary[]): string {
  return dictionaries
    .map((d) => `${pairKey(d)}=${d.entry_count}`)
    .sort()
    .join(',');
}

/** Added, removed and changed (renamed, or dictionaries added, removed or resized) glossaries. */
export function diffGlossaries(before: readonly Comparable[], after: readonly Comparable[]): GlossaryChanges {
  const old = new Map(before.map((g) => [g.glossary_id, g]));
  const now = new Set(after.map((g) => g.glossary_id));
  const changes: GlossaryChanges = { added: [], removed: [], changed: [] };
  for (const g of after) {
    const prev = old.get(g.glossary_id);
    if (!prev) changes.added.push(g.glossary_id);
    else if (
      prev.name !== g.name ||
      dictionariesFingerprint(prev.dictionaries) !== dictionariesFingerprint(g.dictionaries)
    )
      changes.changed.push(g.glossary_id);
  }
  for (const g of before) if (!now.has(g.glossary_id)) changes.removed.push(g.glossary_id);
  return changes;
}

export const hasChanges = (c: GlossaryChanges) => c.added.length + c.removed.length + c.changed.length > 0;
