import { describe, expect, it } from 'vitest';
import { client } from '../testing/http.ts';
import { serviceForTests } from '../testing/vitest.ts';

const svc = serviceForTests();
const call = client(svc).call;

interface Glossary {
  glossary_id: string;
  name: string;
  ready?: boolean;
  dictionaries: Array<{ source_lang: string; target_lang: string; entry_count: number; creation_time?: string }>;
  creation_time: string;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function create(dictionaries: unknown[], name = 'Product terms') {
  return call<Glossary>('POST', '/v3/glossaries', { json: { name, dictionaries } });
}

async function createDeEn(): Promise<string> {
  const res = await create([{ source_lang: 'de', target_lang: 'en', entries: 'Haus\thouse\nBaum\ttree' }]);
  expect(res.status).toBe(201);
  return res.body.glossary_id;
}

describe('POST /v3/glossaries', () => {
  it('creates a glossary with several dictionaries and answers with ready and lower-case codes', async () => {
    const res = await create([
      { source_lang: 'DE', target_lang: 'EN', entries: 'Haus\thouse\nBaum\ttree', entries_format: 'tsv' },
      { source_lang: 'en', target_lang: 'fr', entries: 'house,maison\n"cat, small",chaton', entries_format: 'CSV' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      glossary_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ready: true,
      name: 'Product terms',
      dictionaries: [
        { source_lang: 'de', target_lang: 'en', entry_count: 2 },
        { source_lang: 'en', target_lang: 'fr', entry_count: 2 },
      ],
      creation_time: expect.stringMatching(ISO),
    });
  });

  it('skips CSV lines of another language pair', async () => {
    const res = await create([
      {
        source_lang: 'de',
        target_lang: 'en',
        entries: 'Haus,house,de,en\nchat,cat,fr,en\nBaum,tree',
        entries_format: 'csv',
      },
    ]);
    expect(res.body.dictionaries[0]?.entry_count).toBe(2);
  });

  it('refuses entries that break the content rules, naming the line and the reason', async () => {
    const res = await create([{ source_lang: 'de', target_lang: 'en', entries: 'Haus\thouse\nHaus\thome\n\tleer' }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.stringContaining('Invalid glossary entries') });
    const { detail } = res.body as unknown as { detail: string };
    expect(detail).toContain('line 2: duplicate source phrase "Haus" (first on line 1)');
    expect(detail).toContain('line 3: source phrase is empty');
  });

  it.each([
    ['no name', { dictionaries: [{ source_lang: 'de', target_lang: 'en', entries: 'a\tb' }] }, /name/],
    ['an empty name', { name: ' ', dictionaries: [{ source_lang: 'de', target_lang: 'en', entries: 'a\tb' }] }, /name/],
    [
      'a name over 1024 bytes',
      { name: 'ü'.repeat(513), dictionaries: [{ source_lang: 'de', target_lang: 'en', entries: 'a\tb' }] },
      /1026 UTF-8 bytes/,
    ],
    ['no dictionaries', { name: 'x' }, /dictionaries/],
    ['an empty dictionary list', { name: 'x', dictionaries: [] }, /at least one dictionary/],
    [
      'a language outside the glossary list',
      { name: 'x', dictionaries: [{ source_lang: 'xx', target_lang: 'en', entries: 'a\tb' }] },
      /xx/,
    ],
    [
      'a variant code',
      { name: 'x', dictionaries: [{ source_lang: 'de', target_lang: 'en-US', entries: 'a\tb' }] },
      /en-US/,
    ],
    [
      'the same language twice',
      { name: 'x', dictionaries: [{ source_lang: 'de', target_lang: 'DE', entries: 'a\tb' }] },
      /different/,
    ],
    ['missing entries', { name: 'x', dictionaries: [{ source_lang: 'de', target_lang: 'en' }] }, /entries/],
    [
      'an unknown entries_format',
      { name: 'x', dictionaries: [{ source_lang: 'de', target_lang: 'en', entries: 'a\tb', entries_format: 'xlsx' }] },
      /entries_format/,
    ],
    [
      'two dictionaries of one pair',
      {
        name: 'x',
        dictionaries: [
          { source_lang: 'de', target_lang: 'en', entries: 'a\tb' },
          { source_lang: 'DE', target_lang: 'en', entries: 'c\td' },
        ],
      },
      /one dictionary per language pair/,
    ],
    [
      'no entries for the pair',
      { name: 'x', dictionaries: [{ source_lang: 'de', target_lang: 'en', entries: '\n\n' }] },
      /no entries/,
    ],
  ])('refuses %s with 400', async (_, json, message) => {
    const res = await call<{ message: string; detail?: string }>('POST', '/v3/glossaries', { json });
    expect(res.status).toBe(400);
    expect(`${res.body.message} ${res.body.detail ?? ''}`).toMatch(message);
  });

  it('refuses a dictionary over 10 MB with 413', async () => {
    const entries = `${'a'.repeat(1000)}\tb\n`.repeat(10_001);
    const res = await create([{ source_lang: 'de', target_lang: 'en', entries }]);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: expect.stringContaining('too large') });
  });
});

describe('reading glossaries', () => {
  it('lists only the glossaries of the caller’s account', async () => {
    const id = await createDeEn();
    const paid = await call<{ glossaries: Glossary[] }>('GET', '/v3/glossaries');
    expect(paid.body.glossaries.map((g) => g.glossary_id)).toEqual([id]);
    expect(paid.body.glossaries[0]).not.toHaveProperty('ready');
    const free = await call<{ glossaries: Glossary[] }>('GET', '/v3/glossaries', { key: svc.options.freeKey });
    expect(free.body.glossaries).toEqual([]);
  });

  it('gets the metadata, and 404 for an unknown id or another account’s glossary', async () => {
    const id = await createDeEn();
    const res = await call<Glossary>('GET', `/v3/glossaries/${id}`);
    expect(res.body).toMatchObject({
      glossary_id: id,
      dictionaries: [{ source_lang: 'de', target_lang: 'en', entry_count: 2 }],
    });
    expect((await call('GET', '/v3/glossaries/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await call('GET', `/v3/glossaries/${id}`, { key: svc.options.freeKey })).status).toBe(404);
  });

  it('returns one dictionary’s entries as TSV, with the query pair in any case', async () => {
    const id = await createDeEn();
    const res = await call('GET', `/v3/glossaries/${id}/entries?source_lang=DE&target_lang=En`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dictionaries: [
        { source_lang: 'de', target_lang: 'en', entries: 'Haus\thouse\nBaum\ttree', entries_format: 'tsv' },
      ],
    });
  });

  it('needs the query pair, refuses CSV, and 404s a pair the glossary lacks', async () => {
    const id = await createDeEn();
    expect((await call('GET', `/v3/glossaries/${id}/entries?source_lang=de`)).status).toBe(400);
    expect(
      (await call('GET', `/v3/glossaries/${id}/entries?source_lang=de&target_lang=en&entries_format=csv`)).status,
    ).toBe(400);
    expect((await call('GET', `/v3/glossaries/${id}/entries?source_lang=de&target_lang=fr`)).status).toBe(404);
    expect((await call('GET', '/v3/glossaries/nope/entries?source_lang=de&target_lang=en')).status).toBe(404);
  });
});

describe('PUT /v3/glossaries/{id}/dictionaries', () => {
  it('adds a dictionary for a new pair and replaces an existing one entirely', async () => {
    const id = await createDeEn();
    const added = await call('PUT', `/v3/glossaries/${id}/dictionaries`, {
      json: { source_lang: 'EN', target_lang: 'DE', entries: 'house\tHaus' },
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ source_lang: 'en', target_lang: 'de', entry_count: 1 });

    const replaced = await call('PUT', `/v3/glossaries/${id}/dictionaries`, {
      form: { source_lang: 'de', target_lang: 'en', entries: 'Auto,car', entries_format: 'csv' },
    });
    expect(replaced.body).toEqual({ source_lang: 'de', target_lang: 'en', entry_count: 1 });
    const entries = await call('GET', `/v3/glossaries/${id}/entries?source_lang=de&target_lang=en`);
    expect(entries.body).toMatchObject({ dictionaries: [{ entries: 'Auto\tcar' }] });
  });

  it('refuses invalid entries and unknown glossaries', async () => {
    const id = await createDeEn();
    const bad = await call('PUT', `/v3/glossaries/${id}/dictionaries`, {
      json: { source_lang: 'de', target_lang: 'en', entries: 'Haus\thouse \n' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ detail: 'line 1: target phrase has leading or trailing whitespace' });
    const unknown = await call('PUT', '/v3/glossaries/nope/dictionaries', {
      json: { source_lang: 'de', target_lang: 'en', entries: 'a\tb' },
    });
    expect(unknown.status).toBe(404);
  });

  it('accepts a dictionary just under 10 MB', async () => {
    const id = await createDeEn();
    const lines: string[] = [];
    for (let i = 0; (lines.length + 1) * 1001 < 10_000_000; i++)
      lines.push(`${String(i).padStart(500, 'x')}\t${'y'.repeat(499)}`);
    const res = await call('PUT', `/v3/glossaries/${id}/dictionaries`, {
      json: { source_lang: 'de', target_lang: 'fr', entries: lines.join('\n') },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ entry_count: lines.length });
  });
});

describe('PATCH /v3/glossaries/{id}', () => {
  it('merges entries into the pair’s dictionary and renames in the same call', async () => {
    const id = await createDeEn();
    const res = await call<Glossary>('PATCH', `/v3/glossaries/${id}`, {
      json: {
        name: 'Renamed',
        dictionaries: [{ source_lang: 'de', target_lang: 'en', entries: 'Haus\thome\nAuto\tcar' }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      glossary_id: id,
      name: 'Renamed',
      dictionaries: [
        { source_lang: 'de', target_lang: 'en', entry_count: 3, creation_time: expect.stringMatching(ISO) },
      ],
      creation_time: expect.stringMatching(ISO),
    });
    const entries = await call('GET', `/v3/glossaries/${id}/entries?source_lang=de&target_lang=en`);
    expect(entries.body).toMatchObject({ dictionaries: [{ entries: 'Haus\thome\nBaum\ttree\nAuto\tcar' }] });
  });

  it('renames with a form body and adds a dictionary given as top-level form fields', async () => {
    const id = await createDeEn();
    const renamed = await call<Glossary>('PATCH', `/v3/glossaries/${id}`, { form: { name: 'Form name' } });
    expect(renamed.body.name).toBe('Form name');
    const added = await call<Glossary>('PATCH', `/v3/glossaries/${id}`, {
      form: { source_lang: 'fr', target_lang: 'de', entries: 'maison\tHaus' },
    });
    expect(added.body.name).toBe('Form name');
    expect(added.body.dictionaries.map((d) => `${d.source_lang}-${d.target_lang}:${d.entry_count}`)).toEqual([
      'de-en:2',
      'fr-de:1',
    ]);
  });

  it('refuses an empty PATCH, several dictionaries, and leaves the name alone when entries are bad', async () => {
    const id = await createDeEn();
    expect((await call('PATCH', `/v3/glossaries/${id}`, { json: {} })).status).toBe(400);
    const two = await call('PATCH', `/v3/glossaries/${id}`, {
      json: {
        dictionaries: [
          { source_lang: 'de', target_lang: 'en', entries: 'a\tb' },
          { source_lang: 'en', target_lang: 'de', entries: 'a\tb' },
        ],
      },
    });
    expect(two.status).toBe(400);
    const bad = await call('PATCH', `/v3/glossaries/${id}`, {
      json: { name: 'Never', dictionaries: [{ source_lang: 'de', target_lang: 'en', entries: 'x\ty\nx\tz' }] },
    });
    expect(bad.status).toBe(400);
    expect((await call<Glossary>('GET', `/v3/glossaries/${id}`)).body.name).toBe('Product terms');
    expect((await call('PATCH', '/v3/glossaries/nope', { json: { name: 'x' } })).status).toBe(404);
  });
});

describe('deleting', () => {
  it('deletes one dictionary, then the whole glossary', async () => {
    const id = await createDeEn();
    await call('PUT', `/v3/glossaries/${id}/dictionaries`, {
      json: { source_lang: 'en', target_lang: 'de', entries: 'a\tb' },
    });
    const dict = await call('DELETE', `/v3/glossaries/${id}/dictionaries?source_lang=EN&target_lang=de`);
    expect(dict.status).toBe(204);
    expect((await call<Glossary>('GET', `/v3/glossaries/${id}`)).body.dictionaries).toHaveLength(1);
    expect((await call('DELETE', `/v3/glossaries/${id}/dictionaries?source_lang=en&target_lang=de`)).status).toBe(404);
    expect((await call('DELETE', `/v3/glossaries/${id}/dictionaries?source_lang=de`)).status).toBe(400);

    expect((await call('DELETE', `/v3/glossaries/${id}`)).status).toBe(204);
    expect((await call('GET', `/v3/glossaries/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/v3/glossaries/${id}`)).status).toBe(404);
  });
});

describe('state.glossaries.entries (used by translation)', () => {
  it('serves language variants from the base dictionary', async () => {
    const id = await createDeEn();
    await call('PUT', `/v3/glossaries/${id}/dictionaries`, {
      json: { source_lang: 'en', target_lang: 'pt', entries: 'car\tcarro' },
    });
    expect(svc.state.glossaries.entries('paid', id, 'DE', 'EN-US')).toEqual([
      ['Haus', 'house'],
      ['Baum', 'tree'],
    ]);
    expect(svc.state.glossaries.entries('paid', id, 'de', 'en-GB')).toHaveLength(2);
    expect(svc.state.glossaries.entries('paid', id, 'EN', 'PT-BR')).toEqual([['car', 'carro']]);
  });

  it('throws 404 for an unknown glossary and 400 for a pair it lacks', async () => {
    const id = await createDeEn();
    expect(() => svc.state.glossaries.entries('paid', 'nope', 'de', 'en')).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => svc.state.glossaries.entries('free', id, 'de', 'en')).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => svc.state.glossaries.entries('paid', id, 'en', 'de')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it('forgets every glossary on reset', async () => {
    const id = await createDeEn();
    svc.state.reset();
    expect((await call('GET', `/v3/glossaries/${id}`)).status).toBe(404);
  });
});
