import { z } from 'zod';
import { defineMessage } from '../../messaging/define.ts';
import { TONE_VALUES, WRITING_STYLE_VALUES } from './style-tone.ts';

export const WritingStyleValue = z.enum(WRITING_STYLE_VALUES);
export const ToneValue = z.enum(TONE_VALUES);

/** Longest text one request from a field may carry; it is split into 10 KiB bodies in the background. */
export const MAX_FIELD_TEXT_CHARS = 200_000;

export const ImproveInput = z
  .object({
    mode: z.enum(['correct', 'rephrase']),
    text: z.string().min(1).max(MAX_FIELD_TEXT_CHARS),
    /** Empty or absent: the service improves in the text's own language. */
    targetLang: z.string().max(20).optional(),
    writingStyle: WritingStyleValue.optional(),
    tone: ToneValue.optional(),
  })
  // docs/contract.md §4.5: never both, and correct takes neither.
  .refine((v) => !(v.writingStyle && v.tone), { message: 'writing_style and tone cannot both be sent' })
  .refine((v) => v.mode === 'rephrase' || (!v.writingStyle && !v.tone), {
    message: 'correct does not take a writing style or a tone',
  });
export type ImproveInput = z.input<typeof ImproveInput>;

export interface ImproveResult {
  text: string;
  detectedSourceLanguage: string;
  /** How many requests the text took (more than one beyond the 10 KiB body limit). */
  requests: number;
}

export type WritingTier = 'paid' | 'free' | 'unconfigured';

export interface WritingStatus {
  /** False where the person turned writing help off for the site. */
  enabled: boolean;
  tier: WritingTier;
}

export const WritingAction = z.enum(['open', 'correct', 'rephrase']);
export type WritingAction = z.infer<typeof WritingAction>;

export const writingMessages = {
  /** Whether writing help may show on the sender's site, and whether the key can use it. Sends no text. */
  'writing.status': defineMessage<WritingStatus>()('content', z.object({}).optional()),
  /** Improves the text of a field; only sent when the person asks. */
  'writing.improve': defineMessage<ImproveResult>()('content', ImproveInput),
  /** Shortcut or context menu: act on the focused field of the tab (or of one frame). */
  'writing.trigger': defineMessage<boolean>()('background', z.object({ action: WritingAction })),
};
