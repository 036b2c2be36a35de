import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing';
import { AppDB } from '../../db/index.ts';
import { credentialsItem, getCredentials, updateCredentials } from '../../settings/credentials.ts';
import { getPreferences, getSiteRules, siteRulesItem, updatePreferences } from '../../settings/items.ts';
import { SiteRule } from '../../settings/schema.ts';
import { TranslationCache } from '../page-translate/cache/translation-cache.ts';
import { placingFor, rememberPlacing } from '../page-translate/place.background.ts';
import { withoutReadings } from '../page-translate/reading.background.ts';
import { readerSites, readerSitesItem } from '../pdf/settings.ts';
import { getVideoChoices } from '../video/choices.ts';
import { chooseVideo } from '../video/store.background.ts';
import { DataKeeper, type DataKeeperDeps, SITE_MEMORY } from './clear.background.ts';
import type { DataKind } from './messages.ts';

const KEY = '00000000-0000-4000-8000-00000000a001';

let db: AppDB;
let keeper: DataKeeper;
let cache: TranslationCache;

beforeEach(async () => {
  fakeBrowser.reset();
  db = new AppDB(`verso-data-${Math.random()}`);
  cache = new TranslationCache(db.translations, { setTimer: () => undefined });
  keeper = new DataKeeper({
    db: () => db,
    cache: () => cache,
    storage: {
      local: browser.storage.local as unknown as DataKeeperDeps['storage']['local'],
      session: browser.storage.session as unknown as DataKeeperDeps['storage']['session'],
    },
    sites: SITE_MEMORY,
  });
  await fill();
});

afterEach(async () => {
  await db.delete();
});

/** A browser where Verso kept some of everything. */
async function fill() {
  await cache.setMany(
    ['One.', 'Two.', 'Three.'].map((text) => ({
      input: { text, params: { target_lang: 'DE' } },
      value: { text: `${text} (de)` },
    })),
  );
  const row = { tabId: 1, params: { target_lang: 'DE' }, priority: 'visible', createdAt: 1 };
  await db.queueJobs.bulkPut([
    { ...row, id: '1:a', segmentId: 'a', text: 'A waiting text.' },
    { ...row, id: '1:b', segmentId: 'b', text: 'Another.' },
  ]);
  // One row out in a request and also still waiting: one text, counted once.
  await db.queueSent.put({ id: 'r1', sentAt: 2, rows: [{ ...row, id: '1:b', segmentId: 'b', text: 'Another.' }] });
  await db.dictionaryWords.bulkPut([
    { word: 'verso', addedAt: 1 },
    { word: 'oars', addedAt: 2 },
  ]);
  await db.history.add({
    text: 'Hi',
    translation: 'Hallo',
    sourceLang: 'en',
    targetLang: 'de',
    origin: 'popup',
    at: 1,
  });
  const meta = { name: 'G', creation_time: '2024-01-01T00:00:00.000Z', dictionaries: [], fetchedAt: 1 };
  await db.glossaries.put({ ...meta, scope: 's', glossary_id: 'g1', contentVersion: 'v1' });
  await db.glossaryEntries.put({
    scope: 's',
    glossary_id: 'g1',
    source_lang: 'en',
    target_lang: 'de',
    entries: 'a\tb',
    fetchedAt: 1,
  });
  await db.languages.put({ scope: 's', resource: 'translate_text', include: '', languages: [], fetchedAt: 1 });
  await siteRulesItem.setValue([
    SiteRule.parse({ host: 'a.example', pageReading: 'whole-page' }),
    SiteRule.parse({ host: 'b.example', translate: 'always', pageReading: 'as-you-read' }),
    SiteRule.parse({ host: 'c.example', translate: 'never' }),
  ]);
  await rememberPlacing('a.example', { corner: 'top-left', minimised: true });
  await readerSitesItem.setValue({ always: false, sites: ['papers.example', 'docs.example'] });
  await chooseVideo('videos.example', { on: true, mode: 'translation' });
  await updatePreferences({ targetLang: 'fr' });
  await updateCredentials({ apiKey: KEY });
  await browser.storage.local.set({ spendingLimits: { perSite: 1 } });
  await browser.storage.session.set({ popupDraft: { text: 'Selected text', at: 1 } });
}

const FULL = {
  cache: { entries: 3 },
  queue: { rows: 2 },
  dictionary: { words: 2 },
  history: { entries: 1 },
  lists: { glossaries: 1, languageLists: 1 },
  sites: { readingChoices: 2, minimised: 1, corner: true, pdfSites: 2, pdfAlways: false, videoSites: 1 },
};

describe('DataKeeper', () => {
  it('counts what is kept: translations and their size, texts (a text waiting and out is one), words, lists, sites', async () => {
    const summary = await keeper.summary();
    expect(summary).toMatchObject(FULL);
    // Each entry's text and its bookkeeping.
    expect(summary.cache.bytes).toBeGreaterThan(3 * 96);
  });

  it.each<[DataKind, Record<string, unknown>]>([
    ['cache', { cache: { entries: 0, bytes: 0 } }],
    ['queue', { queue: { rows: 0 } }],
    ['dictionary', { dictionary: { words: 0 } }],
    ['history', { history: { entries: 0 } }],
    ['lists', { lists: { glossaries: 0, languageLists: 0 } }],
    [
      'sites',
      { sites: { readingChoices: 0, minimised: 0, corner: false, pdfSites: 0, pdfAlways: false, videoSites: 0 } },
    ],
  ])('clears %s and nothing else', async (what, cleared) => {
    const result = await keeper.clear(what);
    expect(result.what).toBe(what);
    expect(result.apiKey).toBe(false);
    expect(result.summary).toMatchObject({ ...FULL, ...cleared });
    // The settings and the key are untouched by a single kind.
    expect((await getPreferences()).targetLang).toBe('fr');
    expect((await getCredentials()).apiKey).toBe(KEY);
  });

  it('clearing the lists takes the glossaries’ entries too', async () => {
    await keeper.clear('lists');
    expect(await db.glossaryEntries.count()).toBe(0);
  });

  it('clearing the sites keeps their other rules: a rule made only for the reading goes', async () => {
    await keeper.clear('sites');
    expect((await getSiteRules()).map((r) => [r.host, r.translate, r.pageReading])).toEqual([
      ['b.example', 'always', ''],
      ['c.example', 'never', ''],
    ]);
    expect(await placingFor('a.example')).toEqual({ minimised: false });
    expect(withoutReadings([])).toEqual([]);
    // PDFs are offered again; subtitles show as the person set them, on no site by themselves.
    expect(await readerSites()).toEqual({ always: false, sites: [] });
    expect(await getVideoChoices()).toEqual({ sites: [], mode: 'translation' });
  });

  it('the cache answers nothing once cleared, and counts afresh what comes after', async () => {
    await keeper.clear('cache');
    expect(await cache.getMany([{ text: 'One.', params: { target_lang: 'DE' } }])).toEqual([undefined]);
    await cache.setMany([{ input: { text: 'Four.', params: { target_lang: 'DE' } }, value: { text: 'Vier.' } }]);
    expect((await keeper.summary()).cache).toEqual({ entries: 1, bytes: 5 + 96 });
  });

  it('everything: all of it and the settings, the key kept, the spending limits kept', async () => {
    const result = await keeper.clear('everything');
    expect(result.apiKey).toBe(false);
    expect(result.summary).toEqual({
      cache: { entries: 0, bytes: 0 },
      queue: { rows: 0 },
      dictionary: { words: 0 },
      history: { entries: 0 },
      lists: { glossaries: 0, languageLists: 0 },
      sites: { readingChoices: 0, minimised: 0, corner: false, pdfSites: 0, pdfAlways: false, videoSites: 0 },
    });
    expect(await getSiteRules()).toEqual([]);
    expect((await getPreferences()).targetLang).toBe('en-US');
    expect((await getCredentials()).apiKey).toBe(KEY);
    expect(Object.keys(await browser.storage.local.get(null)).sort()).toEqual(
      expect.arrayContaining(['credentials', 'spendingLimits']),
    );
    expect(
      Object.keys(await browser.storage.local.get(null)).filter((k) => !/^(credentials|spendingLimits)\$?$/.test(k)),
    ).toEqual([]);
    expect(await browser.storage.session.get(null)).toEqual({});
  });

  it('everything with the key ticked: the credentials go too', async () => {
    const result = await keeper.clear('everything', { apiKey: true });
    expect(result.apiKey).toBe(true);
    expect(await credentialsItem.getValue()).toEqual(credentialsItem.fallback);
    expect((await getCredentials()).apiKey).toBe('');
  });
});
