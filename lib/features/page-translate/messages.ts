import { z } from 'zod';
import { LanguageCode } from '../../api/language-code.ts';
import { MAX_CUSTOM_INSTRUCTION_CHARS, MAX_CUSTOM_INSTRUCTIONS, MAX_TEXTS } from '../../api/limits.ts';
import { Formality, ModelType } from '../../api/translate-params.ts';
import { defineMessage } from '../../messaging/define.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { PageReading } from '../../settings/schema.ts';
import type { IndicatorCorner } from './place-model.ts';
import { QueueSegment } from './queue/schema.ts';

/** A content script's document: a new one (reload, navigation) makes the tab's older work obsolete. */
const DocId = z.string().regex(/^[A-Za-z0-9]{4,32}$/, 'Not a document id');

/** Longest segment text: segments/ cuts runs at 5,000 characters; attributes are rarely long. */
export const MAX_SEGMENT_CHARS = 100_000;
/** Segments per `page.enqueue` message; a big page sends several. */
export const MAX_SEGMENTS_PER_MESSAGE = 1000;
/** Ids per `page.status` question. */
export const MAX_STATUS_IDS = 5000;

/** The translate parameters page translation uses, and nothing else: all a content script may ask for. */
export const PageParams = z.strictObject({
  target_lang: LanguageCode,
  source_lang: LanguageCode.optional(),
  /** Page title and description; not billed. */
  context: z.string().max(4000).optional(),
  formality: Formality.optional(),
  model_type: ModelType.optional(),
  glossary_id: z.string().min(1).max(200).optional(),
  /** Text units carry markup; attribute units are plain text (absent). */
  tag_handling: z.literal('html').optional(),
  // The translation controls (options page), as the background's resolver chose them.
  tag_handling_version: z.enum(['v1', 'v2']).optional(),
  style_id: z.string().min(1).max(200).optional(),
  // Code points are checked by the resolver; UTF-16 length can be up to twice as many.
  custom_instructions: z
    .array(
      z
        .string()
        .min(1)
        .max(2 * MAX_CUSTOM_INSTRUCTION_CHARS),
    )
    .max(MAX_CUSTOM_INSTRUCTIONS)
    .optional(),
  translation_memory_id: z.string().min(1).max(200).optional(),
  translation_memory_threshold: z.number().int().min(0).max(100).optional(),
});
export type PageParams = z.infer<typeof PageParams>;

/**
 * A segment's parameter group in its document's plan: text units (markup) or attributes (plain text).
 * `html-auto`: text units in another language than the one the page declared (a feed's post), sent as
 * `html` without the page's source language (and so without its glossary): the service detects it.
 */
export const PageGroup = z.enum(['html', 'attr', 'html-auto']);
export type PageGroup = z.infer<typeof PageGroup>;

/**
 * A segment as the content script sends it: the queue's own schema without the tab (the sender's) and
 * the parameters (the worker's plan for the document, by `group`: plans.background.ts).
 */
export const PageSegment = QueueSegment.omit({ tabId: true, params: true }).extend({
  id: z.string().min(1).max(64),
  text: z.string().max(MAX_SEGMENT_CHARS),
  group: PageGroup,
});
export type PageSegment = z.infer<typeof PageSegment>;

export const PageMode = z.enum(['replace', 'bilingual']);
export type PageMode = z.infer<typeof PageMode>;

/** What the background decided for a page: the parameters of both groups and how to show them. */
export interface PagePlan {
  targetLang: string;
  mode: PageMode;
  /** Send what is read (on screen and a margin ahead) or the whole page: the site's rule or the preferences. */
  reading: PageReading;
  /** For text units (markup). */
  html: PageParams;
  /** For attribute units (title, alt, placeholder, aria-label): plain text, their own group. */
  attr: PageParams;
  /** Why a chosen setting was changed or left out for this page (e.g. the model switched), in words. */
  notes?: string[];
  /** Screen-reader labels (`aria-label`, `aria-description`) go with their block, not on focus. */
  labelsWithPage?: boolean;
  /** The page declares the target's own language (its base): nothing to translate (params.ts). */
  alreadyIn?: string;
  /** The person's selectors for this site's pages (its rule): parts left out, or the only parts translated. */
  selectors?: PageSelectors;
}

export interface PageSelectors {
  exclude?: string;
  include?: string;
}

/**
 * Where the page translation stands, as the indicator and the popup show it. `reading`: nothing is on its
 * way and parts of the page wait until they are read (as you read) or shown (hidden content).
 */
export type PagePhase = 'idle' | 'preparing' | 'translating' | 'reading' | 'done' | 'stopped' | 'error';
export type PageShown = 'original' | 'translated' | 'bilingual';

export interface PageProgress {
  /** Units sent or answered from what the page already had; `done` and `failed` count among them. */
  total: number;
  done: number;
  failed: number;
  /** Units cut but not sent: off screen (as you read) or hidden, sent when they are read or shown. */
  waiting?: number;
  /** Among `done`: answers that held no text, so those units keep their original. */
  empty?: number;
  /** Units the page added later that wait for the person's "Translate more" (the late-content budget). */
  overBudget?: number;
  /** Blocks already in the target's language, left as they are: never sent, never billed (block-language.ts). */
  same?: number;
}

export interface PageView {
  phase: PagePhase;
  shown: PageShown;
  progress: PageProgress;
  /** The last failure: with `stopped`, the reason nothing more is sent (quota, key). */
  error?: ErrorInfo;
  targetLang?: string;
  /** Why a chosen setting was changed or left out for this page (from the plan), in words. */
  notes?: string[];
  /** As you read or the whole page: once started, the plan's or the person's latest choice. */
  reading?: PageReading;
  /** The rest of the page is being translated for a print that waits for it. */
  printing?: boolean;
  /** The page used up its budget for late content (budget.ts): paused until the person asks for more. */
  latePaused?: boolean;
  /** Bilingual or the translation only: once started, the plan's or the person's latest choice. */
  mode?: PageMode;
  /** `<html lang>` of the top page, as it declares it (the popup compares it with the target). */
  pageLang?: string;
  /**
   * The page is already in the target's language (its base: `en` for an `en-US` target), so nothing is
   * sent: the language's code, for the words that say so.
   */
  alreadyIn?: string;
  /** The page's frames (their progress is in `progress`) and what Verso could not reach. */
  frames?: { count: number; unreachable: string[]; closed: number };
}

/** What the top page asks of its frames: the same start, view and reading as its own. */
/** `retry`: the person's Try again (or Continue) on the top page: frames send again what failed. */
/** `bilingual` and `replace`: the display mode, switched on a translated page without asking again. */
export const FrameAction = z.enum([
  'translate',
  'original',
  'as-you-read',
  'whole-page',
  'read-all',
  'retry',
  'bilingual',
  'replace',
]);
export type FrameAction = z.infer<typeof FrameAction>;

const Count = z.number().int().nonnegative();

/** A frame's view as it reports it to the worker, which sums the tab's frames for the top page. */
export const FrameView = z.object({
  phase: z.enum(['idle', 'preparing', 'translating', 'reading', 'done', 'stopped', 'error']),
  progress: z.object({
    total: Count,
    done: Count,
    failed: Count,
    waiting: Count.optional(),
    /** Blocks of the frame already in the target's language, left as they are (added to the top page's). */
    same: Count.optional(),
  }),
  unreachable: z.array(z.string().max(300)).max(50),
  closed: Count,
  /** Why the frame stopped (the spending guard held the site back, the quota): the top page says it. */
  stop: z.object({ code: z.string().max(40), message: z.string().max(500) }).optional(),
});
export type FrameView = z.infer<typeof FrameView>;

/**
 * `as-you-read` and `whole-page` switch the reading (and start when the page is not translated yet);
 * `more` grants another late-content budget to a paused page; `bilingual` and `replace` switch the display
 * mode (a translated page is shown again in it at once, from the answers it has).
 */
export const PageAction = z.enum([
  'translate',
  'original',
  'toggle',
  'state',
  'as-you-read',
  'whole-page',
  'more',
  'bilingual',
  'replace',
]);
export type PageAction = z.infer<typeof PageAction>;

export const PageTrigger = z.enum(['popup', 'menu', 'command', 'auto', 'offer']);
export type PageTrigger = z.infer<typeof PageTrigger>;

const Delivered = z.object({
  id: z.string().min(1).max(64),
  text: z.string(),
  detectedSource: z.string().max(20).optional(),
});

const FailureInfo = z.object({
  name: z.string().default('QueueError'),
  code: z.string(),
  message: z.string(),
  status: z.number().int().optional(),
  retryAfterMs: z.number().optional(),
});

/** A block's texts and what the page says about itself, for `page.paragraph`. */
export const PageParagraphInput = z.object({
  host: z.string().max(300),
  pageLang: z.string().max(40).optional(),
  title: z.string().max(2000).optional(),
  description: z.string().max(2000).optional(),
  texts: z.array(z.string().max(MAX_SEGMENT_CHARS)).max(MAX_TEXTS),
  attrs: z.array(z.string().max(MAX_SEGMENT_CHARS)).max(MAX_TEXTS),
});
export type PageParagraphInput = z.output<typeof PageParagraphInput>;

export const pageMessages = {
  /** At page start: whether the site rule says to translate this site on its own. */
  'page.auto': defineMessage<{ start: boolean }>()('content', z.object({ host: z.string().max(300) })),
  /** The parameters for this page, from preferences, the site rule, the languages and the page's own hints. */
  'page.prepare': defineMessage<PagePlan>()(
    'content',
    z.object({
      docId: DocId,
      host: z.string().max(300),
      /** `<html lang>`, when the page declares it. */
      pageLang: z.string().max(40).optional(),
      title: z.string().max(2000).optional(),
      description: z.string().max(2000).optional(),
    }),
  ),
  /** Segments for the queue. `resume`: the person asked to try again after the queue stopped. */
  'page.enqueue': defineMessage<{ accepted: number }>()(
    'content',
    z.object({
      docId: DocId,
      segments: z.array(PageSegment).max(MAX_SEGMENTS_PER_MESSAGE),
      resume: z.boolean().default(false),
    }),
  ),
  /**
   * Which of these segments the background does not know (neither queued, in flight nor restored): only
   * those are sent again. A worker restart or a lost message is then repaired without sending twice.
   */
  'page.status': defineMessage<{ unknown: string[] }>()(
    'content',
    z.object({ docId: DocId, ids: z.array(z.string().min(1).max(64)).max(MAX_STATUS_IDS) }),
  ),
  /** One block translated on its own (the paragraph under the pointer): its runs and its attributes. */
  'page.paragraph': defineMessage<{ texts: string[]; attrs: string[] }>()('content', PageParagraphInput),
  /** A person switched the reading on a page: remembered in the site's rule (the host is the sender's tab's). */
  'page.rememberReading': defineMessage<null>()('content', z.object({ reading: PageReading })),
  /** A person switched the display mode on a page: remembered in the site's rule (the sender's tab's host). */
  'page.rememberMode': defineMessage<null>()('content', z.object({ mode: PageMode })),
  /** The display mode for the sender's page (the site's rule, else the preferences): the paragraph under the pointer. */
  'page.mode': defineMessage<{ mode: PageMode }>()('content', z.object({})),
  /** The top page acted: its frames do the same (the worker passes it on to every frame of the tab). */
  'page.frames': defineMessage<null>()('content', z.object({ action: FrameAction })),
  /** To a frame: start, switch or read all, as the top page did. */
  'page.frameCommand': defineMessage<null>()('background', z.object({ action: FrameAction })),
  /** A frame that starts after the top page acted: what to do to catch up, in order. */
  'page.frameJoin': defineMessage<{ actions: FrameAction[] }>()('content', z.object({})),
  /** A frame's progress and what it could not reach, summed by the worker for the top page. */
  'page.frameView': defineMessage<null>()('content', z.object({ docId: DocId, view: FrameView })),
  /** To the top page: its frames, summed. */
  'page.framesView': defineMessage<null>()(
    'background',
    z.object({
      count: Count,
      phase: FrameView.shape.phase,
      progress: FrameView.shape.progress,
      unreachable: z.array(z.string()),
      closed: Count,
      stop: FrameView.shape.stop,
    }),
  ),
  /** Where the page indicator sits and whether it is minimised on the sender's site (place-model.ts). */
  'page.placing': defineMessage<{ corner?: IndicatorCorner; minimised: boolean }>()('content', z.object({})),
  /** The person moved or minimised the indicator: remembered (the site is the sender's tab's). */
  'page.place': defineMessage<null>()(
    'content',
    z.object({
      corner: z.enum(['bottom-right', 'bottom-left', 'top-left', 'top-right']).optional(),
      minimised: z.boolean().optional(),
    }),
  ),
  /** To the top page: the worker sends again at `until` (ms since the epoch) as the service asked (429); null: now. */
  'page.retrying': defineMessage<null>()('background', z.object({ until: z.number().nullable() })),
  /** The page is going away (navigation, reload, closing): its queued work is obsolete. */
  'page.leave': defineMessage<null>()('content', z.object({ docId: DocId })),
  /** Which document the tab's top frame shows now; a single-page app keeps its document when it changes address. */
  'page.doc': defineMessage<{ docId: string }>()('background', z.object({})),
  /** Translations for the tab's top frame; each id is merged once, repeats are ignored. */
  'page.results': defineMessage<null>()('background', z.object({ items: z.array(Delivered) })),
  'page.failed': defineMessage<null>()(
    'background',
    z.object({ ids: z.array(z.string().min(1).max(64)), error: FailureInfo }),
  ),
  /** From the popup, the menu, the shortcut: act on the page and report where it stands. */
  'page.command': defineMessage<PageView>()('background', z.object({ action: PageAction, trigger: PageTrigger })),
  /** The popup's panel: the same, for a tab it names (null: the tab cannot be translated). */
  'page.popupCommand': defineMessage<PageView | null>()(
    'pages',
    z.object({ tabId: z.number().int().nonnegative(), action: PageAction }),
  ),
};

export type PageFailure = z.output<typeof FailureInfo>;
export type PageDelivered = z.output<typeof Delivered>;
