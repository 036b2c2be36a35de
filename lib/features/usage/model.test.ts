import { describe, expect, it } from 'vitest';
import type { Usage } from '../../api/index.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { UsageModel } from './model.ts';

const usage: Usage = { character_count: 85, character_limit: 100 };

describe('UsageModel', () => {
  it('asks for the usage and shows a meter row per limit', async () => {
    const send = fakeSend({ 'usage.get': () => ({ ok: true, value: usage }) });
    const model = new UsageModel({ send });
    const loading = model.load();
    expect(model.loading.value).toBe(true);
    await loading;
    expect(send.sent).toEqual([{ type: 'usage.get', data: {} }]);
    expect(model.loading.value).toBe(false);
    expect(model.usage.value).toEqual(usage);
    expect(model.rows.value.map((r) => [r.id, r.level])).toEqual([['account', 'warn']]);
  });

  it('keeps the last usage shown when a refresh fails, and says why', async () => {
    const send = fakeSend({ 'usage.get': () => ({ ok: true, value: usage }) });
    const model = new UsageModel({ send });
    await model.load();
    send.answers['usage.get'] = () => ({ ok: false, error: { name: 'Error', code: 'auth', message: 'no key' } });
    await model.load();
    expect(model.error.value?.code).toBe('auth');
    expect(model.usage.value).toEqual(usage);
    send.answers['usage.get'] = () => ({ ok: true, value: usage });
    await model.load();
    expect(model.error.value).toBeUndefined();
  });

  it('once disposed, a late answer changes nothing', async () => {
    let answer: (() => void) | undefined;
    const send = fakeSend({
      'usage.get': () => new Promise((resolve) => (answer = () => resolve({ ok: true, value: usage }))),
    });
    const model = new UsageModel({ send });
    const loading = model.load();
    model.dispose();
    answer?.();
    await loading;
    expect(model.usage.value).toBeUndefined();
  });
});
