import { z } from 'zod';
import { defineMessage } from '../../messaging/define.ts';

/** Most cues one `video.translate` carries (the contract's 50 texts per request, docs/contract.md §4.1). */
export const MAX_CUES_PER_BATCH = 50;
/** Longest cue text Verso sends, in characters; a longer one is cut (subtitles are a line or two). */
export const MAX_CUE_CHARS = 1000;

/** How translated subtitles show: under the original line, or in its place. */
export const SubtitleMode = z.enum(['both', 'translation']);
export type SubtitleMode = z.infer<typeof SubtitleMode>;

/** What the in-page control needs for this frame's site. */
export interface VideoOptions {
  /** The person's standing choice: translated subtitles turn on by themselves on this site. */
  on: boolean;
  mode: SubtitleMode;
  targetLang: string;
  /** The `toggle-video-subtitles` shortcut as the browser shows it; empty when none is assigned. */
  shortcut: string;
}

export interface VideoTranslation {
  texts: string[];
  targetLang: string;
  detectedSource: string;
}

export const videoMessages = {
  /**
   * Cues near the playhead, in the order they play; the neighbouring cues go as `context` (not billed,
   * docs/contract.md §4.1) and only when the person allows context. Billed to the page's site.
   */
  'video.translate': defineMessage<VideoTranslation>()(
    'content',
    z.object({
      cues: z.array(z.string().max(MAX_CUE_CHARS)).min(1).max(MAX_CUES_PER_BATCH),
      context: z.string().max(4000).optional(),
      /** The track's `srclang`; used as the source when the service knows it. */
      trackLang: z.string().max(40).optional(),
    }),
  ),
  'video.options': defineMessage<VideoOptions>()('content', z.object({})),
  /** The person turned translated subtitles on or off, or chose a mode: remembered for the site. */
  'video.choose': defineMessage<null>()(
    'content',
    z.object({ on: z.boolean().optional(), mode: SubtitleMode.optional() }),
  ),
  /** The shortcut or the popup: turn translated subtitles on or off in the tab's frames that play video. */
  'video.toggle': defineMessage<{ on: boolean } | null>()('background', z.object({ on: z.boolean().optional() })),
  /** The popup's button: the worker brings the features into the tab and toggles. */
  'video.popupToggle': defineMessage<{ on: boolean } | null>()('pages', z.object({ tabId: z.number().int() })),
};
