import type { GlossaryRecord } from '../../db/index.ts';
import type { ErrorInfo } from '../../messaging/result.ts';

/** A glossary as the pages see it: the cached record without its account scope. */
export type GlossaryView = Omit<GlossaryRecord, 'scope'>;

export interface LanguagePair {
  source_lang: string;
  target_lang: string;
}

/** What changed between the cached list and the service's list, by glossary id. */
export interface GlossaryChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface GlossaryListResult {
  glossaries: GlossaryView[];
  /** When the list was last read from the service; undefined when nothing is cached. */
  fetchedAt?: number;
}

export interface GlossaryRefreshResult extends GlossaryListResult {
  changes: GlossaryChanges;
}

/** The entries of one dictionary (TSV). `stale` carries why the service could not be asked. */
export interface DictionaryEntriesResult {
  entries: string;
  fetchedAt: number;
  stale?: ErrorInfo;
}

export type SaveMode = 'merge' | 'replace';

export interface SaveDictionaryResult {
  glossary: GlossaryView;
  /** The dictionary as the service holds it after the save (TSV). */
  entries: string;
}
