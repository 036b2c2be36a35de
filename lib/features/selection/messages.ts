import { z } from 'zod';
import { LanguageCode } from '../../api/language-code.ts';
import { Formality } from '../../api/translate-params.ts';
import { defineMessage } from '../../messaging/define.ts';
import type { HoverModifier } from '../../settings/schema.ts';
import type { TermSaved } from '../glossaries/save-term.ts';

/** Longest selection Verso translates in one go, in characters of plain text; guards the quota. */
export const MAX_SELECTION_CHARS = 100_000;
/** The HTML of a selection is longer than its text (tags); this bounds what a message may carry. */
const MAX_SELECTION_HTML = 8 * MAX_SELECTION_CHARS;
export const SelectionTranslateInput = z
  .object({
    /** One inline-HTML fragment per paragraph (lib/features/selection/serialize.ts). */
    paragraphs: z.array(z.string().max(MAX_SELECTION_HTML)).min(1).max(20_000),
    /** Text around the selection; the background drops it unless the person allows context. */
    context: z.string().max(10_000).optional(),
    /** The `lang` the page declares for the selection; used as the source when the service has it. */
    pageLang: z.string().max(40).optional(),
    /** Absent: the preferred target. */
    targetLang: LanguageCode.optional(),
    formality: Formality.optional(),
    /** The person picked `targetLang`: make it the preferred target. */
    remember: z.boolean().default(false),
  })
  .refine((v) => v.paragraphs.reduce((n, p) => n + p.length, 0) <= MAX_SELECTION_HTML, {
    message: 'The selection is too long',
  });

export interface SelectionTranslation {
  /** The service's HTML per paragraph; the content script sanitises it before showing it. */
  paragraphs: string[];
  detectedSource: string;
  /** The source sent (declared by the page, or detected and needed for a glossary). */
  sourceLang?: string;
  /** The service detected the source (the page declared none, or one Verso could not use). */
  sourceDetected: boolean;
  targetLang: string;
  formality: Formality;
  glossaryId?: string;
  /** `model_type_used` from the service: present when a model type was sent. */
  modelTypeUsed?: string;
  /** Why a chosen setting was changed or left out (e.g. the model, for custom instructions). */
  notes: string[];
  /** The service detected the target's own language: the text came back as it was (and was billed). */
  alreadyInTarget?: true;
}

/** What the in-page helpers may do in a frame, from the settings and the tab's site rule. */
export interface SelectionOptions {
  /** The translate button next to a settled selection. */
  button: boolean;
  /** The button in text fields and editors too (never in password fields). */
  inFields: boolean;
  sendContext: boolean;
  /** The key that translates the paragraph under the pointer ('off': none). */
  hoverModifier: HoverModifier;
  /** The preferred target language (the paragraph under the pointer goes into it). */
  targetLang: string;
  /** The `translate-selection` shortcut as the browser shows it; empty when none is assigned. */
  shortcut: string;
}

/** The tab's selection as the bubble would send it, handed to the side panel (selection.capture). */
export interface SelectionCaptured {
  /** One inline-HTML fragment per paragraph, as `selection.translate` takes them. */
  paragraphs: string[];
  /** The selection as plain text. */
  text: string;
  /** Text around it (empty when the person does not send context). */
  context: string;
  pageLang?: string;
  /** Longer than Verso translates in one go (MAX_SELECTION_CHARS): nothing may be sent. */
  tooLong: boolean;
}

export const selectionMessages = {
  /** Menu item or shortcut: translate the selection of the tab (of one frame for the menu). */
  'selection.show': defineMessage<{ shown: boolean }>()(
    'background',
    z.object({
      trigger: z.enum(['menu', 'command']),
      sendContext: z.boolean(),
      /** The menu's own copy of the selected text, for when the page's selection cannot be read. */
      selectionText: z.string().max(MAX_SELECTION_CHARS).optional(),
      /** The length of the menu's copy when it is too long to translate (and so not sent). */
      selectionChars: z.number().int().nonnegative().optional(),
    }),
  ),
  /** The side panel's "Translate selection": the top frame's selection with its context, or null. */
  'selection.capture': defineMessage<SelectionCaptured | null>()('background', z.object({ sendContext: z.boolean() })),
  'selection.translate': defineMessage<SelectionTranslation>()('content', SelectionTranslateInput),
  /** The bubble's "Save to glossary": the selection and its translation as a term of their pair. */
  'selection.saveTerm': defineMessage<TermSaved>()(
    'content',
    z.object({
      source: z.string().min(1).max(2000),
      target: z.string().min(1).max(2000),
      sourceLang: LanguageCode,
      targetLang: LanguageCode,
    }),
  ),
  /** The selection button's and the hover paragraph's settings for this frame's site. */
  'selection.options': defineMessage<SelectionOptions>()('content', z.object({})),
};
