import { type GlossaryEntry, phraseProblem } from './entries.ts';

/**
 * The dictionary editor's data: the entries as loaded (`original`) and as edited (`rows`). Pure, so the
 * rules (valid phrases, one entry per source phrase) and what a save sends are tested without a page.
 */
export interface EntryRow {
  /** Stable across edits, for list keys and focus; not sent anywhere. */
  id: number;
  source: string;
  target: string;
}

export interface EditorState {
  original: ReadonlyMap<string, string>;
  rows: EntryRow[];
  nextId: number;
}

export type EditResult = { ok: true; state: EditorState } | { ok: false; reason: string };

export function fromEntries(entries: readonly GlossaryEntry[]): EditorState {
  return {
    original: new Map(entries.map((e) => [e.source, e.target])),
    rows: entries.map((e, i) => ({ id: i + 1, source: e.source, target: e.target })),
    nextId: entries.length + 1,
  };
}

/** Why this entry cannot be kept, checked as the service would check it (docs/contract.md §2.3). */
function entryProblem(rows: readonly EntryRow[], source: string, target: string, exceptId?: number) {
  const s = phraseProblem(source);
  if (s) return `Source phrase ${s}`;
  const t = phraseProblem(target);
  if (t) return `Target phrase ${t}`;
  if (rows.some((r) => r.source === source && r.id !== exceptId)) return `An entry for "${source}" already exists`;
  return undefined;
}

/** New entries go first, so the person sees what they added. */
export function addEntry(state: EditorState, source: string, target: string): EditResult {
  const reason = entryProblem(state.rows, source, target);
  if (reason) return { ok: false, reason };
  const row = { id: state.nextId, source, target };
  return { ok: true, state: { ...state, rows: [row, ...state.rows], nextId: state.nextId + 1 } };
}

export function updateEntry(state: EditorState, id: number, source: string, target: string): EditResult {
  const reason = entryProblem(state.rows, source, target, id);
  if (reason) return { ok: false, reason };
  return { ok: true, state: { ...state, rows: state.rows.map((r) => (r.id === id ? { id, source, target } : r)) } };
}

export function deleteEntry(state: EditorState, id: number): EditorState {
  return { ...state, rows: state.rows.filter((r) => r.id !== id) };
}

/** Imported entries overwrite the target of an existing source, else are added. */
export function mergeImported(
  state: EditorState,
  entries: readonly GlossaryEntry[],
): { state: EditorState; added: number; updated: number } {
  const index = new Map(state.rows.map((r, i) => [r.source, i]));
  const rows = state.rows.slice();
  const fresh: EntryRow[] = [];
  let nextId = state.nextId;
  let updated = 0;
  const done = new Set<string>();
  for (const e of entries) {
    // Like the parser, the first of two entries for one source phrase wins.
    if (done.has(e.source)) continue;
    done.add(e.source);
    const at = index.get(e.source);
    if (at !== undefined) {
      const row = rows[at]!;
      if (row.target !== e.target) {
        rows[at] = { ...row, target: e.target };
        updated++;
      }
    } else {
      fresh.push({ id: nextId++, source: e.source, target: e.target });
    }
  }
  return { state: { ...state, rows: [...fresh, ...rows], nextId }, added: fresh.length, updated };
}

export interface PendingChanges {
  added: GlossaryEntry[];
  changed: GlossaryEntry[];
  /** Source phrases of entries that were loaded and are gone now. */
  deleted: string[];
}

export function pendingChanges(state: EditorState): PendingChanges {
  const seen = new Set<string>();
  const out: PendingChanges = { added: [], changed: [], deleted: [] };
  for (const { source, target } of state.rows) {
    seen.add(source);
    const before = state.original.get(source);
    if (before === undefined) out.added.push({ source, target });
    else if (before !== target) out.changed.push({ source, target });
  }
  for (const source of state.original.keys()) if (!seen.has(source)) out.deleted.push(source);
  return out;
}

export const isDirty = (c: PendingChanges) => c.added.length + c.changed.length + c.deleted.length > 0;

/** What a merge (PATCH) sends: only new and changed entries; the service keeps everything else. */
export const mergePayload = (c: PendingChanges): GlossaryEntry[] => [...c.added, ...c.changed];

/** What a replace (PUT) sends: the whole dictionary as it is now. */
export const replacePayload = (state: EditorState): GlossaryEntry[] =>
  state.rows.map(({ source, target }) => ({ source, target }));

/** Rows whose source or target contains the query, case-insensitively. */
export function filterRows(rows: readonly EntryRow[], query: string): readonly EntryRow[] {
  const q = query.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter((r) => r.source.toLowerCase().includes(q) || r.target.toLowerCase().includes(q));
}

export interface Page<T> {
  items: T[];
  /** 0-based, clamped to the last page. */
  page: number;
  pages: number;
  /** 0-based index of the first item of the page in the whole list. */
  start: number;
}

export function pageOf<T>(items: readonly T[], page: number, size: number): Page<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  const start = p * size;
  return { items: items.slice(start, start + size), page: p, pages, start };
}
