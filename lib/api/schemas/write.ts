import { z } from 'zod';

export type WritingStyle =
  | 'default'
  | 'simple'
  | 'business'
  | 'academic'
  | 'casual'
  | 'prefer_simple'
  | 'prefer_business'
  | 'prefer_academic'
  | 'prefer_casual';

export type Tone =
  | 'default'
  | 'enthusiastic'
  | 'friendly'
  | 'confident'
  | 'diplomatic'
  | 'prefer_enthusiastic'
  | 'prefer_friendly'
  | 'prefer_confident'
  | 'prefer_diplomatic';

/** `POST /v2/write/rephrase` (docs/contract.md §4.5). writing_style and tone are exclusive. */
export interface RephraseParams {
  text: string[];
  target_lang?: string;
  writing_style?: WritingStyle;
  tone?: Tone;
}

/** `POST /v2/write/correct`: no writing_style, no tone. */
export interface CorrectParams {
  text: string[];
  target_lang?: string;
}

export const Improvement = z.looseObject({
  text: z.string(),
  /** In the reference guide, not in the reference description's response: optional. */
  target_language: z.string().optional(),
  detected_source_language: z.string(),
});
export type Improvement = z.infer<typeof Improvement>;

export const WriteResponse = z.looseObject({ improvements: z.array(Improvement) });
