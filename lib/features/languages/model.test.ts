import { describe, expect, it } from 'vitest';
import type { Language } from '../../api/index.ts';
import type { MessageInput } from '../../messaging/protocol.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { manualClock } from '../../ui/testing.ts';
import { LanguagesModel } from './model.ts';

const lang = (code: string, name: string, features: Language['features'] = {}): Language => ({
  lang: code,
  name,
  usable_as_source: true,
  usable_as_target: true,
  status: 'stable',
  features,
});

function setUp() {
  const lists: Record<string, Language[]> = {
    translate_text: [lang('fr', 'French', { formality: { status: 'stable' } }), lang('de', 'German')],
    write: [lang('en-US', 'English (American)', { tone: { status: 'beta' } })],
  };
  const pending: Array<() => void> = [];
  let hold = false;
  const send = fakeSend({
    'languages.get': (data: MessageInput<'languages.get'>) => {
      const answer = { ok: true as const, value: lists[data.resource ?? 'translate_text'] ?? [] };
      return hold ? new Promise((resolve) => pending.push(() => resolve(answer))) : answer;
    },
  });
  const clock = manualClock(1_000);
  const model = new LanguagesModel({ send, clock });
  return { model, send, clock, pending, hold: (on: boolean) => (hold = on) };
}

describe('LanguagesModel', () => {
  it('loads the chosen resource, sorted, with a column per reported feature, and notes when', async () => {
    const { model, send } = setUp();
    await model.load();
    expect(send.sent).toEqual([
      { type: 'languages.get', data: { resource: 'translate_text', includeBeta: false, refresh: false } },
    ]);
    expect(model.sorted.value.map((l) => l.lang)).toEqual(['fr', 'de']);
    expect(model.columns.value).toEqual(['formality']);
    expect(model.loadedAt.value).toBe(1_000);
  });

  it('asks again on another resource, on the beta switch and, past the cache, on Refresh', async () => {
    const { model, send } = setUp();
    await model.chooseResource('write');
    await model.toggleBeta();
    await model.load({ refresh: true });
    expect(send.sent.map((m) => m.data)).toEqual([
      { resource: 'write', includeBeta: false, refresh: false },
      { resource: 'write', includeBeta: true, refresh: false },
      { resource: 'write', includeBeta: true, refresh: true },
    ]);
    expect(model.columns.value).toEqual(['tone']);
  });

  it('shows the answer to the latest choice when an earlier one comes back late', async () => {
    const { model, pending, hold } = setUp();
    hold(true);
    const first = model.load();
    const second = model.chooseResource('write');
    pending[1]?.();
    pending[0]?.();
    await Promise.all([first, second]);
    expect(model.languages.value.map((l) => l.lang)).toEqual(['en-US']);
    expect(model.loading.value).toBe(false);
  });

  it('says why when the list cannot be had', async () => {
    const { model, send } = setUp();
    send.answers['languages.get'] = () => ({ ok: false, error: { name: 'Error', code: 'network', message: '' } });
    await model.load();
    expect(model.error.value?.code).toBe('network');
    expect(model.loadedAt.value).toBeUndefined();
  });
});
