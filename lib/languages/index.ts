/**
 * What Verso knows about language codes and the service's language lists, in one place (README.md).
 * `codes.ts` imports nothing and is what lib/settings imports; everything else imports this index.
 */
export { alreadyInLanguage, baseOf, byCodeOrBase, entryFor, sameCode, withRecent } from './codes.ts';
export { formalityFor } from './formality.ts';
export { glossariesForPair } from './glossaries.ts';
export { findLanguage, hasFeature, sourceCodeFor, sourceOptions, targetCodeFor, targetOptions } from './lookup.ts';
export { languageName } from './names.ts';
