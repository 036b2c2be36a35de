import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serviceForTests } from '../../../service/testing/vitest.ts';
import { ApiClient } from '../../api/index.ts';
import { AppDB } from '../../db/index.ts';
import { GlossaryCache } from './cache.background.ts';

const svc = serviceForTests();
let db: AppDB;
let online: boolean;
let versions: number;

let dbCounter = 0;
beforeEach(async () => {
  db = new AppDB(`glossary-cache-test-${++dbCounter}`);
  online = true;
  versions = 0;
});
afterEach(() => db.delete());

function cache() {
  return new GlossaryCache({
    db,
    scope: async () => 'scope-a',
    // A dead port stands for an unreachable service; one attempt keeps the test fast.
    client: async () =>
      new ApiClient({ apiKey: svc.options.paidKey, serverUrl: online ? svc.url : 'http://127.0.0.1:9', retry: false }),
    now: () => 1_000,
    newVersion: () => `v${++versions}`,
  });
}

/** The service's view, read without the cache. */
async function onService(path: string) {
  const res = await fetch(`${svc.url}${path}`, {
    headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}` },
  });
  return res.json() as Promise<Record<string, unknown>>;
}

const EN_DE = { source_lang: 'en', target_lang: 'de' };

describe('GlossaryCache', () => {
  it('creates a glossary and caches it with its entries and a content version', async () => {
    const c = cache();
    const g = await c.create('Product', { ...EN_DE, entries: 'house\tHaus\ntree\tBaum' });
    expect(g).toMatchObject({ name: 'Product', dictionaries: [{ ...EN_DE, entry_count: 2 }], contentVersion: 'v1' });
    expect((await c.cached()).glossaries.map((x) => x.glossary_id)).toEqual([g.glossary_id]);
    expect((await db.glossaryEntries.get(['scope-a', g.glossary_id, 'en', 'de']))?.entries).toBe(
      'house\tHaus\ntree\tBaum',
    );
    expect(await c.contentVersion(g.glossary_id)).toBe('v1');
  });

  it('refresh reports what changed on the service since the cached list', async () => {
    const c = cache();
    const kept = await c.create('Kept', { ...EN_DE, entries: 'a\tb' });
    const gone = await c.create('Gone', { ...EN_DE, entries: 'a\tb' });
    const grown = await c.create('Grown', { ...EN_DE, entries: 'a\tb' });
    // Changes made by another client, straight on the service.
    const key = { Authorization: `Service-Auth-Key ${svc.options.paidKey}`, 'content-type': 'application/json' };
    await fetch(`${svc.url}/v3/glossaries/${gone.glossary_id}`, { method: 'DELETE', headers: key });
    await fetch(`${svc.url}/v3/glossaries/${grown.glossary_id}`, {
      method: 'PATCH',
      headers: key,
      body: JSON.stringify({ dictionaries: [{ ...EN_DE, entries: 'c\td' }] }),
    });
    const added = (await (
      await fetch(`${svc.url}/v3/glossaries`, {
        method: 'POST',
        headers: key,
        body: JSON.stringify({ name: 'Added', dictionaries: [{ ...EN_DE, entries: 'x\ty' }] }),
      })
    ).json()) as { glossary_id: string };

    const result = await c.refresh();
    expect(result.changes).toEqual({
      added: [added.glossary_id],
      removed: [gone.glossary_id],
      changed: [grown.glossary_id],
    });
    expect(result.glossaries.map((g) => g.name)).toEqual(['Added', 'Grown', 'Kept']);
    // An unchanged glossary keeps its version; a resized one gets a new one and loses its stale entries.
    expect(await c.contentVersion(kept.glossary_id)).toBe(kept.contentVersion);
    expect(await c.contentVersion(grown.glossary_id)).not.toBe(grown.contentVersion);
    expect(await db.glossaryEntries.get(['scope-a', grown.glossary_id, 'en', 'de'])).toBeUndefined();
    expect(await db.glossaryEntries.where('[scope+glossary_id]').equals(['scope-a', gone.glossary_id]).count()).toBe(0);
    expect((await c.refresh()).changes).toEqual({ added: [], removed: [], changed: [] });
  });

  it('merge keeps entries the edit removed; replace makes the dictionary exactly the list', async () => {
    const c = cache();
    const g = await c.create('G', { ...EN_DE, entries: 'a\t1\nb\t2\nc\t3' });
    const merged = await c.saveDictionary(g.glossary_id, EN_DE, 'b\ttwo\nd\t4', 'merge');
    expect(merged.glossary.dictionaries[0]!.entry_count).toBe(4);
    expect(merged.entries.split('\n').sort()).toEqual(['a\t1', 'b\ttwo', 'c\t3', 'd\t4']);
    expect(merged.glossary.contentVersion).not.toBe(g.contentVersion);

    const replaced = await c.saveDictionary(g.glossary_id, EN_DE, 'b\ttwo\nd\t4', 'replace');
    expect(replaced.glossary.dictionaries[0]!.entry_count).toBe(2);
    const onSvc = (await onService(`/v3/glossaries/${g.glossary_id}`)) as {
      dictionaries: Array<{ entry_count: number }>;
    };
    expect(onSvc.dictionaries[0]!.entry_count).toBe(2);
    expect((await db.glossaryEntries.get(['scope-a', g.glossary_id, 'en', 'de']))?.entries).toBe(replaced.entries);
    expect(replaced.glossary.contentVersion).not.toBe(merged.glossary.contentVersion);
  });

  it('replace adds a dictionary for a new pair; deleting it and renaming update the cache', async () => {
    const c = cache();
    const g = await c.create('G', { ...EN_DE, entries: 'a\t1' });
    const withFr = await c.saveDictionary(g.glossary_id, { source_lang: 'EN', target_lang: 'FR' }, 'a\tun', 'replace');
    expect(withFr.glossary.dictionaries.map((d) => `${d.source_lang}>${d.target_lang}`).sort()).toEqual([
      'en>de',
      'en>fr',
    ]);
    expect(await db.glossaryEntries.get(['scope-a', g.glossary_id, 'en', 'fr'])).toBeDefined();

    const without = await c.removeDictionary(g.glossary_id, { source_lang: 'en', target_lang: 'fr' });
    expect(without.dictionaries).toHaveLength(1);
    expect(await db.glossaryEntries.get(['scope-a', g.glossary_id, 'en', 'fr'])).toBeUndefined();

    const renamed = await c.rename(g.glossary_id, 'Renamed');
    expect(renamed.name).toBe('Renamed');
    // A new name does not change what translations produce.
    expect(renamed.contentVersion).toBe(without.contentVersion);
  });

  it('delete removes the glossary from the service and the cache', async () => {
    const c = cache();
    const g = await c.create('G', { ...EN_DE, entries: 'a\t1' });
    await c.remove(g.glossary_id);
    expect((await c.cached()).glossaries).toEqual([]);
    expect(await db.glossaryEntries.count()).toBe(0);
    expect(((await onService('/v3/glossaries')) as { glossaries: unknown[] }).glossaries).toEqual([]);
    // Gone already: deleting again only cleans up.
    await expect(c.remove(g.glossary_id)).resolves.toBeUndefined();
  });

  it('offline: the list and entries come from the cache; changes fail without touching it', async () => {
    const c = cache();
    const g = await c.create('G', { ...EN_DE, entries: 'a\t1' });
    online = false;
    await expect(c.refresh()).rejects.toMatchObject({ code: 'network' });
    expect((await c.cached()).glossaries.map((x) => x.name)).toEqual(['G']);
    const entries = await c.entries(g.glossary_id, EN_DE);
    expect(entries.entries).toBe('a\t1');
    expect(entries.stale?.code).toBe('network');
    await expect(c.saveDictionary(g.glossary_id, EN_DE, 'b\t2', 'merge')).rejects.toMatchObject({ code: 'network' });
    expect((await c.cached()).glossaries[0]!.dictionaries[0]!.entry_count).toBe(1);
  });

  it('entries changed elsewhere bump the content version when read', async () => {
    const c = cache();
    const g = await c.create('G', { ...EN_DE, entries: 'a\t1' });
    await fetch(`${svc.url}/v3/glossaries/${g.glossary_id}/dictionaries`, {
      method: 'PUT',
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...EN_DE, entries: 'a\tone' }),
    });
    const read = await c.entries(g.glossary_id, EN_DE);
    expect(read).toEqual({ entries: 'a\tone', fetchedAt: 1_000 });
    expect(await c.contentVersion(g.glossary_id)).not.toBe(g.contentVersion);
  });

  it('a create made while a refresh is under way is not lost by that refresh', async () => {
    // A list answer that reaches the cache late: the create was asked for while it was held.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    class SlowList extends ApiClient {
      override async listGlossaries(...args: Parameters<ApiClient['listGlossaries']>) {
        const list = await super.listGlossaries(...args);
        await gate;
        return list;
      }
    }
    const c = new GlossaryCache({
      db,
      scope: async () => 'scope-a',
      client: async () => new SlowList({ apiKey: svc.options.paidKey, serverUrl: svc.url, retry: false }),
      now: () => 1,
      newVersion: () => `v${++versions}`,
    });
    const refreshing = c.refresh();
    const creating = c.create('New', { ...EN_DE, entries: 'a\t1' });
    // The list's answer is let through once the service has given it (the refresh under way, its answer
    // held here, the create asked for meanwhile), not after a fixed 100 ms.
    const listed = async () =>
      (await svc.control.requests('/v3/glossaries')).some((r) => r.method === 'GET' && r.status !== null);
    while (!(await listed())) await new Promise((r) => setTimeout(r, 10));
    release();
    await Promise.all([refreshing, creating]);
    expect((await c.cached()).glossaries.map((g) => g.name)).toEqual(['New']);
  });

  it('confirm: a glossary deleted elsewhere is forgotten and its name told; one that exists stays', async () => {
    const c = cache();
    const kept = await c.create('Kept', { ...EN_DE, entries: 'house\tHaus' });
    const gone = await c.create('Gone', { ...EN_DE, entries: 'tree\tBaum' });
    await fetch(`${svc.url}/v3/glossaries/${gone.glossary_id}`, {
      method: 'DELETE',
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}` },
    });
    expect(await c.confirm(kept.glossary_id)).toEqual({ exists: true });
    expect(await c.confirm(gone.glossary_id)).toEqual({ exists: false, name: 'Gone' });
    expect((await c.cached()).glossaries.map((g) => g.name)).toEqual(['Kept']);
    expect(await db.glossaryEntries.get(['scope-a', gone.glossary_id, 'en', 'de'])).toBeUndefined();
    online = false;
    await expect(c.confirm(kept.glossary_id)).rejects.toMatchObject({ code: 'network' });
  });

  it('keeps accounts apart', async () => {
    const c = cache();
    await c.create('Mine', { ...EN_DE, entries: 'a\t1' });
    const other = new GlossaryCache({
      db,
      scope: async () => 'scope-b',
      client: async () => new ApiClient({ apiKey: svc.options.freeKey, serverUrl: svc.url, retry: false }),
      now: () => 1,
      newVersion: () => 'x',
    });
    expect((await other.cached()).glossaries).toEqual([]);
    expect((await other.refresh()).glossaries).toEqual([]);
  });
});
