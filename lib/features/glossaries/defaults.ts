import { type GlossaryDefaults, glossaryPairKey } from '../../settings/schema.ts';
import type { GlossaryView, LanguagePair } from './types.ts';

/**
 * Defaults that still point at something: without the deleted glossary, or without its default for
 * a deleted dictionary. Returns the same object when nothing changes, so callers can skip the write.
 */
export function defaultsWithout(defaults: GlossaryDefaults, glossaryId: string, pair?: LanguagePair): GlossaryDefaults {
  const key = pair ? glossaryPairKey(pair.source_lang, pair.target_lang) : undefined;
  const drop = Object.entries(defaults).filter(([k, id]) => id === glossaryId && (key === undefined || k === key));
  if (drop.length === 0) return defaults;
  const out = { ...defaults };
  for (const [k] of drop) delete out[k];
  return out;
}

/**
 * Defaults that point at a glossary the list has, with a dictionary for the default's pair: a glossary
 * deleted elsewhere (another device, the service's own API) leaves no default behind. Returns the same
 * object when nothing changes.
 */
export function defaultsThatExist(defaults: GlossaryDefaults, glossaries: readonly GlossaryView[]): GlossaryDefaults {
  const pairsOf = new Map(
    glossaries.map((g) => [
      g.glossary_id,
      new Set(g.dictionaries.map((d) => glossaryPairKey(d.source_lang, d.target_lang))),
    ]),
  );
  const keep = Object.entries(defaults).filter(([key, id]) => pairsOf.get(id)?.has(key));
  return keep.length === Object.keys(defaults).length ? defaults : Object.fromEntries(keep);
}

export interface PairChoice {
  key: string;
  source_lang: string;
  target_lang: string;
  /** Glossaries with a dictionary for this pair, by name. */
  glossaries: Array<{ glossary_id: string; name: string }>;
}

/** Every language pair some glossary covers, each with the glossaries that can be its default. */
export function pairChoices(glossaries: readonly GlossaryView[]): PairChoice[] {
  const byKey = new Map<string, PairChoice>();
  for (const g of glossaries) {
    for (const d of g.dictionaries) {
      const key = glossaryPairKey(d.source_lang, d.target_lang);
      const choice = byKey.get(key) ?? {
        key,
        source_lang: d.source_lang.toLowerCase(),
        target_lang: d.target_lang.toLowerCase(),
        glossaries: [],
      };
      if (!choice.glossaries.some((x) => x.glossary_id === g.glossary_id))
        choice.glossaries.push({ glossary_id: g.glossary_id, name: g.name });
      byKey.set(key, choice);
    }
  }
  for (const c of byKey.values()) c.glossaries.sort((a, b) => a.name.localeCompare(b.name));
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}
