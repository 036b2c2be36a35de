import { z } from 'zod';

export type Formality = 'default' | 'more' | 'less' | 'prefer_more' | 'prefer_less';
export type ModelType = 'latency_optimized' | 'quality_optimized' | 'prefer_quality_optimized';

/** `POST /v2/translate` parameters, named as on the wire (docs/contract.md §4.1). */
export interface TranslateParams {
  text: string[];
  target_lang: string;
  source_lang?: string;
  context?: string;
  model_type?: ModelType;
  split_sentences?: '0' | '1' | 'nonewlines';
  preserve_formatting?: boolean;
  formality?: Formality;
  glossary_id?: string;
  style_id?: string;
  custom_instructions?: string[];
  translation_memory_id?: string;
  translation_memory_threshold?: number;
  show_billed_characters?: boolean;
  tag_handling?: 'xml' | 'html';
  tag_handling_version?: 'v1' | 'v2';
  outline_detection?: boolean;
  non_splitting_tags?: string[];
  splitting_tags?: string[];
  ignore_tags?: string[];
}

export const TranslationResult = z.looseObject({
  detected_source_language: z.string(),
  text: z.string(),
  billed_characters: z.number().int().nonnegative().optional(),
  model_type_used: z.string().optional(),
});
export type TranslationResult = z.infer<typeof TranslationResult>;

export const TranslateResponse = z.looseObject({ translations: z.array(TranslationResult) });
export type TranslateResponse = z.infer<typeof TranslateResponse>;
