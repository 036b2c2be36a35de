import { describe, expect, it } from 'vitest';
import { fakeSend, sentTypes } from '../../messaging/testing.ts';
import { manualClock } from '../../ui/testing.ts';
import { HistoryModel } from './model.ts';
import type { HistoryEntry } from './store.ts';

const tea: HistoryEntry = {
  id: 7,
  text: 'Tea',
  translation: 'Tee',
  sourceLang: 'en',
  targetLang: 'de',
  origin: 'popup',
  at: 5,
};

function setUp(confirmAnswer = true) {
  const downloads: Array<{ name: string; text: string; type: string }> = [];
  let kept: HistoryEntry[] = [tea];
  let enabled = true;
  const send = fakeSend({
    'history.list': ({ query }) => ({
      ok: true,
      value: { entries: kept.filter((e) => !query || e.text.includes(query)), total: kept.length, enabled },
    }),
    'history.clear': () => {
      kept = [];
      return { ok: true, value: null };
    },
    'history.setEnabled': (data) => {
      enabled = data.enabled;
      return { ok: true, value: null };
    },
    'history.export': () => ({ ok: true, value: kept }),
    'history.suggestions': () => ({
      ok: true,
      value: [{ text: 'Tea', translation: 'Tee', sourceLang: 'en', targetLang: 'de', count: 3, sites: ['a.example'] }],
    }),
    'glossaries.saveTerm': ({ source }) =>
      source === 'Tea'
        ? { ok: true, value: { outcome: 'already', glossaryId: 'g', glossaryName: 'Drinks', madeDefault: false } }
        : { ok: false, error: { name: 'TermRefused', code: 'invalid_term', message: 'Not a term.' } },
  });
  const model = new HistoryModel({
    send,
    clock: manualClock(Date.UTC(2026, 4, 6)),
    download: (name, text, type) => downloads.push({ name, text, type }),
    confirm: () => confirmAnswer,
  });
  return { model, send, downloads };
}

describe('HistoryModel', () => {
  it('loads and searches', async () => {
    const { model, send } = setUp();
    await model.load();
    expect(model.entries.value).toEqual([tea]);
    expect(model.suggestions.value.map((s) => [s.text, s.count])).toEqual([['Tea', 3]]);
    await model.search('Coffee');
    expect(model.entries.value).toEqual([]);
    expect(model.total.value).toBe(1);
    expect(send.sent.filter((m) => m.type === 'history.list').at(-1)?.data).toEqual({ query: 'Coffee' });
  });

  it('clears only when the person confirms', async () => {
    const refused = setUp(false);
    await refused.model.clear();
    expect(sentTypes(refused.send)).not.toContain('history.clear');

    const { model } = setUp(true);
    await model.load();
    await model.clear();
    expect(model.entries.value).toEqual([]);
    expect(model.notice.value).toBe('History cleared.');
  });

  it('turns the history off', async () => {
    const { model, send } = setUp();
    await model.setEnabled(false);
    expect(model.enabled.value).toBe(false);
    expect(send.sent.at(-1)).toEqual({ type: 'history.setEnabled', data: { enabled: false } });
  });

  it('saves an entry to a glossary and says what the glossary held', async () => {
    const { model, send } = setUp();
    await model.saveTerm(tea);
    expect(send.sent.at(-1)).toEqual({
      type: 'glossaries.saveTerm',
      data: { source: 'Tea', target: 'Tee', sourceLang: 'en', targetLang: 'de' },
    });
    expect(model.saved.value['#7']).toBe('“Drinks” already holds this term.');
    await model.saveTerm({ ...tea, id: 8, text: 'Bad' });
    expect(model.saved.value['#8']).toBe('Not a term.');
    await model.saveTerm({ text: 'Tea', translation: 'Tee', sourceLang: 'en', targetLang: 'de' });
    expect(model.saved.value['Tea>de']).toBe('“Drinks” already holds this term.');
  });

  it('downloads JSON and CSV named by the day', async () => {
    const { model, downloads } = setUp();
    await model.download('json');
    await model.download('csv');
    expect(downloads.map((d) => [d.name, d.type])).toEqual([
      ['verso-history-2026-05-06.json', 'application/json'],
      ['verso-history-2026-05-06.csv', 'text/csv'],
    ]);
    expect(downloads[1]?.text).toContain('Tea,Tee');
  });
});
