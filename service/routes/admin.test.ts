import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiKey } from '../stores/accounts.ts';
import type { UsageService } from '../stores/usage.ts';
import { type CallOptions, client } from '../testing/http.ts';
import { serviceForTests } from '../testing/vitest.ts';

const realClock = () => new Date();
const svc = serviceForTests();
const call = client(svc).call;
afterEach(() => {
  svc.state.now = realClock;
});

interface DeveloperKey {
  key_id: string;
  label: string;
  creation_time: string;
  deactivated_time: string | null;
  is_deactivated: boolean;
  usage_limits: { characters: number | null; speech_to_text_milliseconds: number | null };
  key?: string;
}

const admin = <T>(method: string, path: string, options: CallOptions = {}) =>
  call<T>(method, path, { key: svc.options.adminKey, ...options });

async function createKey(label?: string): Promise<DeveloperKey> {
  const res = await admin<DeveloperKey>('POST', '/v2/admin/developer-keys', {
    json: label === undefined ? {} : { label },
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe('developer keys', () => {
  it('lists the seeded key without any secret', async () => {
    const res = await admin<DeveloperKey[]>('GET', '/v2/admin/developer-keys');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        key_id: expect.stringMatching(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/),
        label: 'Verso default key',
        creation_time: expect.any(String),
        // Active: null, as in the reference API's description.
        deactivated_time: null,
        is_deactivated: false,
        usage_limits: { characters: null, speech_to_text_milliseconds: null },
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(svc.options.paidKey);
  });

  it('creates a key with the default label and returns its working secret once', async () => {
    const created = await createKey();
    expect(created).toMatchObject({
      label: 'Service API Key',
      is_deactivated: false,
      deactivated_time: null,
      key: expect.any(String),
    });
    const withNewKey = await call('GET', '/v3/glossaries', { key: created.key });
    expect(withNewKey.status).toBe(200);
    const listed = await admin<DeveloperKey[]>('GET', '/v2/admin/developer-keys');
    expect(listed.body.map((k) => k.key_id)).toContain(created.key_id);
    expect(listed.body.every((k) => !('key' in k))).toBe(true);
  });

  it('creates a key with a label from a form body, and refuses a blank label', async () => {
    const res = await admin<DeveloperKey>('POST', '/v2/admin/developer-keys', { form: { label: 'CI pipeline' } });
    expect(res.body.label).toBe('CI pipeline');
    expect((await admin('POST', '/v2/admin/developer-keys', { json: { label: '   ' } })).status).toBe(400);
    expect((await admin('POST', '/v2/admin/developer-keys', { json: { label: 42 } })).status).toBe(400);
  });

  it('allows 25 active keys, refuses the 26th with 400, and allows one again after a deactivation', async () => {
    for (let i = 2; i <= 25; i++) await createKey(`key ${i}`);
    const refused = await admin('POST', '/v2/admin/developer-keys', { json: {} });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'too_many_active_keys', message: expect.stringContaining('25') });

    const [first] = (await admin<DeveloperKey[]>('GET', '/v2/admin/developer-keys')).body;
    await admin('PUT', '/v2/admin/developer-keys/deactivate', { json: { key_id: first?.key_id } });
    expect((await admin('POST', '/v2/admin/developer-keys', { json: {} })).status).toBe(200);
  });

  it('deactivates a key permanently: it gets 403 at once and stays listed', async () => {
    const created = await createKey('temp');
    expect(
      (await call('POST', '/v2/translate', { key: created.key, json: { text: ['x'], target_lang: 'de' } })).status,
    ).not.toBe(403);
    const res = await admin<DeveloperKey>('PUT', '/v2/admin/developer-keys/deactivate', {
      json: { key_id: created.key_id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key_id: created.key_id,
      is_deactivated: true,
      deactivated_time: expect.any(String),
    });

    for (const path of ['/v2/translate', '/v2/usage', '/v3/glossaries']) {
      const after = await call('GET', path, { key: created.key });
      expect(after.status).toBe(403);
    }
    const again = await admin<DeveloperKey>('PUT', '/v2/admin/developer-keys/deactivate', {
      form: { key_id: created.key_id },
    });
    expect(again.body.deactivated_time).toBe(res.body.deactivated_time);
    const listed = await admin<DeveloperKey[]>('GET', '/v2/admin/developer-keys');
    expect(listed.body.find((k) => k.key_id === created.key_id)?.is_deactivated).toBe(true);
  });

  it('answers 404 for an unknown key id and 400 without one', async () => {
    for (const path of ['deactivate', 'label', 'limits']) {
      const unknown = await admin('PUT', `/v2/admin/developer-keys/${path}`, {
        json: { key_id: 'nope:nope', label: 'x', characters: 1 },
      });
      expect(unknown.status).toBe(404);
      expect((await admin('PUT', `/v2/admin/developer-keys/${path}`, { json: {} })).status).toBe(400);
    }
  });

  it('renames a key and refuses an empty label', async () => {
    const created = await createKey();
    const res = await admin<DeveloperKey>('PUT', '/v2/admin/developer-keys/label', {
      json: { key_id: created.key_id, label: 'Renamed' },
    });
    expect(res.body.label).toBe('Renamed');
    const empty = await admin('PUT', '/v2/admin/developer-keys/label', { json: { key_id: created.key_id, label: '' } });
    expect(empty.status).toBe(400);
  });

  it('sets, keeps and removes usage limits', async () => {
    const created = await createKey();
    const set = await admin<DeveloperKey>('PUT', '/v2/admin/developer-keys/limits', {
      json: { key_id: created.key_id, characters: 1000, speech_to_text_milliseconds: 60000 },
    });
    expect(set.body.usage_limits).toEqual({ characters: 1000, speech_to_text_milliseconds: 60000 });

    const charsOnly = await admin<DeveloperKey>('PUT', '/v2/admin/developer-keys/limits', {
      form: { key_id: created.key_id, characters: '0' },
    });
    expect(charsOnly.body.usage_limits).toEqual({ characters: 0, speech_to_text_milliseconds: 60000 });

    const cleared = await admin<DeveloperKey>('PUT', '/v2/admin/developer-keys/limits', {
      json: { key_id: created.key_id, characters: null, speech_to_text_milliseconds: null },
    });
    expect(cleared.body.usage_limits).toEqual({ characters: null, speech_to_text_milliseconds: null });

    const fromForm = await admin<DeveloperKey>('PUT', '/v2/admin/developer-keys/limits', {
      form: { key_id: created.key_id, characters: 'null' },
    });
    expect(fromForm.body.usage_limits.characters).toBeNull();
  });

  it('enforces a character limit of 0 on the key', async () => {
    const created = await createKey();
    await admin('PUT', '/v2/admin/developer-keys/limits', { json: { key_id: created.key_id, characters: 0 } });
    const key = svc.state.accounts.keyById(created.key_id)!;
    expect(() => svc.state.usage.assertQuota(key, 1)).toThrow(expect.objectContaining({ status: 456 }));
  });

  it.each([
    [{ characters: -1 }],
    [{ characters: 1.5 }],
    [{ characters: 'lots' }],
    [{ characters: 5, speech_to_text_milliseconds: -3 }],
    [{}],
  ])('refuses the limits %j with 400', async (limits) => {
    const created = await createKey();
    const res = await admin('PUT', '/v2/admin/developer-keys/limits', { json: { key_id: created.key_id, ...limits } });
    expect(res.status).toBe(400);
  });

  it('keeps other accounts’ keys out of reach', async () => {
    const freeKey = svc.state.accounts.keys.get(svc.options.freeKey)!;
    const res = await admin('PUT', '/v2/admin/developer-keys/deactivate', { json: { key_id: freeKey.keyId } });
    expect(res.status).toBe(404);
    expect(freeKey.deactivatedTime).toBeUndefined();
  });
});

function at(iso: string) {
  svc.state.now = () => new Date(iso);
}

function bill(key: ApiKey, iso: string, service: UsageService, characters: number, tag?: string) {
  at(iso);
  svc.state.usage.record(key, service, characters, tag);
}

describe('GET /v2/admin/analytics', () => {
  let paid: ApiKey;
  let second: ApiKey;
  beforeEach(() => {
    paid = svc.state.accounts.keys.get(svc.options.paidKey)!;
    second = svc.state.accounts.addKey('paid', 'Second');
    bill(paid, '2025-03-01T10:00:00.000Z', 'text_translation', 100);
    bill(paid, '2025-03-01T23:59:59.000Z', 'document_translation', 50000);
    bill(second, '2025-03-02T08:00:00.000Z', 'text_improvement', 30);
    bill(paid, '2025-03-03T00:00:00.000Z', 'text_translation', 7);
    bill(svc.state.accounts.keys.get(svc.options.freeKey)!, '2025-03-01T12:00:00.000Z', 'text_translation', 999);
  });

  const analytics = (query: string) =>
    admin<{ usage_report: Record<string, unknown> }>('GET', `/v2/admin/analytics?${query}`);

  it('totals the account’s usage; a date-only end_date includes that day', async () => {
    const res = await analytics('start_date=2025-03-01&end_date=2025-03-02');
    expect(res.status).toBe(200);
    expect(res.body.usage_report).toEqual({
      total_usage: {
        total_characters: 50130,
        text_translation_characters: 100,
        document_translation_characters: 50000,
        text_improvement_characters: 30,
        speech_to_text_minutes: 0,
      },
      group_by: 'none',
      start_date: '2025-03-01T00:00:00',
      end_date: '2025-03-02T00:00:00',
    });
  });

  it('takes exact times, with both bounds inclusive', async () => {
    const res = await analytics('start_date=2025-03-01T23:59:59&end_date=2025-03-03T00:00:00');
    expect(res.body.usage_report).toMatchObject({
      total_usage: { total_characters: 50037 },
      start_date: '2025-03-01T23:59:59',
      end_date: '2025-03-03T00:00:00',
    });
  });

  it('groups by key with masked key ids and labels', async () => {
    const res = await analytics('start_date=2025-03-01&end_date=2025-03-31&group_by=key');
    expect(res.body.usage_report.group_by).toBe('key');
    expect(res.body.usage_report.key_usages).toEqual([
      {
        api_key: `${paid.keyId.slice(0, 4)}…${paid.keyId.slice(-4)}`,
        api_key_label: 'Verso default key',
        usage: expect.objectContaining({ total_characters: 50107, text_translation_characters: 107 }),
      },
      {
        api_key: expect.stringMatching(/^.{4}….{4}$/),
        api_key_label: 'Second',
        usage: expect.objectContaining({ total_characters: 30, text_improvement_characters: 30 }),
      },
    ]);
  });

  it('groups by key and day, in date order', async () => {
    const res = await analytics('start_date=2025-03-01&end_date=2025-03-31&group_by=key_and_day');
    const rows = res.body.usage_report.key_and_day_usages as Array<{
      api_key_label: string;
      usage_date: string;
      usage: { total_characters: number };
    }>;
    expect(rows.map((r) => [r.usage_date, r.api_key_label, r.usage.total_characters])).toEqual([
      ['2025-03-01T00:00:00Z', 'Verso default key', 50100],
      ['2025-03-02T00:00:00Z', 'Second', 30],
      ['2025-03-03T00:00:00Z', 'Verso default key', 7],
    ]);
    expect(res.body.usage_report).not.toHaveProperty('key_usages');
  });

  it('accepts a range of exactly 366 days', async () => {
    expect((await analytics('start_date=2024-03-01&end_date=2025-03-02')).status).toBe(200);
  });

  it.each([
    ['end_date=2025-03-02', /start_date/],
    ['start_date=2025-03-01', /end_date/],
    ['start_date=01.03.2025&end_date=2025-03-02', /start_date/],
    ['start_date=2025-02-30&end_date=2025-03-02', /start_date/],
    ['start_date=2025-03-01T25:00:00&end_date=2025-03-02', /start_date/],
    ['start_date=2025-03-01T10:00:00Z&end_date=2025-03-02', /start_date/],
    ['start_date=2025-03-02&end_date=2025-03-01', /after/],
    ['start_date=2024-03-01&end_date=2025-03-03', /366 days/],
    ['start_date=2025-03-01&end_date=2025-03-02&group_by=day', /group_by/],
  ])('refuses %s with 400', async (query, message) => {
    const res = await analytics(query);
    expect(res.status).toBe(400);
    expect((res.body as unknown as { message: string }).message).toMatch(message);
  });

  it('is for admin keys only', async () => {
    const res = await call('GET', '/v2/admin/analytics?start_date=2025-03-01&end_date=2025-03-02');
    expect(res.status).toBe(403);
  });
});

describe('GET /v2/admin/analytics/custom-tags', () => {
  interface TagRow {
    custom_tag: string;
    usage_date?: string;
    breakdown: { total_characters: number; text_translation_characters: number; text_improvement_characters: number };
  }
  interface TagReport {
    custom_tag_usage_report: {
      aggregate_by: string;
      start_date: string;
      end_date: string;
      next_page: number | null;
      usage: TagRow[];
    };
  }
  const tags = (query: string) => admin<TagReport>('GET', `/v2/admin/analytics/custom-tags?${query}`);

  beforeEach(() => {
    const key = svc.state.accounts.keys.get(svc.options.paidKey)!;
    for (let i = 0; i < 12; i++)
      bill(key, '2025-05-10T10:00:00.000Z', 'text_translation', 10 + i, `tag-${String(i).padStart(2, '0')}`);
    bill(key, '2025-05-11T10:00:00.000Z', 'text_improvement', 5, 'tag-00');
    bill(key, '2025-05-11T10:00:00.000Z', 'document_translation', 50_000, 'tag-00');
    bill(key, '2025-05-11T10:00:00.000Z', 'text_translation', 1000);
  });

  it('answers in the reference shape, ten rows a page, next_page null on the last', async () => {
    const first = await tags('start_date=2025-05-01&end_date=2025-05-31');
    expect(first.status).toBe(200);
    const report = first.body.custom_tag_usage_report;
    expect(report).toMatchObject({
      aggregate_by: 'period',
      start_date: '2025-05-01T00:00:00',
      end_date: '2025-05-31T00:00:00',
      next_page: 1,
    });
    expect(report.usage).toHaveLength(10);
    // Per tag: text translation and text improvement; the tag's document characters are not in the report.
    expect(report.usage[0]).toEqual({
      custom_tag: 'tag-00',
      breakdown: { total_characters: 15, text_translation_characters: 10, text_improvement_characters: 5 },
    });
    const second = (await tags(`start_date=2025-05-01&end_date=2025-05-31&page=${report.next_page}`)).body
      .custom_tag_usage_report;
    expect(second.usage.map((r) => r.custom_tag)).toEqual(['tag-10', 'tag-11']);
    expect(second.next_page).toBeNull();
    // Untagged usage (the 1000 characters) is never listed.
    const all = [...report.usage, ...second.usage];
    expect(all.reduce((n, r) => n + r.breakdown.total_characters, 0)).toBe(5 + 12 * 10 + 66);
  });

  it('aggregates by day with a usage_date', async () => {
    const res = await tags('start_date=2025-05-01&end_date=2025-05-31&aggregate_by=day');
    expect(res.body.custom_tag_usage_report.aggregate_by).toBe('day');
    expect(res.body.custom_tag_usage_report.usage.slice(0, 2)).toEqual([
      {
        custom_tag: 'tag-00',
        usage_date: '2025-05-10T00:00:00Z',
        breakdown: { total_characters: 10, text_translation_characters: 10, text_improvement_characters: 0 },
      },
      {
        custom_tag: 'tag-00',
        usage_date: '2025-05-11T00:00:00Z',
        breakdown: { total_characters: 5, text_translation_characters: 0, text_improvement_characters: 5 },
      },
    ]);
  });

  it('refuses a bad aggregate_by, page or range', async () => {
    expect((await tags('start_date=2025-05-01&end_date=2025-05-31&aggregate_by=week')).status).toBe(400);
    expect((await tags('start_date=2025-05-01&end_date=2025-05-31&page=-1')).status).toBe(400);
    expect((await tags('start_date=2025-05-31&end_date=2025-05-01')).status).toBe(400);
    expect((await tags('end_date=2025-05-01')).status).toBe(400);
  });
});
