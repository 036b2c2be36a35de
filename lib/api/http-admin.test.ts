import { describe, expect, it } from 'vitest';
import type { CustomTagUsage } from './schemas/admin.ts';
import { testService } from './testing.ts';

const t = testService();

/** Today's UTC date, the day the service records usage on. */
const today = () => new Date().toISOString().slice(0, 10);

describe('developer keys over HTTP', () => {
  it('creates, lists, renames, limits and deactivates keys', async () => {
    const admin = t.admin();
    const unnamed = await admin.createDeveloperKey();
    expect(unnamed).toMatchObject({ label: 'Service API Key', is_deactivated: false });
    expect(unnamed.key_id).toMatch(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/);

    const named = await admin.createDeveloperKey({ label: 'CI' });
    const listed = await admin.listDeveloperKeys();
    expect(listed.map((k) => k.label)).toEqual(expect.arrayContaining(['Verso default key', 'Service API Key', 'CI']));
    // The secret is shown once, at creation.
    expect(listed.every((k) => k.key === undefined)).toBe(true);

    expect((await admin.renameDeveloperKey(named.key_id, 'CI runner')).label).toBe('CI runner');
    const limited = await admin.setDeveloperKeyLimits(named.key_id, {
      characters: 1000,
      speech_to_text_milliseconds: 60_000,
    });
    expect(limited.usage_limits).toEqual({ characters: 1000, speech_to_text_milliseconds: 60_000 });
    expect((await admin.setDeveloperKeyLimits(named.key_id, { characters: null })).usage_limits?.characters).toBeNull();

    const deactivated = await admin.deactivateDeveloperKey(named.key_id);
    expect(deactivated).toMatchObject({ is_deactivated: true, deactivated_time: expect.any(String) });
  });

  it('answers 404 for an unknown key id', async () => {
    await expect(t.admin().renameDeveloperKey('nope:nope', 'x')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('enforces a key limit: within it works, past it is 456', async () => {
    const admin = t.admin();
    const created = await admin.createDeveloperKey({ label: 'small' });
    await admin.setDeveloperKeyLimits(created.key_id, { characters: 10 });
    const client = t.client(created.key ?? '');
    await client.translate({ text: ['Hello'], target_lang: 'de' });
    await expect(client.translate({ text: ['Hello world'], target_lang: 'de' })).rejects.toMatchObject({
      code: 'quota_exceeded',
      status: 456,
    });
  });
});

describe('analytics over HTTP', () => {
  it('reports totals, per key and per key and day', async () => {
    await t.paid().translate({ text: ['Hello world'], target_lang: 'de' });
    const range = { start_date: today(), end_date: today() };
    const admin = t.admin();

    const total = await admin.getAnalytics(range);
    expect(total.total_usage).toMatchObject({ total_characters: 11, text_translation_characters: 11 });
    expect(total.start_date).toBe(`${today()}T00:00:00`);

    const byKey = await admin.getAnalytics({ ...range, group_by: 'key' });
    expect(byKey.key_usages).toEqual([
      expect.objectContaining({
        api_key_label: 'Verso default key',
        usage: expect.objectContaining({ total_characters: 11 }),
      }),
    ]);

    const byDay = await admin.getAnalytics({ ...range, group_by: 'key_and_day' });
    expect(byDay.key_and_day_usages?.[0]).toMatchObject({ usage_date: `${today()}T00:00:00Z` });
  });

  it('refuses a range over 366 days before sending', async () => {
    await expect(t.admin().getAnalytics({ start_date: '2024-01-01', end_date: '2025-01-02' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(await t.control.requests('/v2/admin')).toEqual([]);
  });

  it('reads every page of custom-tag usage through next_page', async () => {
    const tags = Array.from({ length: 13 }, (_, i) => `tag-${String(i).padStart(2, '0')}`);
    for (const tag of tags) await t.paid({ reportingTag: tag }).translate({ text: ['Hello'], target_lang: 'de' });
    await t.paid().translate({ text: ['untagged'], target_lang: 'de' });

    const rows: CustomTagUsage[] = [];
    let pages = 0;
    for await (const page of t.admin().customTagAnalyticsPages({ start_date: today(), end_date: today() })) {
      pages++;
      rows.push(...page.usage);
    }
    expect(pages).toBe(2);
    expect(rows.map((r) => r.custom_tag)).toEqual(tags);
    expect(rows.every((r) => r.breakdown.text_translation_characters === 5)).toBe(true);
    expect(rows.every((r) => r.breakdown.total_characters === 5)).toBe(true);
    const logged = await t.control.requests('/v2/admin/analytics/custom-tags');
    expect(logged.map((r) => r.query.page)).toEqual([undefined, '1']);

    const daily = await t
      .admin()
      .getCustomTagAnalytics({ start_date: today(), end_date: today(), aggregate_by: 'day' });
    expect(daily.aggregate_by).toBe('day');
    expect(daily.usage[0]?.usage_date).toBe(`${today()}T00:00:00Z`);
  });
});
