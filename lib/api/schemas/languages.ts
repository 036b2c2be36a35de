import { z } from 'zod';

/** Resource values of `GET /v3/languages` (docs/contract.md §4.4). A string type, so new ones can be asked for. */
export type LanguageResource =
  | 'translate_text'
  | 'translate_document'
  | 'glossary'
  | 'voice'
  | 'write'
  | 'style_rules'
  | (string & {});

export interface GetLanguagesOptions {
  includeBeta?: boolean;
  includeExternal?: boolean;
}

/**
 * Codes, statuses and feature keys stay strings and records: the contract lets the service add any of
 * them at any time (docs/contract.md §2.4, §9.5).
 */
export const Feature = z.looseObject({ status: z.string() });
export type Feature = z.infer<typeof Feature>;

export const Language = z.looseObject({
  lang: z.string(),
  name: z.string(),
  usable_as_source: z.boolean(),
  usable_as_target: z.boolean(),
  status: z.string().default('stable'),
  features: z.record(z.string(), Feature).default({}),
});
export type Language = z.infer<typeof Language>;

export const LanguageList = z.array(Language);

export const ResourceFeature = z.looseObject({
  name: z.string(),
  // The reference output gives a flag only where it is true.
  needs_source_support: z.boolean().default(false),
  needs_target_support: z.boolean().default(false),
});
export type ResourceFeature = z.infer<typeof ResourceFeature>;

export const ResourceDescriptor = z.looseObject({
  name: z.string(),
  features: z.array(ResourceFeature).default([]),
});
export type ResourceDescriptor = z.infer<typeof ResourceDescriptor>;

export const ResourceList = z.array(ResourceDescriptor);

/** Deprecated `GET /v2/languages`. */
export const LanguageV2 = z.looseObject({
  language: z.string(),
  name: z.string(),
  supports_formality: z.boolean().optional(),
});
export type LanguageV2 = z.infer<typeof LanguageV2>;

export const LanguageV2List = z.array(LanguageV2);

/** Deprecated `GET /v2/glossary-language-pairs`. */
export const GlossaryLanguagePairs = z.looseObject({
  supported_languages: z.array(z.looseObject({ source_lang: z.string(), target_lang: z.string() })),
});
export type GlossaryLanguagePair = z.infer<typeof GlossaryLanguagePairs>['supported_languages'][number];
