import { z } from 'zod';

export type EntriesFormat = 'tsv' | 'csv';

/** A dictionary with content, as sent (docs/contract.md §2.3). */
export interface DictionaryInput {
  source_lang: string;
  target_lang: string;
  entries: string;
  entries_format?: EntriesFormat;
}

export interface CreateGlossaryParams {
  name: string;
  dictionaries: DictionaryInput[];
}

/** One PATCH changes at most one dictionary (docs/contract.md §4.3 rule 3). */
export interface PatchGlossaryParams {
  name?: string;
  dictionaries?: [DictionaryInput];
}

export interface LanguagePair {
  source_lang: string;
  target_lang: string;
}

export const DictionarySummary = z.looseObject({
  source_lang: z.string(),
  target_lang: z.string(),
  entry_count: z.number().int().nonnegative(),
  creation_time: z.string().optional(),
});
export type DictionarySummary = z.infer<typeof DictionarySummary>;

export const Glossary = z.looseObject({
  glossary_id: z.string(),
  name: z.string(),
  dictionaries: z.array(DictionarySummary).default([]),
  creation_time: z.string().optional(),
  ready: z.boolean().optional(),
});
export type Glossary = z.infer<typeof Glossary>;

export const GlossaryList = z.looseObject({ glossaries: z.array(Glossary) });

export const DictionaryEntries = z.looseObject({
  source_lang: z.string(),
  target_lang: z.string(),
  entries: z.string(),
  entries_format: z.string().default('tsv'),
});
export type DictionaryEntries = z.infer<typeof DictionaryEntries>;

/**
 * The entries response holds one dictionary (docs/contract.md §4.3): `{dictionaries: [dictionary]}` in the
 * reference guide, mock and official clients, the dictionary itself in the reference description's schema.
 */
export const GlossaryEntriesResponse = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !('dictionaries' in value) && 'entries' in value
      ? { dictionaries: [value] }
      : value,
  z.looseObject({ dictionaries: z.array(DictionaryEntries).min(1) }),
);
