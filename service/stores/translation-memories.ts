import { notFound } from '../http/errors.ts';

/**
 * The seeded translation memories (docs/local-service.md). Memories are read-only here (the contract
 * names no endpoint to change them), so the seed is the whole store and a reset has nothing to do.
 */

export interface TranslationMemory {
  translation_memory_id: string;
  name: string;
  source_language: string;
  target_languages: string[];
  segment_count: number;
}

/** Fixed ids, so scripts and end-to-end tests can name the seeded memories. */
export const SEEDED_MEMORY_IDS = {
  productUi: '00000000-0000-4000-8000-00000000c001',
  supportMacros: '00000000-0000-4000-8000-00000000c002',
} as const;

const SEED: Readonly<Record<string, readonly TranslationMemory[]>> = {
  paid: [
    {
      translation_memory_id: SEEDED_MEMORY_IDS.productUi,
      name: 'Product UI',
      source_language: 'en',
      target_languages: ['de'],
      segment_count: 1280,
    },
    {
      translation_memory_id: SEEDED_MEMORY_IDS.supportMacros,
      name: 'Support macros',
      source_language: 'en',
      target_languages: ['fr', 'es'],
      segment_count: 342,
    },
  ],
};

export interface TranslationMemoryRef {
  translation_memory_id: string;
  source_language: string;
  target_languages: string[];
}

export class TranslationMemoryStore {
  memoriesOf(accountId: string): readonly TranslationMemory[] {
    return SEED[accountId] ?? [];
  }

  /** The account's translation memory, or a 404 ServiceError. */
  find(accountId: string, id: string): TranslationMemoryRef {
    const memory = this.memoriesOf(accountId).find((m) => m.translation_memory_id === id);
    if (!memory) throw notFound(`Translation memory '${id}' not found`);
    return {
      translation_memory_id: memory.translation_memory_id,
      source_language: memory.source_language,
      target_languages: [...memory.target_languages],
    };
  }
}
