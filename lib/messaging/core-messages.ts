import { z } from 'zod';
import type { Language, Usage } from '../api/index.ts';
import { defineMessage } from './define.ts';

const LanguageResource = z.enum(['translate_text', 'translate_document', 'glossary', 'voice', 'write', 'style_rules']);

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
  'options.open': defineMessage<null>()('content', z.object({ section: z.string().max(40).optional() }).optional()),
};
