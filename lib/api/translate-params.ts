import { z } from 'zod';
import { LanguageCode } from './language-code.ts';

export const Formality = z.enum(['default', 'more', 'less', 'prefer_more', 'prefer_less']);
export type Formality = z.infer<typeof Formality>;

export const ModelType = z.enum(['latency_optimized', 'quality_optimized', 'prefer_quality_optimized']);
export type ModelType = z.infer<typeof ModelType>;

/**
 * The parameters of `POST /v2/translate` other than `text`, named as on the wire (docs/contract.md §4.1).
 * Parsed where they cross a boundary (the page queue's stored work, content-script messages, which
 * narrow them further); the combination rules and limits are checked before sending (`limits.ts`).
 * Unknown keys are dropped: the client sends only these fields (`body.ts`).
 */
export const TranslateOptions = z.object({
  target_lang: LanguageCode,
  source_lang: LanguageCode.optional(),
  context: z.string().optional(),
  model_type: ModelType.optional(),
  split_sentences: z.enum(['0', '1', 'nonewlines']).optional(),
  preserve_formatting: z.boolean().optional(),
  formality: Formality.optional(),
  glossary_id: z.string().optional(),
  style_id: z.string().optional(),
  custom_instructions: z.array(z.string()).optional(),
  translation_memory_id: z.string().optional(),
  translation_memory_threshold: z.number().int().optional(),
  show_billed_characters: z.boolean().optional(),
  tag_handling: z.enum(['xml', 'html']).optional(),
  tag_handling_version: z.enum(['v1', 'v2']).optional(),
  outline_detection: z.boolean().optional(),
  non_splitting_tags: z.array(z.string()).optional(),
  splitting_tags: z.array(z.string()).optional(),
  ignore_tags: z.array(z.string()).optional(),
});
export type TranslateOptions = z.infer<typeof TranslateOptions>;

/** `POST /v2/translate` parameters: the texts, then their options (the order of the body, `body.ts`). */
export const TranslateParams = z.object({ text: z.array(z.string()), ...TranslateOptions.shape });
export type TranslateParams = z.infer<typeof TranslateParams>;
