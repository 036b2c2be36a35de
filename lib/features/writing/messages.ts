import { z } from 'zod';
import { LanguageCode } from '../../api/language-code.ts';
import { defineMessage } from '../../messaging/define.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
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

/** The pause after the last key before checking as you type, in ms, unless the person set another. */
export const DEFAULT_PAUSE_MS = 800;

/** The keys that translate the sentence just typed: three spaces in a row, Alt+Enter, or nothing. */
const TRANSLATE_GESTURES = ['three-spaces', 'alt-enter', 'off'] as const;
export const TranslateGesture = z.enum(TRANSLATE_GESTURES);
export type TranslateGesture = z.infer<typeof TranslateGesture>;

/** Checking as you type, as it applies to the asking frame's site and window. */
export interface TypingStatus {
  /** Checking as you type runs here (the global or the site's switch, and private windows' own). */
  asYouType: boolean;
  /** The pause after the last key before the check, in ms. */
  pauseMs: number;
  /** Code editors (CodeMirror, Monaco, Ace) are checked too (`TypingSettings.codeEditors`). */
  codeEditors?: boolean;
  /** The keys that translate the sentence just typed ("translate what I type"). */
  translateGesture: TranslateGesture;
  /** The key that goes to the next suggestion (`next-key.ts`); absent: F8. */
  nextKey?: string;
  /** The language "translate what I type" translates into on this site. */
  translateTo: string;
  /** The host the site switches apply to (none for files and other pages without one). */
  host?: string;
  /** The site's own switch, if the person set one (else the global switch decides). */
  siteAsYouType?: boolean;
  /** A private window, where checking needs its own yes. */
  incognito: boolean;
}

/** Longest text "translate what I type" sends (a sentence; a field's longest sentence at most). */
export const MAX_TYPED_TRANSLATION = 5_000;

export interface TypedTranslation {
  text: string;
  targetLang: string;
  detectedSource: string;
}

/** A site switch set from the page's own panel; `null` removes the site's override. */
export const SiteTypingInput = z.object({
  asYouType: z.boolean().nullable().optional(),
  translateTo: LanguageCode.nullable().optional(),
});

export interface WritingStatus {
  /** False where the person turned writing help off for the site. */
  enabled: boolean;
  tier: WritingTier;
  typing?: TypingStatus;
}

/** Most sentences one check message may carry (a field of 200,000 characters has fewer). */
const MAX_CHECK_SENTENCES = 5_000;

export const CheckInput = z
  .object({
    sentences: z.array(z.string().min(1).max(MAX_FIELD_TEXT_CHARS)).min(1).max(MAX_CHECK_SENTENCES),
    /** Each sentence's paragraph language ('' unknown), as the frame detected it; the worker keeps only codes the endpoint takes. */
    langs: z.array(z.string().max(20)).max(MAX_CHECK_SENTENCES).optional(),
  })
  .refine((v) => !v.langs || v.langs.length === v.sentences.length, { message: 'One language per sentence' })
  .refine((v) => v.sentences.reduce((n, s) => n + s.length, 0) <= MAX_FIELD_TEXT_CHARS, {
    message: `At most ${MAX_FIELD_TEXT_CHARS} characters per check`,
  });
export type CheckInput = z.input<typeof CheckInput>;

export interface CheckResult {
  /**
   * The corrected text of the first sentences, in order (`null`: the service could not check that one,
   * such as a language it does not improve). Shorter than the input when `error` stopped the run.
   */
  results: (string | null)[];
  /** Requests sent. */
  requests: number;
  error?: ErrorInfo;
}

/** What of a paragraph goes to the browser's language detector: its beginning tells its language. */
export const MAX_DETECTED_CHARS = 1_000;

/** A word (or short phrase) of the personal dictionary. */
export const DictionaryWord = z.string().trim().min(1).max(100);

export const WritingAction = z.enum(['open', 'correct', 'rephrase']);
export type WritingAction = z.infer<typeof WritingAction>;

export const writingMessages = {
  /** Whether writing help may show on the sender's site, and whether the key can use it. Sends no text. */
  'writing.status': defineMessage<WritingStatus>()('content', z.object({}).optional()),
  /** Improves the text of a field; only sent when the person asks. */
  'writing.improve': defineMessage<ImproveResult>()('content', ImproveInput),
  /** Checks changed sentences of a field as the person types (only where they turned that on). */
  'writing.check': defineMessage<CheckResult>()('content', CheckInput),
  /**
   * The language of a paragraph of the field, by the browser's own detector, run in the background: the
   * page's main thread pays for the message only. Sends nothing anywhere.
   */
  'writing.language': defineMessage<string | null>()('content', z.object({ text: z.string().max(MAX_DETECTED_CHARS) })),
  /** "Translate what I type": the sentence just typed, into the site's chosen target. */
  'writing.translate': defineMessage<TypedTranslation>()(
    'content',
    z.object({ text: z.string().trim().min(1).max(MAX_TYPED_TRANSLATION) }),
  ),
  /** The switches of the sender's site (the background takes the site from the sender, never from the page). */
  'writing.site': defineMessage<TypingStatus>()('content', SiteTypingInput),
  /** The personal dictionary: words never flagged as misspelled. */
  'writing.dictionary.list': defineMessage<string[]>()('content', z.object({}).optional()),
  /** "Ignore everywhere" on a suggestion's card. */
  'writing.dictionary.add': defineMessage<null>()('content', z.object({ word: DictionaryWord })),
  /** Options: take a word out of the personal dictionary. */
  'writing.dictionary.remove': defineMessage<null>()('pages', z.object({ word: DictionaryWord })),
  /** Shortcut or context menu: act on the focused field of the tab (or of one frame). */
  'writing.trigger': defineMessage<boolean>()('background', z.object({ action: WritingAction })),
};
