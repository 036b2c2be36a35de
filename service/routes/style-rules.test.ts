import { describe, expect, it } from 'vitest';
import { SEEDED_STYLE_IDS, type StyleRuleList } from '../stores/style-rules.ts';
import { client } from '../testing/http.ts';
import { serviceForTests } from '../testing/vitest.ts';

const svc = serviceForTests();
const call = client(svc).call;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function createList(json: Record<string, unknown> = { name: 'Marketing', language: 'FR' }) {
  const res = await call<StyleRuleList>('POST', '/v3/style_rules', { json });
  expect(res.status).toBe(201);
  return res.body;
}

describe('style rule lists', () => {
  it('lists the seeded lists of the paid account, none for the free one', async () => {
    const res = await call<{ style_rules: StyleRuleList[] }>('GET', '/v3/style_rules');
    expect(res.body.style_rules.map((l) => [l.style_id, l.name, l.language])).toEqual([
      [SEEDED_STYLE_IDS.houseStyle, 'House style', 'en'],
      [SEEDED_STYLE_IDS.hausstil, 'Hausstil', 'de'],
    ]);
    expect(res.body.style_rules[0]).toMatchObject({
      version: 1,
      creation_time: expect.stringMatching(ISO),
      updated_time: expect.stringMatching(ISO),
      configured_rules: expect.any(Object),
      custom_instructions: [expect.objectContaining({ id: expect.any(String), label: 'Product name' })],
    });
    const free = await call('GET', '/v3/style_rules', { key: svc.options.freeKey });
    expect(free.body).toEqual({ style_rules: [] });
  });

  it('creates a list with rules and instructions, with the language in catalogue form', async () => {
    const list = await createList({
      name: 'Marketing',
      language: 'FR',
      configured_rules: { punctuation: { quotation_marks: 'use_guillemets' } },
      custom_instructions: [{ label: 'Tone', prompt: 'Keep it warm.', source_language: 'EN' }],
    });
    expect(list).toEqual({
      style_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Marketing',
      language: 'fr',
      version: 1,
      creation_time: expect.stringMatching(ISO),
      updated_time: expect.stringMatching(ISO),
      configured_rules: { punctuation: { quotation_marks: 'use_guillemets' } },
      custom_instructions: [{ id: expect.any(String), label: 'Tone', prompt: 'Keep it warm.', source_language: 'en' }],
    });
    expect((await call('GET', `/v3/style_rules/${list.style_id}`)).body).toEqual(list);
  });

  it.each([
    [{ language: 'en' }, /name/],
    [{ name: '  ', language: 'en' }, /name/],
    [{ name: 'x' }, /language/],
    [{ name: 'x', language: 'fi' }, /'fi'/],
    [{ name: 'x', language: 'en', configured_rules: { a: 'flat' } }, /configured_rules/],
    [{ name: 'x', language: 'en', custom_instructions: [{ label: 'a', prompt: 'p'.repeat(301) }] }, /300/],
    [{ name: 'x', language: 'en', custom_instructions: [{ label: 'a', prompt: 'p', source_language: 'xx' }] }, /xx/],
  ])('refuses %j with 400', async (json, message) => {
    const res = await call<{ message: string; detail?: string }>('POST', '/v3/style_rules', { json });
    expect(res.status).toBe(400);
    expect(`${res.body.message} ${res.body.detail ?? ''}`).toMatch(message);
  });

  it('renames with PATCH and replaces rules with PUT, bumping the version each time', async () => {
    const list = await createList();
    const renamed = await call<StyleRuleList>('PATCH', `/v3/style_rules/${list.style_id}`, { json: { name: 'Brand' } });
    expect(renamed.body).toMatchObject({ name: 'Brand', version: 2 });
    const rules = { dates_and_times: { date_format: 'use_iso_dates' } };
    const put = await call<StyleRuleList>('PUT', `/v3/style_rules/${list.style_id}/configured_rules`, { json: rules });
    expect(put.body).toMatchObject({ configured_rules: rules, version: 3, name: 'Brand' });
    expect((await call('PATCH', `/v3/style_rules/${list.style_id}`, { json: {} })).status).toBe(400);
    expect(
      (await call('PUT', `/v3/style_rules/${list.style_id}/configured_rules`, { json: { dates: ['x'] } })).status,
    ).toBe(400);
  });

  it('deletes a list', async () => {
    const list = await createList();
    expect((await call('DELETE', `/v3/style_rules/${list.style_id}`)).status).toBe(204);
    expect((await call('GET', `/v3/style_rules/${list.style_id}`)).status).toBe(404);
    expect((await call('DELETE', `/v3/style_rules/${list.style_id}`)).status).toBe(404);
  });

  it('answers 404 for unknown ids and for another account’s list', async () => {
    expect((await call('GET', '/v3/style_rules/nope')).status).toBe(404);
    expect((await call('PATCH', '/v3/style_rules/nope', { json: { name: 'x' } })).status).toBe(404);
    expect((await call('PUT', '/v3/style_rules/nope/configured_rules', { json: {} })).status).toBe(404);
    expect(
      (await call('GET', `/v3/style_rules/${SEEDED_STYLE_IDS.houseStyle}`, { key: svc.options.freeKey })).status,
    ).toBe(404);
  });
});

describe('custom instructions', () => {
  it('creates, reads, replaces and deletes an instruction, identified by `id` as in the reference API', async () => {
    const list = await createList();
    const base = `/v3/style_rules/${list.style_id}/custom_instructions`;
    const created = await call<{ id: string }>('POST', base, {
      json: { label: 'Names', prompt: 'Keep names.' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), label: 'Names', prompt: 'Keep names.' });
    const id = created.body.id;

    expect((await call('GET', `${base}/${id}`)).body).toEqual(created.body);
    const replaced = await call('PUT', `${base}/${id}`, {
      form: { label: 'Names', prompt: 'Keep all names.', source_language: 'de' },
    });
    expect(replaced.body).toEqual({
      id: id,
      label: 'Names',
      prompt: 'Keep all names.',
      source_language: 'de',
    });
    expect((await call<StyleRuleList>('GET', `/v3/style_rules/${list.style_id}`)).body).toMatchObject({
      version: 3,
      custom_instructions: [replaced.body],
    });

    expect((await call('DELETE', `${base}/${id}`)).status).toBe(204);
    expect((await call('GET', `${base}/${id}`)).status).toBe(404);
    expect((await call('PUT', `${base}/${id}`, { json: { label: 'a', prompt: 'b' } })).status).toBe(404);
    expect((await call('DELETE', `${base}/${id}`)).status).toBe(404);
  });

  it('refuses an instruction without a label or prompt, or on an unknown list', async () => {
    const base = `/v3/style_rules/${SEEDED_STYLE_IDS.houseStyle}/custom_instructions`;
    expect((await call('POST', base, { json: { prompt: 'x' } })).status).toBe(400);
    expect((await call('POST', base, { json: { label: 'x' } })).status).toBe(400);
    expect(
      (await call('POST', '/v3/style_rules/nope/custom_instructions', { json: { label: 'a', prompt: 'b' } })).status,
    ).toBe(404);
  });
});

describe('state.styleRules.ref', () => {
  it('returns the id and language, 404 for an unknown or foreign list', async () => {
    expect(svc.state.styleRules.ref('paid', SEEDED_STYLE_IDS.hausstil)).toEqual({
      style_id: SEEDED_STYLE_IDS.hausstil,
      language: 'de',
    });
    expect(() => svc.state.styleRules.ref('paid', 'nope')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => svc.state.styleRules.ref('free', SEEDED_STYLE_IDS.hausstil)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });

  it('brings the seed back on reset', async () => {
    await call('DELETE', `/v3/style_rules/${SEEDED_STYLE_IDS.houseStyle}`);
    const created = await createList();
    svc.state.reset();
    expect(svc.state.styleRules.ref('paid', SEEDED_STYLE_IDS.houseStyle).language).toBe('en');
    expect(() => svc.state.styleRules.ref('paid', created.style_id)).toThrow(expect.objectContaining({ status: 404 }));
  });
});
