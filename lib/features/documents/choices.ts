import type { Glossary, Language } from '../../api/index.ts';
import { glossariesForPair, hasFeature, sourceOptions, targetOptions } from '../../languages/index.ts';
import type { GlossaryChoice } from './types.ts';

/**
 * What the document form may offer, read from `/v3/languages?resource=translate_document`: a feature
 * is supported if and only if its key is in `features` (docs/contract.md §2.4). Nothing is hard-coded.
 * Names sort in English order whatever the browser's language.
 */
export const sourceChoices = (languages: readonly Language[]) => sourceOptions(languages, 'en');

export const targetChoices = (languages: readonly Language[]) => targetOptions(languages, 'en');

/** Formality is a target feature. */
export const formalityAllowed = (languages: readonly Language[], target: string) =>
  hasFeature(target, languages, 'formality');

/** A glossary needs a chosen source (not detection) and the `glossary` key on both languages. */
export const glossaryAllowed = (languages: readonly Language[], source: string, target: string) =>
  source !== '' && hasFeature(source, languages, 'glossary') && hasFeature(target, languages, 'glossary');

/** The pair's glossaries (lib/languages/glossaries.ts) as the form lists them, by name. */
export function glossaryChoicesForPair(
  glossaries: readonly Glossary[],
  source: string,
  target: string,
): GlossaryChoice[] {
  return glossariesForPair(glossaries, source, target)
    .map((g) => ({ glossaryId: g.glossary_id, name: g.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
