import { baseOf } from './codes.ts';

/** What the pair rule reads of a glossary: the language pairs of its dictionaries. */
interface WithDictionaries {
  dictionaries: ReadonlyArray<{ source_lang: string; target_lang: string }>;
}

/**
 * Glossaries with a dictionary for the pair. A dictionary for a language serves all its variants
 * (docs/contract.md §4.3 rule 5): `en` -> `de` serves text from `en` into `de`, and `en` into `en-GB`.
 */
export function glossariesForPair<G extends WithDictionaries>(
  glossaries: readonly G[],
  source: string,
  target: string,
): G[] {
  return glossaries.filter((g) =>
    g.dictionaries.some((d) => baseOf(d.source_lang) === baseOf(source) && baseOf(d.target_lang) === baseOf(target)),
  );
}
