import Dexie, { type EntityTable, type Table } from 'dexie';

/**
 * The extension's one IndexedDB database. Every table is declared here, so a feature that
 * needs storage later finds its table already laid out. Only the fields some query reads are indexed;
 * everything else is stored unindexed. Bump the version only to move data.
 *
 * `scope` fields are `accountScope(serverUrl, apiKey)` (see scope.ts): a hash, never the key itself.
 */

/** A cached translation. `key` is the SHA-256 of the request that produced it (lib/features/page-translate/cache). */
export interface TranslationRecord {
  key: string;
  text: string;
  detectedSource?: string;
  /** Approximate bytes this entry occupies; the cache's size cap sums these. */
  bytes: number;
  lastUsed: number;
  createdAt: number;
}

/**
 * One segment waiting for translation, kept so a service-worker restart loses nothing
 * (lib/features/page-translate/queue).
 */
export interface QueueJobRecord {
  /** `${tabId}:${segmentId}`. */
  id: string;
  tabId: number;
  segmentId: string;
  text: string;
  /** The translate request parameters except `text`; validated again when read back. */
  params: Record<string, unknown>;
  priority: string;
  bypassCache?: boolean;
  /**
   * When a request carrying this text went out and was not answered (lib/features/page-translate/queue): the
   * service may have billed it. A restart reads it from the request's `QueueSentRecord` and does not send the
   * row by itself.
   */
  sentAt?: number;
  createdAt: number;
}

/**
 * The rows of one request that went out and has not been answered (lib/features/page-translate/queue): written
 * before it is sent, deleted once none of its rows waits for it. A restart reads its rows as sent (`sentAt`).
 */
export interface QueueSentRecord {
  id: string;
  sentAt: number;
  rows: QueueJobRecord[];
}

export interface GlossaryDictionarySummary {
  source_lang: string;
  target_lang: string;
  entry_count: number;
}

/** Glossary metadata as last fetched for one account. */
export interface GlossaryRecord {
  scope: string;
  glossary_id: string;
  name: string;
  creation_time: string;
  dictionaries: GlossaryDictionarySummary[];
  /** Changes whenever the glossary's entries change; part of the translation cache key. */
  contentVersion: string;
  fetchedAt: number;
}

/** The entries of one dictionary (one language pair) of a glossary. */
export interface GlossaryEntriesRecord {
  scope: string;
  glossary_id: string;
  source_lang: string;
  target_lang: string;
  /** TSV, as the entries endpoint returns it. */
  entries: string;
  fetchedAt: number;
}

/** A cached `/v3/languages` answer. `include` is the sorted, comma-joined include list ('' for none). */
export interface LanguagesRecord {
  scope: string;
  resource: string;
  include: string;
  languages: unknown[];
  fetchedAt: number;
}

export type DocumentJobState = 'uploading' | 'queued' | 'translating' | 'done' | 'downloaded' | 'error';

/** A document translation. The service does not keep `document_key`: losing this row loses the document. */
export interface DocumentJobRecord {
  document_id: string;
  document_key: string;
  scope: string;
  fileName: string;
  sourceLang?: string;
  targetLang: string;
  /** The output format asked for, when not the input's own (names the downloaded file). */
  outputFormat?: string;
  state: DocumentJobState;
  /** The browser download saving the result; the job is `downloaded` only once that one completes. */
  downloadId?: number;
  billedCharacters?: number;
  error?: string;
  createdAt: number;
  updatedAt: number;
}

/**
 * A translated document's bytes, kept from its download from the service (which deletes it then) until
 * the browser reports the file saved, so a refused or interrupted save can be tried again.
 */
export interface DocumentResultRecord {
  document_id: string;
  bytes: Uint8Array;
  /** The name Verso saves it under (lib/features/documents/naming.ts). */
  fileName: string;
  contentType?: string;
  keptAt: number;
}

/** A word writing help never flags as misspelled ("Ignore everywhere"): lower case, as compared. */
export interface DictionaryWordRecord {
  word: string;
  addedAt: number;
}

/**
 * One text the person translated by selection, quick translate or the side panel (lib/features/history):
 * never from a private window, never a page translation. The table keeps at most HISTORY_LIMIT rows.
 */
export interface HistoryEntryRecord {
  id?: number;
  /** The text as the person gave it (plain text), cut at HISTORY_TEXT_CHARS. */
  text: string;
  translation: string;
  /** The source sent or detected, and the target. */
  sourceLang: string;
  targetLang: string;
  /** Where: `selection`, `popup` or `sidepanel`. */
  origin: 'selection' | 'popup' | 'sidepanel';
  /** The site (host) of the page, for selections; absent for typed text. */
  site?: string;
  /** The sentence around a selection (its context), cut at HISTORY_TEXT_CHARS. */
  context?: string;
  at: number;
}

export class AppDB extends Dexie {
  translations!: EntityTable<TranslationRecord, 'key'>;
  queueJobs!: EntityTable<QueueJobRecord, 'id'>;
  queueSent!: EntityTable<QueueSentRecord, 'id'>;
  glossaries!: Table<GlossaryRecord, [string, string]>;
  glossaryEntries!: Table<GlossaryEntriesRecord, [string, string, string, string]>;
  languages!: Table<LanguagesRecord, [string, string, string]>;
  documentJobs!: EntityTable<DocumentJobRecord, 'document_id'>;
  documentResults!: EntityTable<DocumentResultRecord, 'document_id'>;
  dictionaryWords!: EntityTable<DictionaryWordRecord, 'word'>;
  history!: EntityTable<HistoryEntryRecord, 'id'>;

  constructor(name = 'verso') {
    super(name);
    this.version(1).stores({
      // lastUsed: LRU eviction walks it oldest first.
      translations: 'key, lastUsed',
      // tabId: a closed tab's leftovers are deleted by it.
      queueJobs: 'id, tabId',
      // scope: list one account's glossaries.
      glossaries: '[scope+glossary_id], scope',
      // [scope+glossary_id]: drop all dictionaries of a deleted glossary.
      glossaryEntries: '[scope+glossary_id+source_lang+target_lang], [scope+glossary_id]',
      languages: '[scope+resource+include]',
      // scope: list one account's documents.
      documentJobs: 'document_id, scope',
    });
    // A new table only: nothing to move.
    this.version(2).stores({ documentResults: 'document_id' });
    // A new table only (writing help's personal dictionary): nothing to move.
    this.version(3).stores({ dictionaryWords: 'word' });
    // A new table only (the page queue's requests out, one row per request): nothing to move.
    this.version(4).stores({ queueSent: 'id' });
    // A new table only (what the person translated, lib/features/history): nothing to move. `at`: the
    // list is newest first, and the oldest go when it is full.
    this.version(5).stores({ history: '++id, at' });
  }
}

let shared: AppDB | undefined;

/** The database the extension uses; opened on first use (Dexie opens lazily). */
export function appDb(): AppDB {
  shared ??= new AppDB();
  return shared;
}
