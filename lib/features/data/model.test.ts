import { describe, expect, it } from 'vitest';
import { fakeSend, sentTypes } from '../../messaging/testing.ts';
import type { DataKind, DataSummary } from './messages.ts';
import { DataModel } from './model.ts';

const SUMMARY: DataSummary = {
  cache: { entries: 42, bytes: 120 * 1024 },
  queue: { rows: 3 },
  dictionary: { words: 1 },
  history: { entries: 5 },
  lists: { glossaries: 2, languageLists: 1 },
  sites: { readingChoices: 2, minimised: 1, corner: true, pdfSites: 3, pdfAlways: false, videoSites: 1 },
};

const EMPTY: DataSummary = {
  cache: { entries: 0, bytes: 0 },
  queue: { rows: 0 },
  dictionary: { words: 0 },
  history: { entries: 0 },
  lists: { glossaries: 0, languageLists: 0 },
  sites: { readingChoices: 0, minimised: 0, corner: false, pdfSites: 0, pdfAlways: false, videoSites: 0 },
};

/** The summary after clearing `what` from SUMMARY. */
function after(what: DataKind): DataSummary {
  if (what === 'everything') return EMPTY;
  const field = {
    cache: 'cache',
    queue: 'queue',
    dictionary: 'dictionary',
    history: 'history',
    lists: 'lists',
    sites: 'sites',
  }[what];
  return { ...SUMMARY, [field]: EMPTY[field as keyof DataSummary] };
}

function setUp(answer: boolean | (() => Promise<boolean>) = true) {
  const send = fakeSend({
    'data.summary': () => ({ ok: true, value: SUMMARY }),
    'data.clear': ({ what, apiKey }) => ({
      ok: true,
      value: { what, apiKey: apiKey ?? false, summary: after(what) },
    }),
  });
  const asked: Array<{ title: string; message: string; label: string }> = [];
  const model = new DataModel({
    send,
    confirm: async (title, message, label) => {
      asked.push({ title, message, label });
      return typeof answer === 'boolean' ? answer : answer();
    },
  });
  return { model, send, asked };
}

describe('DataModel', () => {
  it('counts what Verso keeps, one row per kind, in words', async () => {
    const { model, send } = setUp();
    await model.load();
    expect(sentTypes(send)).toEqual(['data.summary']);
    const rows = Object.fromEntries(model.rows.value.map((r) => [r.kind, r]));
    expect(Object.keys(rows)).toEqual(['cache', 'queue', 'dictionary', 'history', 'lists', 'sites', 'everything']);
    expect(rows.cache!.kept).toBe('42 translations, about 120 kB');
    expect(rows.queue!.kept).toBe('3 texts');
    expect(rows.dictionary!.kept).toBe('1 word');
    expect(rows.history!.kept).toBe('5 translations');
    expect(rows.lists!.kept).toBe('2 glossaries, 1 language list');
    expect(rows.sites!.kept).toBe(
      "2 sites with their own reading choice, the card minimised on 1 site, the corner you moved the card to, 3 sites whose PDFs open in Verso's reader, 1 site with translated subtitles",
    );
    expect(rows.lists!.note).toContain('fetched again when needed');
    expect(model.rows.value.some((r) => r.empty)).toBe(false);
  });

  it('clears one kind after the person confirms, and says what was cleared', async () => {
    const { model, send, asked } = setUp(true);
    await model.load();
    await model.clear('cache');
    expect(asked).toEqual([
      {
        title: 'Clear “Translations kept”?',
        message: 'Verso clears: 42 translations, about 120 kB. This cannot be undone.',
        label: 'Clear',
      },
    ]);
    expect(send.sent.at(-1)).toEqual({ type: 'data.clear', data: { what: 'cache', apiKey: false } });
    expect(model.done.value).toBe('Cleared: 42 translations, about 120 kB.');
    const cache = model.rows.value.find((r) => r.kind === 'cache')!;
    expect(cache).toMatchObject({ kept: 'Nothing kept', empty: true });
    expect(model.busy.value).toBeUndefined();
  });

  it('sends nothing when the person cancels', async () => {
    const { model, send, asked } = setUp(false);
    await model.load();
    await model.clear('dictionary');
    expect(asked).toHaveLength(1);
    expect(sentTypes(send)).toEqual(['data.summary']);
    expect(model.done.value).toBeUndefined();
    expect(model.busy.value).toBeUndefined();
    expect(model.rows.value.find((r) => r.kind === 'dictionary')!.empty).toBe(false);
  });

  it('"everything" keeps the API key unless the person ticked it, and says which', async () => {
    const { model, send, asked } = setUp(true);
    await model.load();
    await model.clear('everything');
    expect(asked[0]!.message).toContain('The API key is kept.');
    expect(send.sent.at(-1)?.data).toEqual({ what: 'everything', apiKey: false });
    expect(model.done.value).toBe(
      'Everything Verso kept is cleared, and the settings are back to their defaults. The API key is kept.',
    );

    model.alsoKey.value = true;
    await model.clear('everything');
    expect(asked[1]!.message).toContain('The API key is removed too.');
    expect(send.sent.at(-1)?.data).toEqual({ what: 'everything', apiKey: true });
    expect(model.done.value).toContain('The API key was removed too.');
    // The tick is one clear's: it does not stay set for the next.
    expect(model.alsoKey.value).toBe(false);
  });

  it('one clear at a time: a second press while the first waits for the person does nothing', async () => {
    let confirmNow: (ok: boolean) => void = () => {};
    const { model, send, asked } = setUp(() => new Promise<boolean>((resolve) => (confirmNow = resolve)));
    await model.load();
    const first = model.clear('queue');
    expect(model.busy.value).toBe('queue');
    const second = model.clear('cache');
    confirmNow(true);
    await Promise.all([first, second]);
    expect(asked).toHaveLength(1);
    expect(send.sent.slice(1)).toEqual([{ type: 'data.clear', data: { what: 'queue', apiKey: false } }]);
    expect(model.busy.value).toBeUndefined();
  });

  it('a refused clear shows the error and keeps the counts', async () => {
    const { model, send } = setUp(true);
    send.answers['data.clear'] = () => ({
      ok: false,
      error: { name: 'Error', code: 'internal', message: 'disk full' },
    });
    await model.load();
    await model.clear('lists');
    expect(model.error.value?.message).toBe('disk full');
    expect(model.done.value).toBeUndefined();
    expect(model.rows.value.find((r) => r.kind === 'lists')!.kept).toBe('2 glossaries, 1 language list');
  });

  it('forgets a late answer once disposed', async () => {
    let answer: (value: unknown) => void = () => {};
    const { model, send } = setUp(true);
    send.answers['data.summary'] = () => new Promise((resolve) => (answer = resolve as never));
    const loading = model.load();
    model.dispose();
    answer({ ok: true, value: SUMMARY });
    await loading;
    expect(model.summary.value).toBeUndefined();
  });
});
