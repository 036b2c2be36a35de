import { browser } from 'wxt/browser';
import { type AppDB, appDb } from '../../db/index.ts';
import type { TranslationCache } from '../page-translate/cache/translation-cache.ts';
import { forgetPlacing, placingKept } from '../page-translate/place.background.ts';
import { pageTranslationCache } from '../page-translate/queue.background.ts';
import { forgetReadings, readingsKept } from '../page-translate/reading.background.ts';
import { forgetReaderSites, readerSitesKept } from '../pdf/settings.ts';
import { forgetVideoSites, videoSitesKept } from '../video/choices.ts';
import type { DataCleared, DataKind, DataSummary } from './messages.ts';

/**
 * Extension storage that "everything" leaves: the credentials unless the person ticked them too, and the
 * spending guard's limits and today's count (lib/features/spending), which guard the quota and are not
 * the person's data about pages. wxt keeps a versioned item's meta under `<key>$`.
 */
const KEEP_ALWAYS = ['spendingLimits', 'spendingToday', 'spendingGuard'];
const CREDENTIALS = 'credentials';
const kept = (key: string, keepKey: boolean) => {
  const base = key.endsWith('$') ? key.slice(0, -1) : key;
  return KEEP_ALWAYS.includes(base) || (keepKey && base === CREDENTIALS);
};

export interface DataKeeperDeps {
  db: () => AppDB;
  cache: () => TranslationCache;
  /** The extension's key-value storage areas (`storage.local`, `storage.session`). */
  storage: {
    local: { get(keys: null): Promise<Record<string, unknown>>; remove(keys: string[]): Promise<void> };
    session: { get(keys: null): Promise<Record<string, unknown>>; remove(keys: string[]): Promise<void> };
  };
  sites: {
    readingsKept(): Promise<number>;
    forgetReadings(): Promise<void>;
    placingKept(): Promise<{ corner: boolean; minimised: number }>;
    forgetPlacing(): Promise<void>;
    readerSitesKept(): Promise<{ sites: number; always: boolean }>;
    forgetReaderSites(): Promise<void>;
    videoSitesKept(): Promise<number>;
    forgetVideoSites(): Promise<void>;
  };
}

/** What "Your data" counts and clears: Verso's IndexedDB tables and extension storage, in the worker. */
export class DataKeeper {
  constructor(private readonly deps: DataKeeperDeps) {}

  async summary(): Promise<DataSummary> {
    const db = this.deps.db();
    const [cache, waiting, sent, words, history, glossaries, languageLists, readingChoices, placing, pdf, videoSites] =
      await Promise.all([
        this.deps.cache().stats(),
        db.queueJobs.toCollection().primaryKeys(),
        db.queueSent.toArray(),
        db.dictionaryWords.count(),
        db.history.count(),
        db.glossaries.count(),
        db.languages.count(),
        this.deps.sites.readingsKept(),
        this.deps.sites.placingKept(),
        this.deps.sites.readerSitesKept(),
        this.deps.sites.videoSitesKept(),
      ]);
    // A row both waiting and out in a request is one text.
    const rows = new Set<string>(waiting as string[]);
    for (const record of sent) for (const row of record.rows) rows.add(row.id);
    return {
      cache: { entries: cache.entries, bytes: cache.bytes },
      queue: { rows: rows.size },
      dictionary: { words },
      history: { entries: history },
      lists: { glossaries, languageLists },
      sites: {
        readingChoices,
        minimised: placing.minimised,
        corner: placing.corner,
        pdfSites: pdf.sites,
        pdfAlways: pdf.always,
        videoSites,
      },
    };
  }

  async clear(what: DataKind, { apiKey = false }: { apiKey?: boolean } = {}): Promise<DataCleared> {
    const db = this.deps.db();
    const all = what === 'everything';
    if (what === 'cache' || all) await this.deps.cache().clear();
    if (what === 'queue' || all)
      await db.transaction('rw', db.queueJobs, db.queueSent, () =>
        Promise.all([db.queueJobs.clear(), db.queueSent.clear()]),
      );
    if (what === 'dictionary' || all) await db.dictionaryWords.clear();
    if (what === 'history' || all) await db.history.clear();
    if (what === 'lists' || all) {
      await db.transaction('rw', db.glossaries, db.glossaryEntries, db.languages, () =>
        Promise.all([db.glossaries.clear(), db.glossaryEntries.clear(), db.languages.clear()]),
      );
    }
    if (what === 'sites' || all) {
      const { sites } = this.deps;
      await Promise.all([
        sites.forgetReadings(),
        sites.forgetPlacing(),
        sites.forgetReaderSites(),
        sites.forgetVideoSites(),
      ]);
    }
    if (all) {
      // The settings (which include the sites' rules) and this session's leftovers (a draft handed to the
      // popup, the queue's pause), the credentials only when asked.
      const { local, session } = this.deps.storage;
      const localKeys = Object.keys(await local.get(null)).filter((key) => !kept(key, !apiKey));
      const sessionKeys = Object.keys(await session.get(null)).filter((key) => !kept(key, true));
      await Promise.all([local.remove(localKeys), session.remove(sessionKeys)]);
    }
    return { what, apiKey: all && apiKey, summary: await this.summary() };
  }
}

/** What Verso remembers per site, where each feature keeps it. */
export const SITE_MEMORY: DataKeeperDeps['sites'] = {
  readingsKept,
  forgetReadings,
  placingKept,
  forgetPlacing,
  readerSitesKept,
  forgetReaderSites,
  videoSitesKept,
  forgetVideoSites,
};

let shared: DataKeeper | undefined;

/** The worker's keeper, on the extension's database, its page cache and its storage. */
export function dataKeeper(): DataKeeper {
  shared ??= new DataKeeper({
    db: appDb,
    cache: pageTranslationCache,
    storage: {
      local: browser.storage.local as unknown as DataKeeperDeps['storage']['local'],
      session: browser.storage.session as unknown as DataKeeperDeps['storage']['session'],
    },
    sites: SITE_MEMORY,
  });
  return shared;
}
