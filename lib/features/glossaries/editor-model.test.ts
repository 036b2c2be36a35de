import { describe, expect, it } from 'vitest';
import type { Slicing } from '../../dom/schedule.ts';
import type { MessageInput } from '../../messaging/protocol.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { DictionaryEditorModel, type OpenDictionary } from './editor-model.ts';
import type { GlossaryView } from './types.ts';

const slicing: Slicing = { yieldNow: () => Promise.resolve(), sliceMs: 8 };
const dictionary: OpenDictionary = { glossaryId: 'g-1', glossaryName: 'Legal', source_lang: 'en', target_lang: 'de' };

function setUp(entries = 'contract\tVertrag\nparty\tPartei') {
  const saved: GlossaryView[] = [];
  const send = fakeSend({
    'glossaries.entries': () => ({ ok: true, value: { entries, fetchedAt: 1 } }),
    'glossaries.saveDictionary': (data: MessageInput<'glossaries.saveDictionary'>) => {
      const after = data.mode === 'replace' ? data.entries : `${entries}\n${data.entries}`;
      const glossary: GlossaryView = {
        glossary_id: 'g-1',
        name: 'Legal',
        creation_time: '',
        dictionaries: [{ source_lang: 'en', target_lang: 'de', entry_count: after.split('\n').length }],
        contentVersion: 'v2',
        fetchedAt: 2,
      };
      return { ok: true, value: { glossary, entries: after } };
    },
  });
  const model = new DictionaryEditorModel({ send, slicing, onSaved: (view) => saved.push(view) });
  return { model, send, saved };
}

describe('DictionaryEditorModel', () => {
  it('opens a dictionary and shows its entries, a page at a time, narrowed by search', async () => {
    const { model, send } = setUp();
    await model.open(dictionary);
    expect(send.sent).toEqual([
      { type: 'glossaries.entries', data: { glossaryId: 'g-1', source_lang: 'en', target_lang: 'de' } },
    ]);
    expect(model.visible.value.items.map((r) => r.source)).toEqual(['contract', 'party']);
    model.search('part');
    expect(model.filtered.value.map((r) => r.source)).toEqual(['party']);
  });

  it('adds an entry from the form, and keeps the form with the reason when it breaks a rule', async () => {
    const { model } = setUp();
    await model.open(dictionary);
    model.setNewEntry({ source: 'contract', target: 'Kontrakt' });
    expect(model.addNewEntry()).toBeDefined();
    expect(model.newEntry.value).toMatchObject({ source: 'contract', problem: expect.any(String) });
    model.setNewEntry({ source: 'clause', target: 'Klausel' });
    expect(model.addNewEntry()).toBeUndefined();
    expect(model.newEntry.value).toEqual({ source: '', target: '' });
    expect(model.changes.value.added).toEqual([{ source: 'clause', target: 'Klausel' }]);
  });

  it('edits a row in place and deletes another; a merge sends only the changed entry', async () => {
    const { model, send, saved } = setUp();
    await model.open(dictionary);
    const [contract, party] = model.editorState.value.rows;
    model.startEditing(contract!.id);
    model.changeEditing({ target: '' });
    model.commitEditing();
    expect(model.editing.value?.problem).toBeDefined();
    model.changeEditing({ target: 'Kontrakt' });
    model.commitEditing();
    expect(model.editing.value).toBeUndefined();
    model.remove(party!.id);
    expect(model.dirty.value).toBe(true);
    expect(await model.save((n) => `saved ${n}`)).toBe(true);
    expect(send.sent.at(-1)?.data).toMatchObject({ mode: 'merge', entries: 'contract\tKontrakt' });
    expect(saved).toHaveLength(1);
    expect(model.saveNotice.value).toBe('saved 3');
  });

  it('a replace sends the whole list, deletions included', async () => {
    const { model, send } = setUp();
    await model.open(dictionary);
    model.remove(model.editorState.value.rows[1]!.id);
    model.setMode('replace');
    await model.save(() => 'saved');
    expect(send.sent.at(-1)?.data).toMatchObject({ mode: 'replace', entries: 'contract\tVertrag' });
  });

  it('imports a checked file into the list (not yet sent) and reports what it added and updated', async () => {
    const { model } = setUp();
    await model.open(dictionary);
    await model.importFile(new File(['contract,Kontrakt\nclause,Klausel\nbad line'], 'more.csv'));
    expect(model.importer.badLines.value.map((p) => p.line)).toEqual([3]);
    expect(model.acceptImport()).toBe(false);
    model.importer.skipBadLines();
    expect(model.acceptImport()).toBe(true);
    expect(model.imported.value).toEqual({ added: 1, updated: 1 });
    expect(model.changes.value).toMatchObject({ added: [{ source: 'clause' }], changed: [{ source: 'contract' }] });
    expect(model.importer.importing.value).toBe(false);
  });

  it("the import's report goes once it is no longer true: after a save, or another change by hand", async () => {
    const { model } = setUp();
    await model.open(dictionary);
    await model.importFile(new File(['clause,Klausel'], 'more.csv'));
    expect(model.acceptImport()).toBe(true);
    expect(model.imported.value).toEqual({ added: 1, updated: 0 });
    expect(await model.save((n) => `saved ${n}`)).toBe(true);
    expect(model.imported.value).toBeUndefined();

    await model.importFile(new File(['term,Begriff'], 'again.csv'));
    expect(model.acceptImport()).toBe(true);
    expect(model.imported.value).toEqual({ added: 1, updated: 0 });
    expect(model.add('house', 'Haus')).toBeUndefined();
    expect(model.imported.value).toBeUndefined();
  });

  it('a dictionary opened again starts over', async () => {
    const { model } = setUp();
    await model.open(dictionary);
    model.setNewEntry({ source: 'half' });
    model.search('x');
    model.close();
    await model.open(dictionary);
    expect(model.newEntry.value).toEqual({ source: '', target: '' });
    expect(model.query.value).toBe('');
  });
});
