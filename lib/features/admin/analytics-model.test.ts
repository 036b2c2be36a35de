import { describe, expect, it } from 'vitest';
import type { CustomTagPage, UsageReport } from '../../api/index.ts';
import type { MessageInput } from '../../messaging/protocol.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { manualClock } from '../../ui/testing.ts';
import { AnalyticsModel } from './analytics-model.ts';

const usage = (text: number) => ({
  total_characters: text,
  text_translation_characters: text,
  document_translation_characters: 0,
  text_improvement_characters: 0,
});

const report = (groupBy: string): UsageReport => ({
  total_usage: usage(30),
  group_by: groupBy,
  start_date: '2025-03-01T00:00:00',
  end_date: '2025-03-02T00:00:00',
  ...(groupBy === 'key_and_day'
    ? { key_and_day_usages: [{ api_key: 'k1', api_key_label: 'Web', usage_date: '2025-03-01', usage: usage(30) }] }
    : { key_usages: [{ api_key: 'k1', api_key_label: 'Web', usage: usage(30) }] }),
});

const tagPage = (page: number | undefined): CustomTagPage => ({
  aggregate_by: 'period',
  next_page: page === undefined ? 1 : page < 2 ? page + 1 : null,
  usage: [
    {
      custom_tag: `verso-page-${page ?? 0}`,
      breakdown: { total_characters: 1, text_translation_characters: 1, text_improvement_characters: 0 },
    },
  ],
});

function setUp() {
  const send = fakeSend({
    'admin.analytics': (data: MessageInput<'admin.analytics'>) => ({ ok: true, value: report(data.groupBy) }),
    'admin.customTags': (data) => ({ ok: true, value: tagPage(data.page) }),
  });
  const saved: Array<{ fileName: string; text: Promise<string> }> = [];
  const model = new AnalyticsModel({
    send,
    clock: manualClock(Date.parse('2025-03-31T23:30:00Z')),
    save: async (blob, fileName) => saved.push({ fileName, text: blob.text() }),
  });
  return { model, send, saved };
}

describe('AnalyticsModel', () => {
  it('starts on the last 30 days (UTC) and checks the range before anything is sent', async () => {
    const { model, send } = setUp();
    expect([model.startDate.value, model.endDate.value]).toEqual(['2025-03-02', '2025-03-31']);
    model.setRange({ start: '2024-01-01', end: '2025-03-01' });
    await model.runReport();
    expect(model.rangeError.value).toMatch(/366 days/);
    expect(send.sent).toEqual([]);
  });

  it('asks per key and day once for both table and chart, and a second time for another grouping', async () => {
    const { model, send } = setUp();
    await model.runReport();
    expect(send.sent.filter((m) => m.type === 'admin.analytics').map((m) => m.data)).toEqual([
      { startDate: '2025-03-02', endDate: '2025-03-31', groupBy: 'key_and_day' },
    ]);
    model.setGrouping('key');
    await model.runReport();
    expect(
      send.sent
        .filter((m) => m.type === 'admin.analytics')
        .slice(1)
        .map((m) => (m.data as { groupBy: string }).groupBy),
    ).toEqual(['key', 'key_and_day']);
    expect(model.shownGrouping.value).toBe('key');
    expect(model.rows.value).toHaveLength(1);
    expect(model.series.value).toBeDefined();
  });

  it('pages through the custom tags and back', async () => {
    const { model } = setUp();
    await model.runReport();
    expect(model.tagPage.value?.usage[0]?.custom_tag).toBe('verso-page-0');
    expect(model.hasPreviousTags.value).toBe(false);
    await model.nextTags();
    await model.nextTags();
    expect(model.tagTrail.value).toEqual([undefined, 1, 2]);
    expect(model.hasNextTags.value).toBe(false);
    await model.previousTags();
    expect(model.tagPage.value?.usage[0]?.custom_tag).toBe('verso-page-1');
    await model.setTagAggregate('day');
    expect(model.tagTrail.value).toEqual([undefined]);
  });

  it('exports the report shown as CSV named by its range', async () => {
    const { model, saved } = setUp();
    await model.exportCsv();
    expect(saved).toEqual([]);
    await model.runReport();
    await model.exportCsv();
    expect(saved[0]?.fileName).toBe('verso-usage-2025-03-01-to-2025-03-02.csv');
    expect(await saved[0]?.text).toContain('Web');
  });

  it('says why a report failed', async () => {
    const { model, send } = setUp();
    send.answers['admin.analytics'] = () => ({ ok: false, error: { name: 'Error', code: 'auth', message: '' } });
    await model.runReport();
    expect(model.reportError.value?.code).toBe('auth');
    expect(model.loadingReport.value).toBe(false);
  });
});
