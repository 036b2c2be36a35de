import { batch, computed, signal } from '@preact/signals';
import type { Slicing } from '../../dom/schedule.ts';
import type { Send } from '../../messaging/protocol.ts';
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
import { EntriesModel } from './entries-model.ts';
import type { GlossaryView, LanguagePair, SaveMode } from './types.ts';

export const PAGE_SIZE = 100;

export interface OpenDictionary extends LanguagePair {
  glossaryId: string;
  glossaryName: string;
}

/** An entry being added, or a row being edited: the two phrases as typed, and why they were refused. */
export interface EntryDraft {
  source: string;
  target: string;
  problem?: string;
}

export interface DictionaryEditorDeps {
  send: Send;
  slicing: Slicing;
  /** The glossary after a save, so the list shows the new counts. */
  onSaved(view: GlossaryView): void;
}

const NO_ENTRY: EntryDraft = { source: '', target: '' };

function parseTsv(tsv: string): GlossaryEntry[] {
  return parseEntries(tsv, { format: 'tsv' }).entries;
}

/**
 * The entries of one dictionary being edited: added, changed, deleted and imported here, sent only on
 * Save (merge or replace). Only one page of rows is shown at a time; search narrows the list first.
 */
export class DictionaryEditorModel {
  /** The dictionary open in the editor; undefined when none is. */
  readonly target = signal<OpenDictionary | undefined>(undefined);
  readonly editorState = signal<EditorState>(fromEntries([]));
  readonly loading = signal(false);
  readonly loadError = signal<ErrorInfo | undefined>(undefined);
  /** Set when the entries came from the cache because the service could not be asked: read-only. */
  readonly stale = signal<ErrorInfo | undefined>(undefined);
  readonly query = signal('');
  readonly page = signal(0);
  readonly mode = signal<SaveMode>('merge');
  readonly saving = signal(false);
  readonly saveError = signal<ErrorInfo | undefined>(undefined);
  readonly saveNotice = signal<string | undefined>(undefined);
  /** The "Add an entry" form. */
  readonly newEntry = signal<EntryDraft>(NO_ENTRY);
  /** The row being edited in place, with its phrases as typed. */
  readonly editing = signal<(EntryDraft & { id: number }) | undefined>(undefined);
  /** A file being imported into the list: checked first, then merged (not yet sent). */
  readonly importer: EntriesModel;
  /** Entries the last import added and updated. */
  readonly imported = signal<{ added: number; updated: number } | undefined>(undefined);

  readonly changes = computed(() => pendingChanges(this.editorState.value));
  readonly dirty = computed(() => isDirty(this.changes.value));
  readonly filtered = computed(() => filterRows(this.editorState.value.rows, this.query.value));
  readonly visible = computed(() => pageOf(this.filtered.value, this.page.value, PAGE_SIZE));
  /** What a save in the chosen mode would send. */
  readonly payload = computed(() =>
    this.mode.value === 'merge' ? mergePayload(this.changes.value) : replacePayload(this.editorState.value),
  );

  private opened = 0;

  constructor(private readonly deps: DictionaryEditorDeps) {
    this.importer = new EntriesModel({ slicing: deps.slicing });
  }

  async open(dictionary: OpenDictionary): Promise<void> {
    const mine = ++this.opened;
    batch(() => {
      this.target.value = dictionary;
      this.editorState.value = fromEntries([]);
      this.query.value = '';
      this.page.value = 0;
      this.mode.value = 'merge';
      this.stale.value = undefined;
      this.loadError.value = undefined;
      this.saveError.value = undefined;
      this.saveNotice.value = undefined;
      this.newEntry.value = NO_ENTRY;
      this.editing.value = undefined;
      this.resetImport();
      // CSV lines may name their pair: only this dictionary's lines count.
      this.importer.setPair({ source_lang: dictionary.source_lang, target_lang: dictionary.target_lang });
      this.loading.value = true;
    });
    const result = await this.deps.send('glossaries.entries', {
      glossaryId: dictionary.glossaryId,
      source_lang: dictionary.source_lang,
      target_lang: dictionary.target_lang,
    });
    if (mine !== this.opened) return;
    this.loading.value = false;
    if (!result.ok) {
      this.loadError.value = result.error;
      return;
    }
    this.editorState.value = fromEntries(parseTsv(result.value.entries));
    this.stale.value = result.value.stale;
  }

  close(): void {
    this.opened++;
    batch(() => {
      this.target.value = undefined;
      this.editorState.value = fromEntries([]);
      this.resetImport();
      this.importer.setPair({});
    });
  }

  setNewEntry(patch: Partial<EntryDraft>): void {
    this.newEntry.value = { ...this.newEntry.value, ...patch };
  }

  /** Adds the "Add an entry" form's entry; returns the reason when it breaks a rule (also shown in the form). */
  addNewEntry(): string | undefined {
    const { source, target } = this.newEntry.value;
    const reason = this.add(source, target);
    this.newEntry.value = reason ? { source, target, problem: reason } : NO_ENTRY;
    return reason;
  }

  /** Returns the reason when the entry breaks a rule. */
  add(source: string, targetPhrase: string): string | undefined {
    const result = addEntry(this.editorState.value, source, targetPhrase);
    if (!result.ok) return result.reason;
    batch(() => {
      this.editorState.value = result.state;
      this.changedByHand();
      // Show the new entry: it is first in the list, so clear the search and go to the first page.
      this.query.value = '';
      this.page.value = 0;
    });
    return undefined;
  }

  /** Turns a row into inputs. */
  startEditing(id: number): void {
    const row = this.editorState.value.rows.find((r) => r.id === id);
    if (row) this.editing.value = { id, source: row.source, target: row.target };
  }

  changeEditing(patch: Partial<EntryDraft>): void {
    if (this.editing.value) this.editing.value = { ...this.editing.value, ...patch };
  }

  stopEditing(): void {
    this.editing.value = undefined;
  }

  /** Puts the edited row's phrases in the list; the row stays open with the reason when they break a rule. */
  commitEditing(): void {
    const row = this.editing.value;
    if (!row) return;
    const reason = this.update(row.id, row.source, row.target);
    this.editing.value = reason ? { ...row, problem: reason } : undefined;
  }

  update(id: number, source: string, targetPhrase: string): string | undefined {
    const result = updateEntry(this.editorState.value, id, source, targetPhrase);
    if (!result.ok) return result.reason;
    this.editorState.value = result.state;
    this.changedByHand();
    return undefined;
  }

  remove(id: number): void {
    this.editorState.value = deleteEntry(this.editorState.value, id);
    this.changedByHand();
  }

  /** A change made since: what the last save or import said is about an earlier list, and goes. */
  private changedByHand(): void {
    batch(() => {
      this.saveNotice.value = undefined;
      this.imported.value = undefined;
    });
  }

  importEntries(entries: readonly GlossaryEntry[]): { added: number; updated: number } {
    const merged = mergeImported(this.editorState.value, entries);
    this.editorState.value = merged.state;
    this.page.value = 0;
    return { added: merged.added, updated: merged.updated };
  }

  /** Reads a picked file into the importer; the outcome of the previous import is no longer shown. */
  importFile(file: Blob & { name: string }, encoding?: 'windows-1252'): Promise<void> {
    this.imported.value = undefined;
    return this.importer.readFile(file, encoding);
  }

  /** Adds the checked file's entries to the list (not yet sent); false while something must be fixed. */
  acceptImport(): boolean {
    if (this.importer.validTsv() === undefined) return false;
    this.imported.value = this.importEntries(this.importer.result.value.entries);
    this.importer.reset();
    return true;
  }

  private resetImport(): void {
    this.importer.reset();
    this.importer.fileOutcome.value = undefined;
    this.imported.value = undefined;
  }

  search(text: string): void {
    this.query.value = text;
    this.page.value = 0;
  }

  goToPage(page: number): void {
    this.page.value = page;
  }

  setMode(mode: SaveMode): void {
    this.mode.value = mode;
  }

  async save(done: (entryCount: number) => string): Promise<boolean> {
    const open = this.target.value;
    if (!open || this.payload.value.length === 0) return false;
    this.saving.value = true;
    this.saveError.value = undefined;
    this.saveNotice.value = undefined;
    const result = await this.deps.send('glossaries.saveDictionary', {
      glossaryId: open.glossaryId,
      source_lang: open.source_lang,
      target_lang: open.target_lang,
      entries: serializeEntries(this.payload.value, 'tsv'),
      mode: this.mode.value,
    });
    this.saving.value = false;
    if (!result.ok) {
      this.saveError.value = result.error;
      return false;
    }
    this.deps.onSaved(result.value.glossary);
    // The service's dictionary after the save becomes the new starting point.
    this.editorState.value = fromEntries(parseTsv(result.value.entries));
    const count =
      result.value.glossary.dictionaries.find(
        (d) => d.source_lang === open.source_lang.toLowerCase() && d.target_lang === open.target_lang.toLowerCase(),
      )?.entry_count ?? this.editorState.value.rows.length;
    batch(() => {
      this.saveNotice.value = done(count);
      // "Save to send them" is no longer true.
      this.imported.value = undefined;
    });
    return true;
  }

  dispose(): void {
    this.opened++;
    this.importer.dispose();
  }
}
