import { computed, signal } from '@preact/signals';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
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
import { type GlossaryEntry, parseEntries, serializeEntries } from './entries.ts';
import { updateGlossary } from './model.ts';
import type { LanguagePair, SaveMode } from './types.ts';

export const PAGE_SIZE = 100;

export interface OpenDictionary extends LanguagePair {
  glossaryId: string;
  glossaryName: string;
}

/** The dictionary open in the editor; undefined when none is. */
export const target = signal<OpenDictionary | undefined>(undefined);
export const editorState = signal<EditorState>(fromEntries([]));
export const loading = signal(false);
export const loadError = signal<ErrorInfo | undefined>(undefined);
/** Set when the entries came from the cache because the service could not be asked: read-only. */
export const stale = signal<ErrorInfo | undefined>(undefined);
export const query = signal('');
export const page = signal(0);
export const mode = signal<SaveMode>('merge');
export const saving = signal(false);
export const saveError = signal<ErrorInfo | undefined>(undefined);
export const saveNotice = signal<string | undefined>(undefined);

export const changes = computed(() => pendingChanges(editorState.value));
export const dirty = computed(() => isDirty(changes.value));
export const filtered = computed(() => filterRows(editorState.value.rows, query.value));
export const visible = computed(() => pageOf(filtered.value, page.value, PAGE_SIZE));

function parseTsv(tsv: string): GlossaryEntry[] {
  return parseEntries(tsv, { format: 'tsv' }).entries;
}

export async function openEditor(dictionary: OpenDictionary): Promise<void> {
  target.value = dictionary;
  editorState.value = fromEntries([]);
  query.value = '';
  page.value = 0;
  mode.value = 'merge';
  stale.value = undefined;
  loadError.value = undefined;
  saveError.value = undefined;
  saveNotice.value = undefined;
  loading.value = true;
  const result = await send('glossaries.entries', {
    glossaryId: dictionary.glossaryId,
    source_lang: dictionary.source_lang,
    target_lang: dictionary.target_lang,
  });
  loading.value = false;
  if (!result.ok) {
    loadError.value = result.error;
    return;
  }
  editorState.value = fromEntries(parseTsv(result.value.entries));
  stale.value = result.value.stale;
}

export function closeEditor() {
  target.value = undefined;
  editorState.value = fromEntries([]);
}

/** Returns the reason when the entry breaks a rule. */
export function add(source: string, targetPhrase: string): string | undefined {
  const result = addEntry(editorState.value, source, targetPhrase);
  if (!result.ok) return result.reason;
  editorState.value = result.state;
  saveNotice.value = undefined;
  // Show the new entry: it is first in the list, so clear the search and go to the first page.
  query.value = '';
  page.value = 0;
  return undefined;
}

export function update(id: number, source: string, targetPhrase: string): string | undefined {
  const result = updateEntry(editorState.value, id, source, targetPhrase);
  if (!result.ok) return result.reason;
  editorState.value = result.state;
  saveNotice.value = undefined;
  return undefined;
}

export function remove(id: number) {
  editorState.value = deleteEntry(editorState.value, id);
  saveNotice.value = undefined;
}

export function importEntries(entries: readonly GlossaryEntry[]) {
  const merged = mergeImported(editorState.value, entries);
  editorState.value = merged.state;
  page.value = 0;
  return { added: merged.added, updated: merged.updated };
}

export function search(text: string) {
  query.value = text;
  page.value = 0;
}

/** What a save in the chosen mode would send. */
export const payload = computed(() =>
  mode.value === 'merge' ? mergePayload(changes.value) : replacePayload(editorState.value),
);

export async function save(done: (entryCount: number) => string): Promise<boolean> {
  const open = target.value;
  if (!open || payload.value.length === 0) return false;
  saving.value = true;
  saveError.value = undefined;
  saveNotice.value = undefined;
  const result = await send('glossaries.saveDictionary', {
    glossaryId: open.glossaryId,
    source_lang: open.source_lang,
    target_lang: open.target_lang,
    entries: serializeEntries(payload.value, 'tsv'),
    mode: mode.value,
  });
  saving.value = false;
  if (!result.ok) {
    saveError.value = result.error;
    return false;
  }
  updateGlossary(result.value.glossary);
  // The service's dictionary after the save becomes the new starting point.
  editorState.value = fromEntries(parseTsv(result.value.entries));
  const count =
    result.value.glossary.dictionaries.find(
      (d) => d.source_lang === open.source_lang.toLowerCase() && d.target_lang === open.target_lang.toLowerCase(),
    )?.entry_count ?? editorState.value.rows.length;
  saveNotice.value = done(count);
  return true;
}
