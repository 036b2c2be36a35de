import { z } from 'zod';
import { LanguageCode } from '../../api/language-code.ts';
import { defineMessage } from '../../messaging/define.ts';
import type { TermSaved } from './save-term.ts';
import type {
  DictionaryEntriesResult,
  GlossaryListResult,
  GlossaryRefreshResult,
  GlossaryView,
  SaveDictionaryResult,
} from './types.ts';

const Pair = { source_lang: LanguageCode, target_lang: LanguageCode };
const GlossaryId = z.string().min(1).max(200);
const Name = z.string().trim().min(1).max(1024);
/** A dictionary may hold 10 MB (docs/contract.md §8); TSV of valid entries is never larger than its source. */
const Entries = z.string().max(12_000_000);

/** Glossary management for the options page. Every call updates the Dexie cache in the background. */
export const glossaryMessages = {
  /** The cached list only: instant, and available when the service is not. */
  'glossaries.cached': defineMessage<GlossaryListResult>()('pages', z.object({}).optional()),
  /** The service's list, written to the cache, with what changed since the cached one. */
  'glossaries.refresh': defineMessage<GlossaryRefreshResult>()('pages', z.object({}).optional()),
  'glossaries.create': defineMessage<GlossaryView>()(
    'pages',
    z.object({ name: Name, dictionary: z.object({ ...Pair, entries: Entries }) }),
  ),
  'glossaries.rename': defineMessage<GlossaryView>()('pages', z.object({ glossaryId: GlossaryId, name: Name })),
  'glossaries.delete': defineMessage<null>()('pages', z.object({ glossaryId: GlossaryId })),
  'glossaries.deleteDictionary': defineMessage<GlossaryView>()('pages', z.object({ glossaryId: GlossaryId, ...Pair })),
  /** Entries (TSV) from the service, or from the cache with `stale` when the service cannot be reached. */
  'glossaries.entries': defineMessage<DictionaryEntriesResult>()(
    'pages',
    z.object({ glossaryId: GlossaryId, ...Pair }),
  ),
  /**
   * `merge` PATCHes the entries into the dictionary (others stay); `replace` PUTs them as the whole
   * dictionary, creating it when the pair is new.
   */
  /**
   * Saves a word or phrase and its translation into a glossary of its pair in one action (save-term.ts):
   * from the history or the side panel.
   */
  'glossaries.saveTerm': defineMessage<TermSaved>()(
    'pages',
    z.object({
      source: z.string().min(1).max(2000),
      target: z.string().min(1).max(2000),
      sourceLang: LanguageCode,
      targetLang: LanguageCode,
    }),
  ),
  'glossaries.saveDictionary': defineMessage<SaveDictionaryResult>()(
    'pages',
    z.object({ glossaryId: GlossaryId, ...Pair, entries: Entries, mode: z.enum(['merge', 'replace']) }),
  ),
};
