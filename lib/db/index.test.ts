import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDB } from './index.ts';
import { accountScope } from './scope.ts';

let counter = 0;
const dbs: AppDB[] = [];
function freshDb(): AppDB {
  const db = new AppDB(`verso-db-test-${++counter}`);
  dbs.push(db);
  return db;
}

afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

describe('AppDB', () => {
  it('walks translations by lastUsed, oldest first', async () => {
    const db = freshDb();
    await db.translations.bulkPut([
      { key: 'b', text: 'B', bytes: 10, lastUsed: 20, createdAt: 1 },
      { key: 'a', text: 'A', bytes: 10, lastUsed: 30, createdAt: 1 },
      { key: 'c', text: 'C', bytes: 10, lastUsed: 10, createdAt: 1 },
    ]);
    const oldest = await db.translations.orderBy('lastUsed').limit(2).primaryKeys();
    expect(oldest).toEqual(['c', 'b']);
  });

  it('finds queue jobs by tab', async () => {
    const db = freshDb();
    const job = { text: 'x', params: { target_lang: 'DE' }, priority: 'visible', createdAt: 1 };
    await db.queueJobs.bulkPut([
      { ...job, id: '1:a', tabId: 1, segmentId: 'a' },
      { ...job, id: '2:a', tabId: 2, segmentId: 'a' },
    ]);
    expect(await db.queueJobs.where('tabId').equals(2).primaryKeys()).toEqual(['2:a']);
  });

  it('keys glossaries and their dictionaries by account scope', async () => {
    const db = freshDb();
    const mine = await accountScope('https://api.example.test/', 'key-1');
    const theirs = await accountScope('https://api.example.test', 'key-2');
    const meta = { name: 'G', creation_time: '2024-01-01T00:00:00.000Z', dictionaries: [], fetchedAt: 1 };
    await db.glossaries.bulkPut([
      { ...meta, scope: mine, glossary_id: 'g1', contentVersion: 'v1' },
      { ...meta, scope: theirs, glossary_id: 'g1', contentVersion: 'v9' },
    ]);
    expect((await db.glossaries.get([mine, 'g1']))?.contentVersion).toBe('v1');
    expect(await db.glossaries.where('scope').equals(theirs).count()).toBe(1);

    const dict = { scope: mine, glossary_id: 'g1', entries: 'a\tb', fetchedAt: 1 };
    await db.glossaryEntries.bulkPut([
      { ...dict, source_lang: 'en', target_lang: 'de' },
      { ...dict, source_lang: 'en', target_lang: 'fr' },
    ]);
    await db.glossaryEntries.where('[scope+glossary_id]').equals([mine, 'g1']).delete();
    expect(await db.glossaryEntries.count()).toBe(0);
  });

  it('caches languages per scope, resource and include list', async () => {
    const db = freshDb();
    const scope = await accountScope('http://127.0.0.1:8787', 'k');
    await db.languages.put({
      scope,
      resource: 'translate_text',
      include: 'beta',
      languages: [{ lang: 'de' }],
      fetchedAt: 5,
    });
    expect(await db.languages.get([scope, 'translate_text', ''])).toBeUndefined();
    expect((await db.languages.get([scope, 'translate_text', 'beta']))?.fetchedAt).toBe(5);
  });

  it('keeps document jobs with their key', async () => {
    const db = freshDb();
    await db.documentJobs.put({
      document_id: 'd1',
      document_key: 'secret-doc-key',
      scope: 's',
      fileName: 'a.txt',
      targetLang: 'DE',
      state: 'queued',
      createdAt: 1,
      updatedAt: 1,
    });
    expect((await db.documentJobs.where('scope').equals('s').first())?.document_key).toBe('secret-doc-key');
  });
});

/** The tables as earlier versions left them: what an upgrade starts from. */
const V2_STORES = {
  translations: 'key, lastUsed',
  queueJobs: 'id, tabId',
  glossaries: '[scope+glossary_id], scope',
  glossaryEntries: '[scope+glossary_id+source_lang+target_lang], [scope+glossary_id]',
  languages: '[scope+resource+include]',
  documentJobs: 'document_id, scope',
  documentResults: 'document_id',
};
const V3_STORES = { ...V2_STORES, dictionaryWords: 'word' };
const V4_STORES = { ...V3_STORES, queueSent: 'id' };

/** A database as `version` left it, with what `fill` puts in it, then opened as the current version. */
async function upgraded(version: number, stores: Record<string, string>, fill: (old: Dexie) => Promise<unknown>) {
  const name = `verso-db-test-${++counter}`;
  const old = new Dexie(name);
  old.version(version).stores(stores);
  await fill(old);
  old.close();
  const db = new AppDB(name);
  dbs.push(db);
  await db.open();
  return db;
}

describe('upgrades', () => {
  it('version 3 adds the personal dictionary to a version 2 database and keeps what it held', async () => {
    const db = await upgraded(2, V2_STORES, (old) =>
      old.table('translations').put({ key: 'k', text: 'T', bytes: 1, lastUsed: 1, createdAt: 1 }),
    );
    expect(db.verno).toBe(5);
    expect((await db.translations.get('k'))?.text).toBe('T');
    await db.dictionaryWords.put({ word: 'verso', addedAt: 1 });
    expect(await db.dictionaryWords.toCollection().primaryKeys()).toEqual(['verso']);
  });

  it("version 4 adds the page queue's records of requests out to a version 3 database and keeps its rows", async () => {
    const row = { id: '1:a', tabId: 1, segmentId: 'a', text: 'Hi.', params: {}, priority: 'visible', createdAt: 1 };
    const db = await upgraded(3, V3_STORES, (old) => old.table('queueJobs').put({ ...row, sentAt: 5 }));
    expect(db.verno).toBe(5);
    expect(await db.queueJobs.toArray()).toEqual([{ ...row, sentAt: 5 }]);
    await db.queueSent.put({ id: 'r1', sentAt: 6, rows: [row] });
    expect(await db.queueSent.toCollection().primaryKeys()).toEqual(['r1']);
  });

  it('version 5 adds the history to a version 4 database and keeps what it held', async () => {
    const db = await upgraded(4, V4_STORES, (old) => old.table('dictionaryWords').put({ word: 'verso', addedAt: 1 }));
    expect(db.verno).toBe(5);
    expect(await db.dictionaryWords.toCollection().primaryKeys()).toEqual(['verso']);
    const entry = { text: 'Hi', translation: 'Hallo', sourceLang: 'en', targetLang: 'de', origin: 'popup' as const };
    await db.history.bulkAdd([
      { ...entry, at: 20 },
      { ...entry, text: 'Older', at: 10 },
    ]);
    expect((await db.history.orderBy('at').first())?.text).toBe('Older');
  });
});

describe('accountScope', () => {
  it('is a hash that differs per key and server and never contains the key', async () => {
    const key = '00000000-0000-4000-8000-00000000a001';
    const a = await accountScope('https://api.example.test/', key);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain(key);
    expect(a).toBe(await accountScope('HTTPS://API.example.test', key));
    expect(a).not.toBe(await accountScope('https://api.example.test', `${key}x`));
    expect(a).not.toBe(await accountScope('https://other.example.test', key));
  });
});
