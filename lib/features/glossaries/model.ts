import { batch, computed, effect, signal } from '@preact/signals';
import type { Language } from '../../api/index.ts';
import type { Slicing } from '../../dom/schedule.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo, Result } from '../../messaging/result.ts';
import type { GlossaryDefaults } from '../../settings/schema.ts';
import { DictionaryEditorModel } from './editor-model.ts';
import type { EntriesFormat } from './entries.ts';
import { dictionaryFile } from './export.ts';
import { DictionaryFormModel } from './form-model.ts';
import type { GlossaryChanges, GlossaryView, LanguagePair } from './types.ts';

/** The default glossary per language pair, as stored. */
export interface GlossaryDefaultsStore {
  get(): Promise<GlossaryDefaults>;
  set(defaults: GlossaryDefaults): Promise<void>;
}

export interface GlossariesDeps {
  send: Send;
  defaults: GlossaryDefaultsStore;
  /** How long entry checks give the page its turn. */
  slicing: Slicing;
  /** Offers text as a file to save (exports). */
  download(fileName: string, text: string, type: string): void;
}

/** The glossary languages for a form's pickers. */
export interface LanguageListing {
  languages: Language[];
  error?: ErrorInfo;
}

const byName = (a: GlossaryView, b: GlossaryView) => a.name.localeCompare(b.name);

/** A file name safe on every system: letters, digits, dot, dash and underscore. */
export const safeFileName = (name: string) =>
  name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'glossary';

/**
 * The options section "Glossaries": the list (shown from the cache first, then refreshed from the
 * service), one glossary with its forms, and the dictionary editor (`editor`).
 */
export class GlossariesModel {
  readonly glossaries = signal<GlossaryView[]>([]);
  readonly fetchedAt = signal<number | undefined>(undefined);
  readonly refreshing = signal(false);
  /** Why the last refresh failed; while set the page is read-only and says so. */
  readonly unreachable = signal<ErrorInfo | undefined>(undefined);
  readonly lastChanges = signal<GlossaryChanges | undefined>(undefined);
  /** The outcome of the last change the person asked for. */
  readonly actionError = signal<ErrorInfo | undefined>(undefined);
  readonly notice = signal<string | undefined>(undefined);
  /** Where the notice was said: it is shown there only, and goes once the person moves on. */
  private readonly noticeAt = signal<string | undefined>(undefined);
  /** The view shown: the dictionary editor, one glossary, or the list. */
  private readonly view = computed(() =>
    this.editor.target.value ? 'editor' : this.selectedId.value ? `glossary:${this.selectedId.value}` : 'list',
  );
  /** The last notice, while the view it was said in is shown. */
  readonly shownNotice = computed(() => (this.noticeAt.value === this.view.value ? this.notice.value : undefined));
  readonly busy = signal(false);
  readonly selectedId = signal<string | undefined>(undefined);
  readonly defaults = signal<GlossaryDefaults>({});
  /** The glossary languages, asked for when a form opens. */
  readonly languages = signal<LanguageListing>({ languages: [] });
  /** The "New glossary" form, while it is open. */
  readonly creating = signal<DictionaryFormModel | undefined>(undefined);
  /** The selected glossary's "Add a dictionary" form, while it is open. */
  readonly adding = signal<DictionaryFormModel | undefined>(undefined);
  /** The name in the selected glossary's rename field; follows the glossary's own name when that changes. */
  readonly renameDraft = signal('');
  readonly exportError = signal<ErrorInfo | undefined>(undefined);
  readonly editor: DictionaryEditorModel;

  readonly readOnly = computed(() => this.unreachable.value !== undefined);
  readonly selected = computed(() => this.glossaries.value.find((g) => g.glossary_id === this.selectedId.value));

  private readonly stopFollowingName: () => void;
  private disposed = false;

  constructor(private readonly deps: GlossariesDeps) {
    this.editor = new DictionaryEditorModel({
      send: deps.send,
      slicing: deps.slicing,
      onSaved: (view) => this.put(view),
    });
    const name = computed(() => this.selected.value?.name);
    this.stopFollowingName = effect(() => {
      this.renameDraft.value = name.value ?? '';
    });
  }

  private put(view: GlossaryView): void {
    this.glossaries.value = [...this.glossaries.value.filter((g) => g.glossary_id !== view.glossary_id), view].sort(
      byName,
    );
  }

  /** Opens the section: the cached list at once, then the service's. */
  async open(): Promise<void> {
    const cached = await this.deps.send('glossaries.cached', {});
    if (this.disposed) return;
    if (cached.ok) {
      this.glossaries.value = cached.value.glossaries;
      this.fetchedAt.value = cached.value.fetchedAt;
    }
    await Promise.all([this.refresh({ quiet: true }), this.loadDefaults()]);
  }

  /** `quiet`: the refresh on opening reports only failures, not "nothing changed". */
  async refresh({ quiet = false }: { quiet?: boolean } = {}): Promise<void> {
    this.refreshing.value = true;
    const result = await this.deps.send('glossaries.refresh', {});
    if (this.disposed) return;
    this.refreshing.value = false;
    if (!result.ok) {
      this.unreachable.value = result.error;
      return;
    }
    batch(() => {
      this.unreachable.value = undefined;
      this.glossaries.value = result.value.glossaries;
      this.fetchedAt.value = result.value.fetchedAt;
      const { added, removed, changed } = result.value.changes;
      this.lastChanges.value =
        quiet && added.length + removed.length + changed.length === 0 ? undefined : result.value.changes;
      if (this.selectedId.value && !this.glossaries.value.some((g) => g.glossary_id === this.selectedId.value))
        this.select(undefined);
    });
  }

  /**
   * The page came back into view (or the browser back online) while the service could not be reached:
   * asked again, so a read-only notice that is no longer true goes by itself.
   */
  retryIfUnreachable(): void {
    if (this.unreachable.value && !this.refreshing.value) void this.refresh({ quiet: true });
  }

  /** Shows one glossary (or, with undefined, the list); forms of the one shown before are dropped. */
  select(glossaryId: string | undefined): void {
    batch(() => {
      this.closeAdding();
      this.exportError.value = undefined;
      this.selectedId.value = glossaryId;
      this.renameDraft.value = this.selected.value?.name ?? '';
    });
  }

  /** Runs one change against the service; errors land in `actionError`. Returns the value or undefined. */
  private async act<T>(run: () => Promise<Result<T>>, done?: string): Promise<T | undefined> {
    batch(() => {
      this.busy.value = true;
      this.actionError.value = undefined;
      this.notice.value = undefined;
      this.lastChanges.value = undefined;
    });
    const result = await run();
    this.busy.value = false;
    if (!result.ok) {
      this.actionError.value = result.error;
      return undefined;
    }
    this.say(done);
    return result.value;
  }

  private say(notice: string | undefined): void {
    batch(() => {
      this.notice.value = notice;
      this.noticeAt.value = this.view.peek();
    });
  }

  private async loadLanguages(): Promise<void> {
    const result = await this.deps.send('languages.get', { resource: 'glossary', includeBeta: false });
    if (this.disposed) return;
    this.languages.value = result.ok ? { languages: result.value } : { languages: [], error: result.error };
  }

  startCreating(): void {
    if (this.creating.value) return;
    this.creating.value = new DictionaryFormModel({ slicing: this.deps.slicing });
    void this.loadLanguages();
  }

  closeCreating(): void {
    this.creating.value?.dispose();
    this.creating.value = undefined;
  }

  /** Creates a glossary from the form; the form closes and the new glossary is shown. */
  async submitCreating(done: (name: string) => string): Promise<boolean> {
    const form = this.creating.value;
    const draft = form?.check({ needsName: true });
    if (!draft) return false;
    const { name, pair, entries } = draft;
    const view = await this.act(() => this.deps.send('glossaries.create', { name, dictionary: { ...pair, entries } }));
    if (!view) return false;
    this.put(view);
    this.closeCreating();
    this.select(view.glossary_id);
    // Said on the new glossary's page, where the person is taken.
    this.say(done(name));
    return true;
  }

  async rename(done: (name: string) => string): Promise<void> {
    const glossary = this.selected.value;
    const next = this.renameDraft.value.trim();
    if (!glossary || !next || next === glossary.name) return;
    const view = await this.act(
      () => this.deps.send('glossaries.rename', { glossaryId: glossary.glossary_id, name: next }),
      done(next),
    );
    if (view) this.put(view);
  }

  setRenameDraft(name: string): void {
    this.renameDraft.value = name;
  }

  startAdding(): void {
    if (this.adding.value) return;
    this.adding.value = new DictionaryFormModel({ slicing: this.deps.slicing });
    void this.loadLanguages();
  }

  closeAdding(): void {
    this.adding.value?.dispose();
    this.adding.value = undefined;
  }

  /** Adds the form's dictionary to the selected glossary; a pair it has already is refused. */
  async submitAdding(done: (pair: LanguagePair) => string): Promise<boolean> {
    const glossary = this.selected.value;
    const draft = glossary && this.adding.value?.check({ needsName: false, taken: glossary.dictionaries });
    if (!glossary || !draft) return false;
    const { pair, entries } = draft;
    const saved = await this.act(
      () =>
        this.deps.send('glossaries.saveDictionary', {
          glossaryId: glossary.glossary_id,
          ...pair,
          entries,
          mode: 'replace',
        }),
      done(pair),
    );
    if (!saved) return false;
    this.put(saved.glossary);
    this.closeAdding();
    return true;
  }

  async deleteDictionary(glossaryId: string, pair: LanguagePair, done: string): Promise<GlossaryView | undefined> {
    const view = await this.act(() => this.deps.send('glossaries.deleteDictionary', { glossaryId, ...pair }), done);
    if (view) this.put(view);
    await this.loadDefaults();
    return view;
  }

  async deleteGlossary(glossaryId: string, done: string): Promise<boolean> {
    const deleted = await this.act(() => this.deps.send('glossaries.delete', { glossaryId }));
    if (deleted !== undefined) {
      this.glossaries.value = this.glossaries.value.filter((g) => g.glossary_id !== glossaryId);
      if (this.selectedId.value === glossaryId) this.select(undefined);
      // Said on the list, where the person is taken.
      this.say(done);
    }
    await this.loadDefaults();
    return deleted !== undefined;
  }

  /** Downloads a dictionary as TSV or CSV; works offline from the cached copy. */
  async exportDictionary(glossary: GlossaryView, pair: LanguagePair, format: EntriesFormat): Promise<void> {
    const result = await this.deps.send('glossaries.entries', { glossaryId: glossary.glossary_id, ...pair });
    if (!result.ok) {
      this.exportError.value = result.error;
      return;
    }
    this.exportError.value = undefined;
    // Cells a spreadsheet would run as formulas get a leading ' (lib/export/cells.ts).
    const { text, type } = dictionaryFile(result.value.entries, format);
    const name = `${safeFileName(glossary.name)}.${pair.source_lang}-${pair.target_lang}.${format}`;
    this.deps.download(name, text, type);
  }

  async loadDefaults(): Promise<void> {
    const defaults = await this.deps.defaults.get();
    if (!this.disposed) this.defaults.value = defaults;
  }

  /** Sets (or with '' clears) the glossary translations use by default for a pair key. */
  async setDefaultGlossary(pairKey: string, glossaryId: string): Promise<void> {
    const next = { ...(await this.deps.defaults.get()) };
    if (glossaryId) next[pairKey] = glossaryId;
    else delete next[pairKey];
    await this.deps.defaults.set(next);
    this.defaults.value = next;
  }

  dispose(): void {
    this.disposed = true;
    this.stopFollowingName();
    this.closeCreating();
    this.closeAdding();
    this.editor.dispose();
  }
}
