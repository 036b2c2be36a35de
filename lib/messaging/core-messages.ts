import { z } from 'zod';
import type { Language, Usage } from '../api/index.ts';
import { BOOT_REASONS } from '../bootstrap/state.ts';
import { defineMessage } from './define.ts';

const LanguageResource = z.enum(['translate_text', 'translate_document', 'glossary', 'voice', 'write', 'style_rules']);

/** What the bootstrap sends with its question (the top frame's language or text, for the offer). */
export const BootLoadInput = z.object({
  reason: z.enum(BOOT_REASONS),
  declared: z.string().max(100).optional(),
  sample: z.string().max(2000).optional(),
  host: z.string().max(300).optional(),
});
export type BootLoadInput = z.infer<typeof BootLoadInput>;

/** Messages of the foundation: connection, usage, languages. */
export const coreMessages = {
  /** Calls /v2/usage with the given (maybe unsaved) credentials, or the saved ones. */
  'connection.test': defineMessage<Usage>()(
    'pages',
    z.object({ apiKey: z.string().max(200).optional(), serverUrl: z.string().max(2000).optional() }),
  ),
  'usage.get': defineMessage<Usage>()('pages', z.object({}).optional()),
  /** Languages for a resource, cached for at most an hour. Content scripts need them for pickers. */
  'languages.get': defineMessage<Language[]>()(
    'content',
    z.object({
      resource: LanguageResource,
      includeBeta: z.boolean().default(false),
      refresh: z.boolean().default(false),
    }),
  ),
  /** The bootstrap of a frame (lib/bootstrap): the person needs a feature here, or the page went idle. */
  'boot.load': defineMessage<{ load: boolean }>()('content', BootLoadInput),
  'options.open': defineMessage<null>()('content', z.object({ section: z.string().max(40).optional() }).optional()),
};
