import { z } from 'zod';
import { LanguageCode } from '../../api/language-code.ts';
import { defineMessage } from '../../messaging/define.ts';
import { MAX_SELECTION_CHARS } from '../selection/messages.ts';

const TabId = z.number().int().nonnegative();

/** The tab's selection as the side panel shows it before anything is sent. */
export interface PanelSelection {
  paragraphs: string[];
  text: string;
  context: string;
  pageLang?: string;
  /** The page's site (host). */
  site?: string;
  tooLong: boolean;
}

/** A selection translated for the side panel, as plain text. */
export interface PanelSelectionTranslation {
  text: string;
  sourceLang: string;
  sourceDetected: boolean;
  targetLang: string;
  notes: string[];
}

export const sidePanelMessages = {
  /** What is selected in the tab's top frame now, with its context (nothing is sent to the service). */
  'sidepanel.selection': defineMessage<PanelSelection | null>()('pages', z.object({ tabId: TabId })),
  /** Translates the selection the panel showed, with the tab's site rules and budget. */
  'sidepanel.translateSelection': defineMessage<PanelSelectionTranslation>()(
    'pages',
    z.object({
      tabId: TabId,
      paragraphs: z
        .array(z.string().max(8 * MAX_SELECTION_CHARS))
        .min(1)
        .max(20_000),
      context: z.string().max(10_000).optional(),
      pageLang: z.string().max(40).optional(),
      targetLang: LanguageCode.optional(),
    }),
  ),
};
