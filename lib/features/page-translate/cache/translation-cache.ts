import type { EntityTable } from 'dexie';
import { utf8Length } from '../../../api/index.ts';
import { canonicalJson, sha256Hex } from '../../../db/hash.ts';
import type { TranslationRecord } from '../../../db/index.ts';

/** What identifies a translation: the source text and everything that can change the output. */
export interface CacheKeyInput {
  text: string;
  /** The translate request parameters except `text` (target_lang, source_lang, formality, glossary_id...). */
  params: Readonly<Record<string, unknown>>;
  /** Content version of `params.glossary_id`: an edited glossary must not serve old translations. */
  glossaryVersion?: string;
  /** The server that translated (its URL): another server may translate the same request differently. */
  endpoint?: string;
}

export interface CachedTranslation {
  text: string;
  detectedSource?: string;
}

export interface CacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export interface TranslationCacheOptions {
  /** Size cap in (approximate) bytes. */
  maxBytes?: number;
  /** Eviction runs once the cap is passed and goes down to this share of it, so it runs rarely. */
  lowWater?: number;
  /** Rows deleted per eviction step. */
  evictBatch?: number;
  /** How long `lastUsed` updates are held before one bulk write. */
  touchDelayMs?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** Parameters that never change the translated text, so they stay out of the key. */
const NOT_IN_KEY = new Set(['show_billed_characters', 'enable_beta_languages']);
/** Stored beside the text: the hex key and the numbers. */
const ENTRY_OVERHEAD = 96;
const TOUCH_FLUSH_SIZE = 500;
/** Misses remembered for the write that usually follows; past this many the oldest are forgotten. */
const MAX_REMEMBERED_MISSES = 5_000;

/** SHA-256 of the canonical request. The API key is not an input, so it can never end up in a key. */
export function translationCacheKey(input: CacheKeyInput): Promise<string> {
  return sha256Hex(canonicalRequest(input));
}

/** The request as one string: two inputs that mean the same translation give the same string. */
function canonicalRequest(input: CacheKeyInput): string {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input.params)) {
    if (NOT_IN_KEY.has(name)) continue;
    params[name] =
      (name === 'source_lang' || name === 'target_lang') && typeof value === 'string' ? value.toUpperCase() : value;
  }
  return canonicalJson({
    v: 1,
    text: input.text,
    params,
    glossaryVersion: input.glossaryVersion,
    endpoint: input.endpoint,
  });
}

/**
 * Translations already paid for, in IndexedDB, bounded by a byte cap with least-recently-used eviction.
 * Reads and writes are bulk; `lastUsed` updates are buffered and written together; eviction deletes the
 * oldest rows in batches by the `lastUsed` index and only when the cap is passed.
 */
export class TranslationCache {
  private readonly maxBytes: number;
  private readonly lowWater: number;
  private readonly evictBatch: number;
  private readonly touchDelayMs: number;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private bytes = 0;
  private bytesLoaded: Promise<void> | undefined;
  private touches = new Map<string, number>();
  private touchTimer = false;
  private evicting: Promise<void> | undefined;
  private hits = 0;
  private misses = 0;
  /**
   * Requests looked up and not found, canonical request to key: their translation is usually written
   * soon after, which then needs neither the hash again nor a read of what it replaces.
   */
  private readonly missed = new Map<string, string>();

  constructor(
    private readonly table: EntityTable<TranslationRecord, 'key'>,
    options: TranslationCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
    this.lowWater = options.lowWater ?? 0.9;
    this.evictBatch = options.evictBatch ?? 200;
    this.touchDelayMs = options.touchDelayMs ?? 2000;
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    // The database deleted or changed from elsewhere (the browser clearing the extension's data, another
    // context): the running total no longer describes it, and is counted again at next need.
    const forgetTotal = () => {
      this.bytes = 0;
      this.bytesLoaded = undefined;
    };
    table.db?.on('versionchange', forgetTotal);
    table.db?.on('close', forgetTotal);
  }

  async getMany(inputs: readonly CacheKeyInput[]): Promise<(CachedTranslation | undefined)[]> {
    if (inputs.length === 0) return [];
    const requests = inputs.map(canonicalRequest);
    const keys = await Promise.all(requests.map(sha256Hex));
    const rows = await this.table.bulkGet(keys);
    const at = this.now();
    return rows.map((row, i) => {
      if (!row) {
        this.misses++;
        this.rememberMiss(requests[i]!, keys[i]!);
        return undefined;
      }
      this.hits++;
      this.touch(row.key, at);
      return row.detectedSource === undefined
        ? { text: row.text }
        : { text: row.text, detectedSource: row.detectedSource };
    });
  }

  async setMany(entries: readonly { input: CacheKeyInput; value: CachedTranslation }[]): Promise<void> {
    if (entries.length === 0) return;
    const at = this.now();
    // Keys of rows looked up a moment ago and not found: nothing of theirs to read before the write. A
    // row written meanwhile by another answer to the same request is counted twice until eviction runs.
    const absent = new Set<string>();
    const keyOf = (input: CacheKeyInput): string | Promise<string> => {
      const request = canonicalRequest(input);
      const key = this.missed.get(request);
      if (key === undefined) return sha256Hex(request);
      this.missed.delete(request);
      absent.add(key);
      return key;
    };
    const rows: TranslationRecord[] = await Promise.all(
      entries.map(async ({ input, value }) => ({
        key: await keyOf(input),
        text: value.text,
        ...(value.detectedSource === undefined ? {} : { detectedSource: value.detectedSource }),
        bytes: utf8Length(value.text) + (value.detectedSource?.length ?? 0) + ENTRY_OVERHEAD,
        lastUsed: at,
        createdAt: at,
      })),
    );
    // The total must be known before this write, or the first scan could count it twice.
    await this.loadBytes();
    let added = 0;
    await this.table.db.transaction('rw', this.table, async () => {
      const read = rows.filter((r) => !absent.has(r.key)).map((r) => r.key);
      const found = new Map<string, number>();
      if (read.length > 0) {
        for (const row of await this.table.bulkGet(read)) if (row) found.set(row.key, row.bytes);
      }
      const seen = new Set<string>();
      for (const row of rows) {
        added += row.bytes - (seen.has(row.key) ? 0 : (found.get(row.key) ?? 0));
        seen.add(row.key);
      }
      await this.table.bulkPut(rows);
    });
    this.bytes += added;
    if (this.bytes > this.maxBytes) await this.evict();
  }

  async clear(): Promise<void> {
    this.touches.clear();
    this.missed.clear();
    await this.evicting;
    await this.table.clear();
    this.bytes = 0;
    this.bytesLoaded = Promise.resolve();
    this.hits = 0;
    this.misses = 0;
  }

  async stats(): Promise<CacheStats> {
    await this.loadBytes();
    return { entries: await this.table.count(), bytes: this.bytes, hits: this.hits, misses: this.misses };
  }

  /** Writes the buffered `lastUsed` updates now. */
  async flush(): Promise<void> {
    if (this.touches.size === 0) return;
    const batch = [...this.touches].map(([key, lastUsed]) => ({ key, changes: { lastUsed } }));
    this.touches.clear();
    await this.table.bulkUpdate(batch);
  }

  private touch(key: string, at: number): void {
    this.touches.set(key, at);
    if (this.touches.size >= TOUCH_FLUSH_SIZE) {
      void this.flush();
      return;
    }
    if (this.touchTimer) return;
    this.touchTimer = true;
    this.setTimer(() => {
      this.touchTimer = false;
      void this.flush();
    }, this.touchDelayMs);
  }

  private rememberMiss(request: string, key: string): void {
    this.missed.delete(request);
    this.missed.set(request, key);
    if (this.missed.size > MAX_REMEMBERED_MISSES) this.missed.delete(this.missed.keys().next().value!);
  }

  /** Summed once per cache instance (one read of the table), then kept up to date in memory. */
  private loadBytes(): Promise<void> {
    this.bytesLoaded ??= this.table.each((row) => {
      this.bytes += row.bytes;
    });
    return this.bytesLoaded;
  }

  private evict(): Promise<void> {
    this.evicting ??= (async () => {
      try {
        // Recent reads must count before the oldest rows are chosen.
        await this.flush();
        const target = this.maxBytes * this.lowWater;
        while (this.bytes > target) {
          const oldest = await this.table.orderBy('lastUsed').limit(this.evictBatch).toArray();
          if (oldest.length === 0) break;
          let removed = 0;
          const keys: string[] = [];
          for (const row of oldest) {
            keys.push(row.key);
            removed += row.bytes;
            if (this.bytes - removed <= target) break;
          }
          await this.table.bulkDelete(keys);
          this.bytes -= removed;
        }
      } finally {
        this.evicting = undefined;
      }
    })();
    return this.evicting;
  }
}
