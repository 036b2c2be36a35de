import { z } from 'zod';
import { defineMessage } from '../../messaging/define.ts';

/**
 * What "Your data" (options) can clear, one at a time: the translation cache, the page queue's stored
 * text, writing help's personal dictionary, the history of translations, the glossaries and language lists kept from the service, what
 * Verso remembers per site (reading choice, the card's corner and minimised sites, where PDFs open in the
 * reader, where subtitles are translated), or everything.
 */
export const DataKind = z.enum(['cache', 'queue', 'dictionary', 'history', 'lists', 'sites', 'everything']);
export type DataKind = z.infer<typeof DataKind>;

/** What Verso keeps now, counted (from the worker: the database is the extension's, not the page's). */
export interface DataSummary {
  /** Translations paid for, and their approximate size in bytes (the cache's own sum). */
  cache: { entries: number; bytes: number };
  /** Page texts waiting, or out in a request, kept so a restarted worker loses nothing. */
  queue: { rows: number };
  dictionary: { words: number };
  /** Translations the person asked for, kept in the history (lib/features/history). */
  history: { entries: number };
  /** Glossaries (with their entries) and language lists as last fetched; fetched again when needed. */
  lists: { glossaries: number; languageLists: number };
  /**
   * Sites with a reading choice of their own, sites where the card is minimised, the card's corner, sites
   * whose PDFs open in Verso's reader (or every PDF), and sites with translated subtitles on.
   */
  sites: {
    readingChoices: number;
    minimised: number;
    corner: boolean;
    pdfSites: number;
    pdfAlways: boolean;
    videoSites: number;
  };
}

export interface DataCleared {
  what: DataKind;
  /** The API key (and admin key and server address) went too: only with "everything", when asked. */
  apiKey: boolean;
  /** What is kept after the clear. */
  summary: DataSummary;
}

export const dataMessages = {
  /** Counts of what Verso keeps in the browser. */
  'data.summary': defineMessage<DataSummary>()('pages', z.object({}).optional()),
  /** Clears one kind of data; `apiKey` only with `everything` (the credentials go too). */
  'data.clear': defineMessage<DataCleared>()(
    'pages',
    z
      .object({ what: DataKind, apiKey: z.boolean().default(false) })
      .refine((d) => !d.apiKey || d.what === 'everything', {
        message: 'The API key is cleared only with everything',
      }),
  ),
};
