import type { ApiClient, Glossary } from '../../api/index.ts';
import { clientFor, INTERACTIVE_RETRY } from '../../background/client.ts';
import { type AppDB, appDb, type GlossaryEntriesRecord, type GlossaryRecord } from '../../db/index.ts';
import { accountScope } from '../../db/scope.ts';
import { toErrorInfo } from '../../messaging/result.ts';
import { getCredentials } from '../../settings/credentials.ts';
import { dictionariesFingerprint, diffGlossaries } from './diff.ts';
import type {
  DictionaryEntriesResult,
  GlossaryListResult,
  GlossaryRefreshResult,
  GlossaryView,
  LanguagePair,
  SaveDictionaryResult,
  SaveMode,
} from './types.ts';

export interface GlossaryCacheDeps {
  db: AppDB;
  /** The account scope of the saved credentials; needs no network. */
  scope(): Promise<string>;
  /** A client for the saved credentials (throws when no key is set). */
  client(): Promise<ApiClient>;
  now(): number;
  /** A new `contentVersion`; unique, so a translation cached under an older one is never reused. */
  newVersion(): string;
}

type EntriesKey = [scope: string, glossaryId: string, source: string, target: string];

/** Codes come back in either case (docs/contract.md §2.3); the cache keys them in lower case. */
const entriesKey = (scope: string, glossaryId: string, pair: LanguagePair): EntriesKey => [
  scope,
  glossaryId,
  pair.source_lang.toLowerCase(),
  pair.target_lang.toLowerCase(),
];

const withoutScope = ({ scope: _scope, ...view }: GlossaryRecord): GlossaryView => view;

const byName = (a: GlossaryView, b: GlossaryView) =>
  a.name.localeCompare(b.name) || a.creation_time.localeCompare(b.creation_time);

/**
 * The glossaries of the current account, mirrored in Dexie: every call that reaches the service writes
 * what it learnt to the cache, so the options page opens from it at once and can still show glossaries
 * and entries (read-only) when the service is unreachable.
 */
export class GlossaryCache {
  /** The tail of the queue of calls that talk to the service and write the cache. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: GlossaryCacheDeps) {}

  /**
   * One call at a time: a refresh that read the list before a create finished would otherwise see the
   * new glossary as removed and drop it from the cache.
   */
  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = this.last.then(run, run);
    this.last = next.catch(() => undefined);
    return next;
  }

  private get db() {
    return this.deps.db;
  }

  /** The record for a glossary as the service returned it; the version moves when its dictionaries do. */
  private toRecord(
    scope: string,
    g: Glossary,
    prev: GlossaryRecord | undefined,
    entriesChanged = false,
  ): GlossaryRecord {
    const dictionaries = g.dictionaries.map((d) => ({
      source_lang: d.source_lang.toLowerCase(),
      target_lang: d.target_lang.toLowerCase(),
      entry_count: d.entry_count,
    }));
    const same =
      prev && !entriesChanged && dictionariesFingerprint(prev.dictionaries) === dictionariesFingerprint(dictionaries);
    return {
      scope,
      glossary_id: g.glossary_id,
      name: g.name,
      creation_time: g.creation_time ?? prev?.creation_time ?? '',
      dictionaries,
      contentVersion: same ? prev.contentVersion : this.deps.newVersion(),
      fetchedAt: this.deps.now(),
    };
  }

  private async store(scope: string, g: Glossary, entriesChanged = false): Promise<GlossaryView> {
    const prev = await this.db.glossaries.get([scope, g.glossary_id]);
    const record = this.toRecord(scope, g, prev, entriesChanged);
    await this.db.glossaries.put(record);
    await this.dropStaleEntries(scope, prev, record);
    return withoutScope(record);
  }

  /** Cached entries of dictionaries that are gone or changed size can only mislead. */
  private async dropStaleEntries(scope: string, prev: GlossaryRecord | undefined, next: GlossaryRecord) {
    if (!prev) return;
    const count = new Map(next.dictionaries.map((d) => [`${d.source_lang}>${d.target_lang}`, d.entry_count]));
    for (const d of prev.dictionaries) {
      const now = count.get(`${d.source_lang}>${d.target_lang}`);
      if (now === undefined || now !== d.entry_count)
        await this.db.glossaryEntries.delete([scope, next.glossary_id, d.source_lang, d.target_lang]);
    }
  }

  private async putEntries(scope: string, glossaryId: string, pair: LanguagePair, entries: string) {
    const [, , source_lang, target_lang] = entriesKey(scope, glossaryId, pair);
    const record: GlossaryEntriesRecord = {
      scope,
      glossary_id: glossaryId,
      source_lang,
      target_lang,
      entries,
      fetchedAt: this.deps.now(),
    };
    await this.db.glossaryEntries.put(record);
  }

  async cached(): Promise<GlossaryListResult> {
    const scope = await this.deps.scope();
    const records = await this.db.glossaries.where('scope').equals(scope).toArray();
    const glossaries = records.map(withoutScope).sort(byName);
    const fetchedAt = records.length > 0 ? Math.min(...records.map((r) => r.fetchedAt)) : undefined;
    return { glossaries, ...(fetchedAt !== undefined ? { fetchedAt } : {}) };
  }

  refresh(): Promise<GlossaryRefreshResult> {
    return this.exclusive(() => this.doRefresh());
  }

  private async doRefresh(): Promise<GlossaryRefreshResult> {
    const client = await this.deps.client();
    const scope = await this.deps.scope();
    const fresh = await client.listGlossaries();
    const before = await this.db.glossaries.where('scope').equals(scope).toArray();
    const changes = diffGlossaries(before, fresh);
    const previous = new Map(before.map((r) => [r.glossary_id, r]));
    const records = fresh.map((g) => this.toRecord(scope, g, previous.get(g.glossary_id)));
    await this.db.transaction('rw', this.db.glossaries, this.db.glossaryEntries, async () => {
      for (const id of changes.removed) await this.forget(scope, id);
      await this.db.glossaries.bulkPut(records);
      for (const r of records) await this.dropStaleEntries(scope, previous.get(r.glossary_id), r);
    });
    return { glossaries: records.map(withoutScope).sort(byName), fetchedAt: this.deps.now(), changes };
  }

  private async forget(scope: string, glossaryId: string) {
    await this.db.glossaries.delete([scope, glossaryId]);
    await this.db.glossaryEntries.where('[scope+glossary_id]').equals([scope, glossaryId]).delete();
  }

  create(name: string, dictionary: LanguagePair & { entries: string }): Promise<GlossaryView> {
    return this.exclusive(() => this.doCreate(name, dictionary));
  }

  private async doCreate(name: string, dictionary: LanguagePair & { entries: string }): Promise<GlossaryView> {
    const client = await this.deps.client();
    const scope = await this.deps.scope();
    const g = await client.createGlossary({ name, dictionaries: [{ ...dictionary, entries_format: 'tsv' }] });
    const view = await this.store(scope, g, true);
    // What was sent is what the service holds: no need to read it back.
    await this.putEntries(scope, g.glossary_id, dictionary, dictionary.entries);
    return view;
  }

  rename(glossaryId: string, name: string): Promise<GlossaryView> {
    return this.exclusive(() => this.doRename(glossaryId, name));
  }

  private async doRename(glossaryId: string, name: string): Promise<GlossaryView> {
    const client = await this.deps.client();
    const scope = await this.deps.scope();
    return this.store(scope, await client.patchGlossary(glossaryId, { name }));
  }

  remove(glossaryId: string): Promise<void> {
    return this.exclusive(() => this.doRemove(glossaryId));
  }

  private async doRemove(glossaryId: string): Promise<void> {
    const client = await this.deps.client();
    const scope = await this.deps.scope();
    try {
      await client.deleteGlossary(glossaryId);
    } catch (e) {
      // Already gone on the service: the cache should forget it too.
      if ((e as { code?: unknown }).code !== 'not_found') throw e;
    }
    await this.forget(scope, glossaryId);
  }

  removeDictionary(glossaryId: string, pair: LanguagePair): Promise<GlossaryView> {
    return this.exclusive(() => this.doRemoveDictionary(glossaryId, pair));
  }

  private async doRemoveDictionary(glossaryId: string, pair: LanguagePair): Promise<GlossaryView> {
    const client = await this.deps.client();
    const scope = await this.deps.scope();
    await client.deleteDictionary(glossaryId, pair);
    await this.db.glossaryEntries.delete(entriesKey(scope, glossaryId, pair));
    return this.store(scope, await client.getGlossary(glossaryId), true);
  }

  /** From the service when it answers (updating the cache), else the cached copy marked `stale`. */
  entries(glossaryId: string, pair: LanguagePair): Promise<DictionaryEntriesResult> {
    return this.exclusive(() => this.doEntries(glossaryId, pair));
  }

  private async doEntries(glossaryId: string, pair: LanguagePair): Promise<DictionaryEntriesResult> {
    const scope = await this.deps.scope();
    const key = entriesKey(scope, glossaryId, pair);
    try {
      const client = await this.deps.client();
      const { entries } = await client.getGlossaryEntries(glossaryId, pair);
      const cached = await this.db.glossaryEntries.get(key);
      await this.putEntries(scope, glossaryId, pair, entries);
      if (cached && cached.entries !== entries) await this.bumpVersion(scope, glossaryId);
      return { entries, fetchedAt: this.deps.now() };
    } catch (e) {
      const cached = await this.db.glossaryEntries.get(key);
      if (!cached || (e as { code?: unknown }).code === 'not_found') throw e;
      return { entries: cached.entries, fetchedAt: cached.fetchedAt, stale: toErrorInfo(e) };
    }
  }

  /** Entries changed elsewhere: translations cached under the old version must not be reused. */
  private async bumpVersion(scope: string, glossaryId: string) {
    await this.db.glossaries.update([scope, glossaryId], { contentVersion: this.deps.newVersion() });
  }

  saveDictionary(
    glossaryId: string,
    pair: LanguagePair,
    entries: string,
    mode: SaveMode,
  ): Promise<SaveDictionaryResult> {
    return this.exclusive(() => this.doSaveDictionary(glossaryId, pair, entries, mode));
  }

  private async doSaveDictionary(
    glossaryId: string,
    pair: LanguagePair,
    entries: string,
    mode: SaveMode,
  ): Promise<SaveDictionaryResult> {
    const client = await this.deps.client();
    const scope = await this.deps.scope();
    const dictionary = { ...pair, entries, entries_format: 'tsv' as const };
    if (mode === 'merge') await client.patchGlossary(glossaryId, { dictionaries: [dictionary] });
    else await client.replaceDictionary(glossaryId, dictionary);
    // Read back what the service now holds: after a merge, only it knows the whole dictionary.
    const [g, saved] = await Promise.all([client.getGlossary(glossaryId), client.getGlossaryEntries(glossaryId, pair)]);
    const glossary = await this.store(scope, g, true);
    await this.putEntries(scope, glossaryId, pair, saved.entries);
    return { glossary, entries: saved.entries };
  }

  /**
   * Whether the glossary still exists, asked of the service (after a translation carrying it got a 404,
   * which may also mean a style rule list or a memory). A glossary the service no longer knows is
   * forgotten; its name, as last cached, is returned so the person can be told which one went.
   */
  confirm(glossaryId: string): Promise<{ exists: true } | { exists: false; name?: string }> {
    return this.exclusive(() => this.doConfirm(glossaryId));
  }

  private async doConfirm(glossaryId: string): Promise<{ exists: true } | { exists: false; name?: string }> {
    const client = await this.deps.client();
    const scope = await this.deps.scope();
    try {
      await this.store(scope, await client.getGlossary(glossaryId));
      return { exists: true };
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'not_found') throw e;
    }
    const name = (await this.db.glossaries.get([scope, glossaryId]))?.name;
    await this.forget(scope, glossaryId);
    return { exists: false, ...(name ? { name } : {}) };
  }

  /** The cached `contentVersion` of a glossary, for translation cache keys; undefined when unknown. */
  async contentVersion(glossaryId: string): Promise<string | undefined> {
    const scope = await this.deps.scope();
    return (await this.db.glossaries.get([scope, glossaryId]))?.contentVersion;
  }
}

async function savedScope(): Promise<string> {
  const creds = await getCredentials();
  return accountScope(creds.serverUrl, creds.apiKey);
}

let shared: GlossaryCache | undefined;

/** The cache for the saved credentials, on the extension's database. */
export function glossaryCache(): GlossaryCache {
  shared ??= new GlossaryCache({
    db: appDb(),
    scope: savedScope,
    client: () => clientFor('options', { retry: INTERACTIVE_RETRY }),
    now: Date.now,
    newVersion: () => `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`,
  });
  return shared;
}
