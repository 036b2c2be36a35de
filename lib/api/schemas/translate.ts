import { z } from 'zod';

export const TranslationResult = z.looseObject({
  /** One reference example leaves it out: read as '' (unknown). */
  detected_source_language: z.string().default(''),
  text: z.string(),
  billed_characters: z.number().int().nonnegative().optional(),
  model_type_used: z.string().optional(),
});
export type TranslationResult = z.infer<typeof TranslationResult>;

export const TranslateResponse = z.looseObject({ translations: z.array(TranslationResult) });
export type TranslateResponse = z.infer<typeof TranslateResponse>;
