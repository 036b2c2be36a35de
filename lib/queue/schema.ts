import { z } from 'zod';

/**
 * The translate request parameters except `text`. Known fields are checked; unknown ones pass through, so
 * a parameter the service adds later can be used before this schema learns it.
 */
export const TranslateParams = z.looseObject({
  target_lang: z.string().min(1),
  source_lang: z.string().min(1).optional(),
  context: z.string().optional(),
  formality: z.string().optional(),
  glossary_id: z.string().optional(),
  style_id: z.string().optional(),
  custom_instructions: z.array(z.string()).optional(),
  translation_memory_id: z.string().optional(),
  translation_memory_threshold: z.number().int().optional(),
  tag_handling: z.enum(['xml', 'html']).optional(),
  tag_handling_version: z.string().optional(),
  model_type: z.string().optional(),
  split_sentences: z.string().optional(),
  preserve_formatting: z.boolean().optional(),
  outline_detection: z.boolean().optional(),
  non_splitting_tags: z.array(z.string()).optional(),
  splitting_tags: z.array(z.string()).optional(),
  ignore_tags: z.array(z.string()).optional(),
});
export type TranslateParams = z.infer<typeof TranslateParams>;

export const Priority = z.enum(['interactive', 'visible', 'background']);
export type Priority = z.infer<typeof Priority>;

/** One piece of a page to translate, as the content script sends it. */
export const QueueSegment = z.object({
  /** Unique within the tab; deliveries and failures name it. */
  id: z.string().min(1),
  tabId: z.number().int(),
  /** Plain text, or markup when `params.tag_handling` is set. */
  text: z.string(),
  params: TranslateParams,
  priority: Priority,
});
export type QueueSegment = z.infer<typeof QueueSegment>;
