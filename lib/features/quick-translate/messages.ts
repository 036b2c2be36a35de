import { z } from 'zod';
import { LanguageCode } from '../../api/language-code.ts';
import { Formality } from '../../api/translate-params.ts';
import { defineMessage } from '../../messaging/define.ts';
import { GlossaryChoice } from '../translation-controls/messages.ts';

/** Longest text the popup translates. */
export const MAX_POPUP_CHARS = 100_000;

export const PopupTranslateInput = z.object({
  text: z.string().min(1).max(MAX_POPUP_CHARS),
  /** Empty or absent: detect. */
  sourceLang: z.union([LanguageCode, z.literal('')]).optional(),
  targetLang: LanguageCode,
  formality: Formality.optional(),
  glossary: GlossaryChoice.default({ kind: 'default' }),
  /** Which of Verso's pages asks (the history says where a translation was made). */
  from: z.enum(['popup', 'sidepanel']).default('popup'),
});

export interface PopupTranslation {
  text: string;
  detectedSource: string;
  sourceLang?: string;
  sourceDetected: boolean;
  glossaryId?: string;
  /** `model_type_used` from the service: present when a model type was sent. */
  modelTypeUsed?: string;
  /** Why a chosen setting was changed or left out (e.g. the model, for a translation memory). */
  notes: string[];
  /** The service detected the target's own language: the text came back as it was (and was billed). */
  alreadyInTarget?: true;
}

export interface GlossaryOption {
  id: string;
  name: string;
  /** The default glossary of the pair (options, Glossaries). */
  isDefault: boolean;
}

export const quickTranslateMessages = {
  /**
   * The selection bubble's "Open in popup": keeps the text for the popup and opens it when the browser
   * allows (the hand-over, draft.ts).
   */
  'selection.openInPopup': defineMessage<{ opened: boolean }>()(
    'content',
    z.object({ text: z.string().min(1).max(MAX_POPUP_CHARS), targetLang: LanguageCode.optional() }),
  ),
  'popup.translate': defineMessage<PopupTranslation>()('pages', PopupTranslateInput),
  /** Glossaries with a dictionary for the pair: from the service, or the cache when it cannot be reached. */
  'popup.glossaries': defineMessage<GlossaryOption[]>()(
    'pages',
    z.object({ sourceLang: LanguageCode, targetLang: LanguageCode }),
  ),
};
