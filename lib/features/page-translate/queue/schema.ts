import { z } from 'zod';
import { TranslateOptions } from '../../../api/translate-params.ts';

export const Priority = z.enum(['interactive', 'visible', 'background']);
export type Priority = z.infer<typeof Priority>;

/** One piece of a page to translate, as the content script sends it. */
export const QueueSegment = z.object({
  /** Unique within the tab; deliveries and failures name it. */
  id: z.string().min(1),
  tabId: z.number().int(),
  /** Plain text, or markup when `params.tag_handling` is set. */
  text: z.string(),
  params: TranslateOptions,
  priority: Priority,
});
export type QueueSegment = z.infer<typeof QueueSegment>;
