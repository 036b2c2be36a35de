import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { getGlossaryDefaults, glossaryDefaultsItem } from '../../settings/items.ts';
import type { GlossaryCache } from './cache.background.ts';
import { type GoneDeps, GoneGlossaries, refreshKeepingDefaults } from './gone.background.ts';
import type { GlossaryView } from './types.ts';

beforeEach(() => fakeBrowser.reset());

const notFound = () => Object.assign(new Error('Glossary not found'), { code: 'not_found' });

function fakes(existing: string[] = []) {
  const calls = { confirm: [] as string[], forgot: [] as string[], told: [] as string[] };
  const deps: GoneDeps = {
    async confirm(id) {
      calls.confirm.push(id);
      return existing.includes(id) ? { exists: true } : { exists: false, name: `Name of ${id}` };
    },
    async forgetDefaults(id) {
      calls.forgot.push(id);
    },
    async notify(gone) {
      calls.told.push(gone.glossaryId);
    },
  };
  return { deps, calls };
}

/** A service where requests with `glossary_id` in `missing` get a 404. */
function service(missing: string[]) {
  const sent: Array<{ glossary_id?: string }> = [];
  const translate = async (params: { glossary_id?: string; text: string }) => {
    sent.push({ ...params });
    if (params.glossary_id && missing.includes(params.glossary_id)) throw notFound();
    return `translated ${params.text}`;
  };
  return { sent, translate };
}

describe('GoneGlossaries', () => {
  it('a 404 for a deleted glossary: forgotten, the person told once, the text translated without it', async () => {
    const { deps, calls } = fakes();
    const gone = new GoneGlossaries(deps);
    const svc = service(['g1']);
    const first = await gone.run({ glossary_id: 'g1', text: 'a' }, svc.translate);
    expect(first).toEqual({ value: 'translated a', dropped: { glossaryId: 'g1', name: 'Name of g1' } });
    expect(svc.sent).toEqual([{ glossary_id: 'g1', text: 'a' }, { text: 'a' }]);

    // Known now: later requests leave it out at once, without asking or telling again.
    const second = await gone.run({ glossary_id: 'g1', text: 'b' }, svc.translate);
    expect(second.dropped?.glossaryId).toBe('g1');
    expect(svc.sent.at(-1)).toEqual({ text: 'b' });
    expect(calls).toEqual({ confirm: ['g1'], forgot: ['g1'], told: ['g1'] });
  });

  it('many requests failing at once ask and tell only once', async () => {
    const { deps, calls } = fakes();
    const gone = new GoneGlossaries(deps);
    const svc = service(['g1']);
    await Promise.all([1, 2, 3].map((n) => gone.run({ glossary_id: 'g1', text: String(n) }, svc.translate)));
    expect(calls.confirm).toEqual(['g1']);
    expect(calls.told).toEqual(['g1']);
  });

  it('a 404 while the glossary exists (a style list or a memory gone) is passed on unchanged', async () => {
    const { deps, calls } = fakes(['g1']);
    const gone = new GoneGlossaries(deps);
    const svc = service(['g1']);
    await expect(gone.run({ glossary_id: 'g1', text: 'a' }, svc.translate)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(calls.forgot).toEqual([]);
    expect(svc.sent).toHaveLength(1);
  });

  it('other errors, and requests without a glossary, are not touched', async () => {
    const { deps, calls } = fakes();
    const gone = new GoneGlossaries(deps);
    const failing = async () => {
      throw Object.assign(new Error('quota'), { code: 'quota_exceeded' });
    };
    await expect(gone.run({ glossary_id: 'g1' }, failing)).rejects.toMatchObject({ code: 'quota_exceeded' });
    const plain: { glossary_id?: string; text: string } = { text: 'x' };
    expect(await gone.run(plain, async () => 'ok')).toEqual({ value: 'ok' });
    expect(calls.confirm).toEqual([]);
  });
});

const view = (glossary_id: string, name: string): GlossaryView => ({
  glossary_id,
  name,
  creation_time: '',
  contentVersion: 'v',
  fetchedAt: 0,
  dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: 1 }],
});

describe('refreshKeepingDefaults', () => {
  it('drops defaults of glossaries the refresh no longer lists and tells about each once', async () => {
    await glossaryDefaultsItem.setValue({ 'en>de': 'g1', 'de>en': 'g1', 'en>fr': 'g2' });
    const before = [view('g1', 'Product terms'), view('g2', 'Other')];
    const cache = {
      cached: async () => ({ glossaries: before }),
      refresh: async () => ({
        glossaries: [before[1]!],
        fetchedAt: 1,
        changes: { added: [], removed: ['g1'], changed: [] },
      }),
    } as unknown as GlossaryCache;
    const { deps, calls } = fakes();
    const told: unknown[] = [];
    const gone = new GoneGlossaries({ ...deps, notify: async (g) => void told.push(g) });
    await refreshKeepingDefaults(cache, gone);
    // g2 has no en>fr dictionary: that default points at nothing either, though g2 itself is not gone.
    expect(await getGlossaryDefaults()).toEqual({});
    expect(told).toEqual([{ glossaryId: 'g1', name: 'Product terms' }]);
    await refreshKeepingDefaults(cache, gone);
    expect(told).toHaveLength(1);
    expect(calls.confirm).toEqual([]);
    expect(await gone.isGone('g1')).toBe(true);
  });
});
