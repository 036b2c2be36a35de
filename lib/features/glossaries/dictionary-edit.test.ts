import { describe, expect, it } from 'vitest';
import {
  addEntry,
  deleteEntry,
  type EditorState,
  filterRows,
  fromEntries,
  isDirty,
  mergeImported,
  mergePayload,
  pageOf,
  pendingChanges,
  replacePayload,
  updateEntry,
} from './dictionary-edit.ts';

const base = () =>
  fromEntries([
    { source: 'Haus', target: 'house' },
    { source: 'Baum', target: 'tree' },
    { source: 'Auto', target: 'car' },
  ]);

function ok(result: ReturnType<typeof addEntry>): EditorState {
  if (!result.ok) throw new Error(result.reason);
  return result.state;
}

describe('dictionary editing', () => {
  it('starts clean', () => {
    expect(isDirty(pendingChanges(base()))).toBe(false);
  });

  it('adds, edits and deletes entries and tells what a merge and a replace send', () => {
    let s = base();
    s = ok(addEntry(s, 'Rad', 'wheel'));
    expect(s.rows[0]).toMatchObject({ source: 'Rad', target: 'wheel' });
    const baum = s.rows.find((r) => r.source === 'Baum')!;
    s = ok(updateEntry(s, baum.id, 'Baum', 'wood'));
    s = deleteEntry(s, s.rows.find((r) => r.source === 'Auto')!.id);

    const changes = pendingChanges(s);
    expect(changes).toEqual({
      added: [{ source: 'Rad', target: 'wheel' }],
      changed: [{ source: 'Baum', target: 'wood' }],
      deleted: ['Auto'],
    });
    expect(mergePayload(changes)).toEqual([
      { source: 'Rad', target: 'wheel' },
      { source: 'Baum', target: 'wood' },
    ]);
    expect(replacePayload(s)).toEqual([
      { source: 'Rad', target: 'wheel' },
      { source: 'Haus', target: 'house' },
      { source: 'Baum', target: 'wood' },
    ]);
  });

  it('a changed source phrase is a deletion and an addition', () => {
    let s = base();
    s = ok(updateEntry(s, s.rows[0]!.id, 'Häuser', 'houses'));
    expect(pendingChanges(s)).toMatchObject({ added: [{ source: 'Häuser', target: 'houses' }], deleted: ['Haus'] });
  });

  it('refuses what the service would refuse, with the reason', () => {
    const s = base();
    expect(addEntry(s, '', 'x')).toEqual({ ok: false, reason: 'Source phrase is empty' });
    expect(addEntry(s, 'x', ' y')).toEqual({ ok: false, reason: 'Target phrase has leading or trailing whitespace' });
    expect(addEntry(s, 'a\tb', 'y')).toMatchObject({ ok: false, reason: expect.stringContaining('U+0009') });
    expect(addEntry(s, 'Haus', 'home')).toEqual({ ok: false, reason: 'An entry for "Haus" already exists' });
    const baum = s.rows[1]!;
    expect(updateEntry(s, baum.id, 'Haus', 'x')).toMatchObject({ ok: false });
    // Keeping its own source phrase is not a duplicate.
    expect(updateEntry(s, baum.id, 'Baum', 'timber').ok).toBe(true);
  });

  it('merges imported entries: new ones added, existing sources take the new target', () => {
    const { state, added, updated } = mergeImported(base(), [
      { source: 'Haus', target: 'home' },
      { source: 'Baum', target: 'tree' },
      { source: 'Weg', target: 'path' },
      { source: 'Weg', target: 'way' },
    ]);
    expect(added).toBe(1);
    expect(updated).toBe(1);
    expect(state.rows.map((r) => `${r.source}=${r.target}`)).toEqual([
      'Weg=path',
      'Haus=home',
      'Baum=tree',
      'Auto=car',
    ]);
    expect(new Set(state.rows.map((r) => r.id)).size).toBe(4);
  });

  it('searches source and target, ignoring case', () => {
    const rows = base().rows;
    expect(filterRows(rows, 'TRE').map((r) => r.source)).toEqual(['Baum']);
    expect(filterRows(rows, 'au').map((r) => r.source)).toEqual(['Haus', 'Baum', 'Auto']);
    expect(filterRows(rows, '  ')).toBe(rows);
  });

  it('pages a large dictionary and clamps the page', () => {
    const big = fromEntries(Array.from({ length: 20_001 }, (_, i) => ({ source: `s${i}`, target: `t${i}` })));
    const last = pageOf(big.rows, 999, 100);
    expect(last.pages).toBe(201);
    expect(last.page).toBe(200);
    expect(last.items.map((r) => r.source)).toEqual(['s20000']);
    expect(pageOf(big.rows, -3, 100).items[0]!.source).toBe('s0');
    expect(pageOf([], 0, 100)).toEqual({ items: [], page: 0, pages: 1, start: 0 });
    expect(filterRows(big.rows, 's1999').length).toBe(11);
  });
});
