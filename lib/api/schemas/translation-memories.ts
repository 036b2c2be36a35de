import { z } from 'zod';

/** Only the id is in the contract (2.10); the rest is what the local service and real service show. */
export const TranslationMemory = z.looseObject({
  translation_memory_id: z.string(),
  name: z.string().optional(),
  source_language: z.string().optional(),
  target_languages: z.array(z.string()).optional(),
  segment_count: z.number().optional(),
});
export type TranslationMemory = z.infer<typeof TranslationMemory>;

export const TranslationMemoryList = z.looseObject({ translation_memories: z.array(TranslationMemory) });
