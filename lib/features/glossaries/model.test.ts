import { describe, expect, it, vi } from 'vitest';
import type { Slicing } from '../../dom/schedule.ts';
import type { MessageInput } from '../../messaging/protocol.ts';
import { fakeSend, sentTypes } from '../../messaging/testing.ts';
import type { GlossaryDefaults } from '../../settings/schema.ts';
import { GlossariesModel, type GlossaryDefaultsStore } from './model.ts';
import type { GlossaryView } from './types.ts';

const slicing: Slicing = { yieldNow: () => Promise.resolve(), sliceMs: 8 };

const glossary = (id: string, name: string, pairs: Array<[string, string, number]> = []): GlossaryView => ({
  glossary_id: id,
  name,
  creation_time: '2026-01-02T03:04:05Z',
  dictionaries: pairs.map(([source_lang, target_lang, entry_count]) => ({ source_lang, target_lang, entry_count })),
  contentVersion: 'v1',
  fetchedAt: 0,
});

/** A model over a service with two glossaries, answering like the background does. */
function setUp() {
  const service = new Map<string, GlossaryView>([
    ['g-2', glossary('g-2', 'Tech', [['en', 'fr', 3]])],
    ['g-1', glossary('g-1', 'Legal', [['en', 'de', 2]])],
  ]);
  const list = () => [...service.values()].sort((a, b) => a.name.localeCompare(b.name));
  const send = fakeSend({
    'glossaries.cached': () => ({ ok: true, value: { glossaries: [glossary('g-1', 'Legal (cached)')], fetchedAt: 1 } }),
    'glossaries.refresh': () => ({
      ok: true,
      value: { glossaries: list(), fetchedAt: 2, changes: { added: [], removed: [], changed: [] } },
    }),
    'languages.get': () => ({ ok: true, value: [] }),
    'glossaries.create': (data: MessageInput<'glossaries.create'>) => {
      const { source_lang, target_lang, entries } = data.dictionary;
      const view = glossary('g-3', data.name, [[source_lang, target_lang, entries.split('\n').length]]);
      service.set('g-3', view);
      return { ok: true, value: view };
    },
    'glossaries.rename': (data) => {
      const view = { ...(service.get(data.glossaryId) as GlossaryView), name: data.name };
      service.set(data.glossaryId, view);
      return { ok: true, value: view };
    },
    'glossaries.saveDictionary': (data) => {
      const before = service.get(data.glossaryId) as GlossaryView;
      const view = {
        ...before,
        dictionaries: [
          ...before.dictionaries,
          { source_lang: data.source_lang, target_lang: data.target_lang, entry_count: 1 },
        ],
      };
      service.set(data.glossaryId, view);
      return { ok: true, value: { glossary: view, entries: data.entries } };
    },
    'glossaries.delete': (data) => {
      service.delete(data.glossaryId);
      return { ok: true, value: null };
    },
    'glossaries.entries': () => ({ ok: true, value: { entries: 'contract\tVertrag\nparty\tPartei', fetchedAt: 2 } }),
  });
  const stored: { value: GlossaryDefaults } = { value: { 'en>de': 'g-1' } };
  const defaults: GlossaryDefaultsStore = {
    get: async () => stored.value,
    set: async (next) => {
      stored.value = next;
    },
  };
  const downloads: Array<{ fileName: string; text: string; type: string }> = [];
  const model = new GlossariesModel({
    send,
    defaults,
    slicing,
    download: (fileName, text, type) => downloads.push({ fileName, text, type }),
  });
  return { model, send, service, stored, downloads };
}

describe('GlossariesModel', () => {
  it('shows the cached list at once, then the service list, quietly when nothing changed', async () => {
    const { model, send } = setUp();
    await model.open();
    expect(sentTypes(send)).toEqual(['glossaries.cached', 'glossaries.refresh']);
    expect(model.glossaries.value.map((g) => g.name)).toEqual(['Legal', 'Tech']);
    expect(model.lastChanges.value).toBeUndefined();
    expect(model.defaults.value).toEqual({ 'en>de': 'g-1' });
    await model.refresh();
    expect(model.lastChanges.value).toEqual({ added: [], removed: [], changed: [] });
  });

  it('turns read-only with the reason when the service cannot be reached', async () => {
    const { model, send } = setUp();
    send.answers['glossaries.refresh'] = () => ({ ok: false, error: { name: 'Error', code: 'network', message: '' } });
    await model.open();
    expect(model.readOnly.value).toBe(true);
    expect(model.glossaries.value.map((g) => g.name)).toEqual(['Legal (cached)']);
  });

  it('asks again when told the page is back in view, and only while the service could not be reached', async () => {
    const { model, send } = setUp();
    const answer = send.answers['glossaries.refresh'];
    send.answers['glossaries.refresh'] = () => ({ ok: false, error: { name: 'Error', code: 'network', message: '' } });
    await model.open();
    expect(model.readOnly.value).toBe(true);
    send.answers['glossaries.refresh'] = answer!;
    model.retryIfUnreachable();
    await vi.waitFor(() => expect(model.readOnly.value).toBe(false));
    const asked = send.sent.length;
    model.retryIfUnreachable();
    expect(send.sent.length).toBe(asked);
  });

  it('creates a glossary from the form once every field is right, then shows it', async () => {
    const { model, send } = setUp();
    await model.open();
    model.startCreating();
    const form = model.creating.value;
    if (!form) throw new Error('no form');
    expect(await model.submitCreating((name) => `created ${name}`)).toBe(false);
    expect(form.nameProblem.value).toBe('missing');
    expect(form.pairProblem.value).toBe('missing');
    expect(sentTypes(send)).not.toContain('glossaries.create');

    form.setName(' Marketing ');
    form.setPair({ source_lang: 'en', target_lang: 'EN' });
    form.entries.setText('brand\tMarke');
    expect(await model.submitCreating((name) => `created ${name}`)).toBe(false);
    expect(form.pairProblem.value).toBe('same');

    form.setPair({ source_lang: 'en', target_lang: 'de' });
    expect(form.pairProblem.value).toBeUndefined();
    expect(await model.submitCreating((name) => `created ${name}`)).toBe(true);
    expect(send.sent.find((m) => m.type === 'glossaries.create')?.data).toEqual({
      name: 'Marketing',
      dictionary: { source_lang: 'en', target_lang: 'de', entries: 'brand\tMarke' },
    });
    expect(model.creating.value).toBeUndefined();
    expect(model.selected.value?.name).toBe('Marketing');
    expect(model.shownNotice.value).toBe('created Marketing');
    // Said on the new glossary's page: back on the list, or in another glossary, it is gone.
    model.select(undefined);
    expect(model.shownNotice.value).toBeUndefined();
    model.select('g-1');
    expect(model.shownNotice.value).toBeUndefined();
  });

  it('renames the glossary shown; the field follows its name', async () => {
    const { model } = setUp();
    await model.open();
    model.select('g-1');
    expect(model.renameDraft.value).toBe('Legal');
    model.setRenameDraft('Contracts');
    await model.rename((name) => `renamed ${name}`);
    expect(model.selected.value?.name).toBe('Contracts');
    expect(model.renameDraft.value).toBe('Contracts');
  });

  it('adds a dictionary for another pair, and refuses a pair the glossary has', async () => {
    const { model } = setUp();
    await model.open();
    model.select('g-1');
    model.startAdding();
    const form = model.adding.value;
    if (!form) throw new Error('no form');
    form.setPair({ source_lang: 'EN', target_lang: 'de' });
    form.entries.setText('a\tb');
    expect(await model.submitAdding(() => 'added')).toBe(false);
    expect(form.pairProblem.value).toBe('taken');
    form.setPair({ source_lang: 'en', target_lang: 'fr' });
    expect(await model.submitAdding(() => 'added')).toBe(true);
    expect(model.adding.value).toBeUndefined();
    expect(model.selected.value?.dictionaries.map((d) => d.target_lang)).toEqual(['de', 'fr']);
  });

  it('deletes a glossary and goes back to the list', async () => {
    const { model } = setUp();
    await model.open();
    model.select('g-1');
    expect(await model.deleteGlossary('g-1', 'deleted')).toBe(true);
    expect(model.selectedId.value).toBeUndefined();
    expect(model.glossaries.value.map((g) => g.name)).toEqual(['Tech']);
  });

  it('exports a dictionary as CSV under a safe file name', async () => {
    const { model, downloads, service } = setUp();
    await model.open();
    service.set('g-1', { ...(service.get('g-1') as GlossaryView), name: 'Legal/EU: 2026' });
    await model.exportDictionary(service.get('g-1') as GlossaryView, { source_lang: 'en', target_lang: 'de' }, 'csv');
    expect(downloads).toEqual([
      { fileName: 'Legal-EU-2026.en-de.csv', text: 'contract,Vertrag\nparty,Partei\n', type: 'text/csv' },
    ]);
  });

  it('sets and clears the default glossary of a pair', async () => {
    const { model, stored } = setUp();
    await model.open();
    await model.setDefaultGlossary('en>fr', 'g-2');
    await model.setDefaultGlossary('en>de', '');
    expect(stored.value).toEqual({ 'en>fr': 'g-2' });
    expect(model.defaults.value).toEqual({ 'en>fr': 'g-2' });
  });
});
