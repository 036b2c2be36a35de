import { describe, expect, it } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import { DEFAULT_LIMITS, type Held } from './guard.ts';
import type { SpendingStatus } from './messages.ts';
import { SpendingModel } from './model.ts';

const held = (site: string, since: number): Held => ({ site, reason: 'site', chars: 1_000, since, features: ['page'] });

const status = (over: Partial<SpendingStatus> = {}): SpendingStatus => ({
  limits: DEFAULT_LIMITS,
  defaults: DEFAULT_LIMITS,
  held: [held('a.test', 1), held('b.test', 2)],
  today: { day: '2026-11-27', total: 3_000, sites: { 'a.test': 1_000, 'b.test': 2_000 }, features: {}, extraDays: 0 },
  ...over,
});

describe('SpendingModel', () => {
  it("asks about the popup's tab and lists its site's hold first, today's sites by spending", async () => {
    const send = fakeSend({ 'spending.status': () => ({ ok: true, value: status({ site: 'b.test' }) }) });
    const model = new SpendingModel({ send, tabId: async () => 5 });
    await model.load();
    expect(send.sent).toEqual([{ type: 'spending.status', data: { tabId: 5 } }]);
    expect(model.held.value.map((h) => h.site)).toEqual(['b.test', 'a.test']);
    expect(model.sites.value).toEqual([
      { site: 'b.test', chars: 2_000 },
      { site: 'a.test', chars: 1_000 },
    ]);
  });

  it('continues a held site and reads the status again', async () => {
    const send = fakeSend({
      'spending.status': () => ({ ok: true, value: status() }),
      'spending.continue': () => ({ ok: true, value: null }),
    });
    const model = new SpendingModel({ send });
    await model.continueFor('a.test');
    expect(send.sent.map((m) => [m.type, m.data])).toEqual([
      ['spending.continue', { site: 'a.test' }],
      ['spending.status', {}],
    ]);
  });

  it('saves typed limits with separators, refuses what is not a number, and says when saved', async () => {
    const send = fakeSend({
      'spending.status': () => ({ ok: true, value: status() }),
      'spending.setLimits': () => ({ ok: true, value: { ...DEFAULT_LIMITS, burst: 50_000 } }),
    });
    const model = new SpendingModel({ send });
    model.edit('burst', 'lots');
    expect(model.invalid.value).toEqual(['burst']);
    await model.saveDrafts();
    expect(send.sent).toEqual([]);
    model.edit('burst', '50,000');
    await model.saveDrafts();
    expect(send.sent[0]).toEqual({ type: 'spending.setLimits', data: { burst: 50_000 } });
    expect(model.saved.value).toBe(true);
    expect(model.drafts.value).toEqual({});
  });

  it('shows the error of a refused change and keeps what was typed', async () => {
    const send = fakeSend({
      'spending.setLimits': () => ({
        ok: false,
        error: { name: 'Error', code: 'invalid_message', message: 'too small' },
      }),
    });
    const model = new SpendingModel({ send });
    model.edit('perMinute', '5');
    await model.saveDrafts();
    expect(model.error.value?.message).toBe('too small');
    expect(model.drafts.value).toEqual({ perMinute: '5' });
    expect(model.saved.value).toBe(false);
  });
});
