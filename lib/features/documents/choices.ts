import type { Glossary, Language } from '../../api/index.ts';
import type { GlossaryChoice } from './types.ts';

/**
 * What the document form may offer, read from `/v3/languages?resource=translate_document`: a feature
 * is supported if and only if its key is in `features` (docs/contract.md §2.4). Nothing is hard-coded.
 */
const byName = (a: Language, b: Language) => a.name.localeCompare(b.name, 'en');

export const sourceChoices = (languages: readonly Language[]) =>
  languages.filter((l) => l.usable_as_source).sort(byName);

export const targetChoices = (languages: readonly Language[]) =>
  languages.filter((l) => l.usable_as_target).sort(byName);

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const find = (languages: readonly Language[], code: string) => languages.find((l) => same(l.lang, code));

export function supportsFeature(languages: readonly Language[], code: string, feature: string): boolean {
  const language = find(languages, code);
  return language !== undefined && feature in language.features;
}

/** Formality is a target feature. */
export const formalityAllowed = (languages: readonly Language[], target: string) =>
  supportsFeature(languages, target, 'formality');

/** A glossary needs a chosen source (not detection) and the `glossary` key on both languages. */
export const glossaryAllowed = (languages: readonly Language[], source: string, target: string) =>
  source !== '' && supportsFeature(languages, source, 'glossary') && supportsFeature(languages, target, 'glossary');

const base = (code: string) => code.toLowerCase().split('-')[0] ?? '';

/**
 * Glossaries with a dictionary for the pair. A dictionary for a language serves all its variants
 * (docs/contract.md §4.3 rule 5): `en` -> `de` serves a document from `en` into `de`, and `en` into `en-GB`.
 */
export function glossariesForPair(glossaries: readonly Glossary[], source: string, target: string): GlossaryChoice[] {
  return glossaries
    .filter((g) =>
      g.dictionaries.some((d) => base(d.source_lang) === base(source) && base(d.target_lang) === base(target)),
    )
    .map((g) => ({ glossaryId: g.glossary_id, name: g.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
