import { batch, computed, signal } from '@preact/signals';
import type { Formality, Language } from '../../api/index.ts';
import { baseOf, hasFeature, sourceCodeFor, targetCodeFor, withRecent } from '../../languages/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { PreferencesStore } from '../../settings/items.ts';
import { t } from '../../ui/i18n.ts';
import type { GlossaryChoice } from '../translation-controls/messages.ts';
import type { PopupDraft } from './draft.ts';
import type { GlossaryOption, PopupTranslation } from './messages.ts';

/** Errors about reaching the service or the key, not about the text: another answer makes them untrue. */
export const CONNECTION_ERRORS = new Set(['auth', 'network', 'timeout', 'server', 'too_many_requests']);

export interface QuickTranslateDeps {
  send: Send;
  preferences: PreferencesStore;
  /** Text handed over from a selection bubble ("Open in popup"), taken once (draft.ts). */
  takeDraft(): Promise<PopupDraft | undefined>;
  clipboard: { writeText(text: string): Promise<void> };
  /** Which page the model lives in (the history says where a translation was made); the popup's by default. */
  from?: 'popup' | 'sidepanel';
}

/** The popup's quick translate: state in signals, actions as methods; the panel only renders it. */
export class QuickTranslateModel {
  readonly text = signal('');
  /** Empty: detect. */
  readonly sourceLang = signal('');
  readonly targetLang = signal('');
  readonly formality = signal<Formality>('default');
  readonly recentTargets = signal<string[]>([]);
  readonly languages = signal<Language[]>([]);
  readonly glossaries = signal<GlossaryOption[]>([]);
  /** Glossary id, '' for none, null while the person has not chosen (the pair's default then applies). */
  readonly glossaryPick = signal<string | null>(null);
  readonly result = signal<PopupTranslation | null>(null);
  readonly busy = signal(false);
  readonly error = signal<ErrorInfo | null>(null);
  readonly notice = signal('');

  readonly formalitySupported = computed(() => hasFeature(this.targetLang.value, this.languages.value, 'formality'));
  /** Swapping needs a known source (the chosen one or the one just detected) and no translation on its way. */
  readonly canSwap = computed(() => !this.busy.value && !!(this.sourceLang.value || this.result.value?.detectedSource));
  /**
   * The glossaries of the translated pair, asked for when the picker's list does not name the glossary
   * the translation used (a detected source, a list still loading or changed since).
   */
  private readonly resultGlossaries = signal<GlossaryOption[]>([]);
  /** The name of the glossary the translation used; undefined while (or if) no list names it. */
  readonly resultGlossaryName = computed(() => {
    const id = this.result.value?.glossaryId;
    if (!id) return undefined;
    const named = (list: GlossaryOption[]) => list.find((g) => g.id === id)?.name;
    return named(this.glossaries.value) ?? named(this.resultGlossaries.value);
  });

  /** The target variant swapped into the source (`en-US` -> `en`), given back when swapped again. */
  private swappedTarget = '';
  private glossaryRequest = 0;
  private disposed = false;

  constructor(private readonly deps: QuickTranslateDeps) {}

  async loadGlossaries(): Promise<void> {
    const id = ++this.glossaryRequest;
    this.glossaryPick.value = null;
    if (!this.sourceLang.value || !this.targetLang.value) {
      this.glossaries.value = [];
      return;
    }
    const res = await this.deps.send('popup.glossaries', {
      sourceLang: this.sourceLang.value,
      targetLang: this.targetLang.value,
    });
    if (id !== this.glossaryRequest || this.disposed) return;
    this.glossaries.value = res.ok ? res.value : [];
    if (res.ok) this.glossaryPick.value = res.value.find((g) => g.isDefault)?.id ?? '';
  }

  /** Preferences, languages, and text handed over from a selection bubble ("Open in popup"). */
  async load(): Promise<void> {
    this.loading = this.loadChoices();
    await this.loading;
    await this.loadGlossaries();
  }

  /** Until the person's choices are in, a Translate pressed waits for them (it did nothing before). */
  private loading: Promise<void> | undefined;

  private async loadChoices(): Promise<void> {
    const [prefs, draft, langs] = await Promise.all([
      this.deps.preferences.get(),
      this.deps.takeDraft(),
      this.deps.send('languages.get', { resource: 'translate_text' }),
    ]);
    if (this.disposed) return;
    batch(() => {
      if (langs.ok) this.languages.value = langs.value;
      this.recentTargets.value = prefs.recentTargets;
      this.sourceLang.value = prefs.sourceLang;
      this.targetLang.value = draft?.targetLang ?? prefs.targetLang;
      this.formality.value = prefs.formality;
      if (draft) this.text.value = draft.text;
    });
  }

  setText(value: string): void {
    this.text.value = value;
  }

  setFormality(value: Formality): void {
    this.formality.value = value;
  }

  /** A glossary id, or '' for none. */
  pickGlossary(id: string): void {
    this.glossaryPick.value = id;
  }

  setSource(code: string): void {
    this.sourceLang.value = code;
    void this.loadGlossaries();
  }

  setTarget(code: string): void {
    this.targetLang.value = code;
    void this.loadGlossaries();
  }

  /**
   * Source and target change places; a translation becomes the new text to translate, and is translated
   * at once with the swapped pair. A target variant swapped away (`en-US`) comes back when swapped again.
   */
  swap(): void {
    const languages = this.languages.value;
    const from = this.sourceLang.value || this.result.value?.detectedSource || '';
    const remembered =
      this.swappedTarget && from && baseOf(this.swappedTarget) === baseOf(from) ? this.swappedTarget : undefined;
    const to =
      (remembered && (languages.length === 0 || targetCodeFor(remembered, languages) === remembered)
        ? remembered
        : undefined) ??
      targetCodeFor(from, languages, this.recentTargets.value) ??
      (languages.length ? '' : from);
    if (!to) return;
    const result = this.result.value;
    if (result) {
      this.text.value = result.text;
      this.result.value = null;
    }
    this.swappedTarget = this.targetLang.value;
    this.sourceLang.value = sourceCodeFor(this.targetLang.value, languages) ?? '';
    this.targetLang.value = to;
    void this.loadGlossaries();
    if (result) void this.translate();
  }

  private glossaryChoice(): GlossaryChoice {
    const pick = this.glossaryPick.value;
    if (!this.sourceLang.value || pick === null) return { kind: 'default' };
    return pick ? { kind: 'id', id: pick } : { kind: 'none' };
  }

  async translate(): Promise<void> {
    if (!this.text.value.trim() || this.busy.value) return;
    if (this.loading && !this.targetLang.value) {
      this.busy.value = true;
      await this.loading.catch(() => undefined);
      this.busy.value = false;
    }
    const input = this.text.value.trim();
    if (!input || !this.targetLang.value || this.busy.value || this.disposed) return;
    this.busy.value = true;
    this.error.value = null;
    this.notice.value = '';
    try {
      const res = await this.deps.send('popup.translate', {
        text: input,
        sourceLang: this.sourceLang.value,
        targetLang: this.targetLang.value,
        formality: this.formality.value,
        glossary: this.glossaryChoice(),
        ...(this.deps.from ? { from: this.deps.from } : {}),
      });
      if (this.disposed) return;
      if (!res.ok) {
        this.error.value = res.error;
        return;
      }
      this.result.value = res.value;
      void this.nameResultGlossary(res.value);
      this.recentTargets.value = withRecent(this.recentTargets.value, this.targetLang.value);
      await this.deps.preferences.update({
        sourceLang: this.sourceLang.value,
        targetLang: this.targetLang.value,
        recentTargets: this.recentTargets.value,
      });
    } finally {
      this.busy.value = false;
    }
  }

  /**
   * Another request of the popup's reached the service with the key: an error about reaching it or about
   * the key is no longer true, and goes.
   */
  serviceAnswered(): void {
    // Read without subscribing: a caller's effect follows its own request, not this error.
    const code = this.error.peek()?.code;
    if (code && CONNECTION_ERRORS.has(code)) this.error.value = null;
  }

  /** Asks for the translated pair's glossaries when the picker's list does not name the one used. */
  private async nameResultGlossary(result: PopupTranslation): Promise<void> {
    const id = result.glossaryId;
    const source = result.sourceLang || result.detectedSource;
    const target = this.targetLang.value;
    if (!id || !source || this.glossaries.value.some((g) => g.id === id)) return;
    const res = await this.deps.send('popup.glossaries', { sourceLang: source, targetLang: target });
    if (this.disposed || this.result.value !== result) return;
    if (res.ok) this.resultGlossaries.value = res.value;
  }

  async copyResult(): Promise<void> {
    const value = this.result.value?.text;
    if (!value) return;
    try {
      await this.deps.clipboard.writeText(value);
      this.notice.value = t('selCopied', 'Copied.');
    } catch {
      this.notice.value = t('selCopyFailed', 'Could not copy. Select the text and copy it.');
    }
  }

  /** Answers still on their way change nothing. */
  dispose(): void {
    this.disposed = true;
  }
}
