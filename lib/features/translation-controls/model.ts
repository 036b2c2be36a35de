import { batch, computed, signal } from '@preact/signals';
import type { Language, StyleRuleList, TranslationMemory } from '../../api/index.ts';
import { sameCode } from '../../languages/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo, Result } from '../../messaging/result.ts';
import type { PreferencesStore } from '../../settings/items.ts';
import { glossaryPairKey, Preferences } from '../../settings/schema.ts';
import {
  DEFAULT_MEMORY_THRESHOLD,
  type MemoryChoice,
  TranslationControls,
  type TranslationControlsStore,
} from '../../settings/translation-controls.ts';
import { forcedQualityReasons, type InstructionProblem, instructionProblem, parseThreshold } from './checks.ts';
import { memoryFits, styleRuleTargets } from './matching.ts';

export interface Listing<T> {
  loading: boolean;
  items: T[];
  error?: ErrorInfo;
}

/** The memory form: a language pair, a memory of the account that covers it, a threshold as typed. */
export interface MemoryDraft {
  source: string;
  target: string;
  memoryId: string;
  threshold: string;
}

/** What keeps the memory form from being saved, field by field. */
export interface MemoryProblems {
  pair?: 'missing';
  memory?: 'missing';
  threshold?: 'invalid';
}

const NEW_MEMORY: MemoryDraft = { source: '', target: '', memoryId: '', threshold: String(DEFAULT_MEMORY_THRESHOLD) };

export interface TranslationControlsDeps {
  send: Send;
  preferences: PreferencesStore;
  controls: TranslationControlsStore;
}

/** State of the options section "Translation controls"; the components only render it. */
export class TranslationControlsModel {
  readonly settings = signal<TranslationControls>(TranslationControls.parse({}));
  readonly preferences = signal<Preferences>(Preferences.parse({}));
  /** The service's text languages, for the pickers and for naming languages. */
  readonly languages = signal<Listing<Language>>({ loading: true, items: [] });
  /** The target language whose instructions and style rule list are shown (as the person picked it). */
  readonly target = signal('');
  readonly styleLists = signal<Listing<StyleRuleList>>({ loading: true, items: [] });
  readonly memories = signal<Listing<TranslationMemory>>({ loading: true, items: [] });
  /** The last change saved, for a polite confirmation. */
  readonly notice = signal<string | undefined>(undefined);
  /** Settings and preferences are read (the lists from the service may still be loading). */
  readonly loaded = signal(false);

  /** The instruction being written, and which one it replaces (undefined: a new one). */
  readonly instructionDraft = signal('');
  readonly instructionEditing = signal<number | undefined>(undefined);
  readonly instructionProblem = signal<InstructionProblem | undefined>(undefined);

  readonly memoryDraft = signal<MemoryDraft>(NEW_MEMORY);
  readonly memoryProblems = signal<MemoryProblems>({});

  readonly forcedReasons = computed(() => forcedQualityReasons(this.settings.value, this.preferences.value.modelType));
  /** Targets that take style rules (and so custom instructions). */
  readonly targets = computed(() => styleRuleTargets(this.languages.value.items));
  /** The shown target's code as the service spells it; '' while none is. */
  readonly targetCode = computed(() => this.targets.value.find((l) => sameCode(l.lang, this.target.value))?.lang ?? '');
  readonly instructions = computed(() => this.instructionsOf(this.targetCode.value));
  /** Memories of the account that cover the memory form's pair. */
  readonly fittingMemories = computed(() => {
    const { source, target } = this.memoryDraft.value;
    return this.memories.value.items.filter((m) =>
      memoryFits({ sourceLang: m.source_language ?? '', targetLangs: m.target_languages ?? [] }, source, target),
    );
  });

  private disposed = false;

  constructor(private readonly deps: TranslationControlsDeps) {}

  async load(): Promise<void> {
    this.notice.value = undefined;
    await Promise.all([this.loadSettings(), this.loadLanguages(), this.loadStyleLists(), this.loadMemories()]);
  }

  private async loadSettings(): Promise<void> {
    const [saved, prefs] = await Promise.all([this.deps.controls.get(), this.deps.preferences.get()]);
    if (this.disposed) return;
    this.settings.value = saved;
    this.preferences.value = prefs;
    this.loaded.value = true;
    this.pickTarget();
  }

  private async loadLanguages(): Promise<void> {
    this.languages.value = { ...this.languages.value, loading: true };
    const listing = await this.listing(() =>
      this.deps.send('languages.get', { resource: 'translate_text', includeBeta: false }),
    );
    if (this.disposed) return;
    this.languages.value = listing;
    this.pickTarget();
  }

  /** Once both are known, a target is shown: the preferred one if it takes style rules, else the first. */
  private pickTarget(): void {
    const targets = this.targets.value;
    if (this.targetCode.value || targets.length === 0 || !this.loaded.value) return;
    const wanted = this.preferences.value.targetLang;
    this.chooseTarget((targets.find((l) => sameCode(l.lang, wanted)) ?? targets[0])?.lang ?? '');
  }

  private async listing<T>(load: () => Promise<Result<T[]>>): Promise<Listing<T>> {
    const res = await load();
    return res.ok ? { loading: false, items: res.value } : { loading: false, items: [], error: res.error };
  }

  async loadStyleLists(): Promise<void> {
    this.styleLists.value = { ...this.styleLists.value, loading: true };
    const listing = await this.listing(() => this.deps.send('advanced.styleRules', {}));
    if (!this.disposed) this.styleLists.value = listing;
  }

  async loadMemories(): Promise<void> {
    this.memories.value = { ...this.memories.value, loading: true };
    const listing = await this.listing(() => this.deps.send('advanced.translationMemories', {}));
    if (!this.disposed) this.memories.value = listing;
  }

  /** Shows another target: the instruction being written is dropped. */
  chooseTarget(code: string): void {
    batch(() => {
      this.target.value = code;
      this.cancelInstruction();
    });
  }

  private async save(change: (s: TranslationControls) => TranslationControls, message: string): Promise<void> {
    this.settings.value = await this.deps.controls.update(change);
    this.notice.value = message;
  }

  instructionsOf(code: string): string[] {
    return this.settings.value.customInstructions[code] ?? [];
  }

  setInstructionDraft(text: string): void {
    batch(() => {
      this.instructionDraft.value = text;
      this.instructionProblem.value = undefined;
    });
  }

  editInstruction(index: number): void {
    batch(() => {
      this.instructionEditing.value = index;
      this.instructionDraft.value = this.instructions.value[index] ?? '';
      this.instructionProblem.value = undefined;
    });
  }

  cancelInstruction(): void {
    batch(() => {
      this.instructionEditing.value = undefined;
      this.instructionDraft.value = '';
      this.instructionProblem.value = undefined;
    });
  }

  /**
   * Adds the draft to the shown target's instructions, or puts it in place of the one edited. Returns why
   * not (also in `instructionProblem`); on success the form is empty again.
   */
  async submitInstruction(message: string): Promise<InstructionProblem | undefined> {
    const code = this.targetCode.value;
    const text = this.instructionDraft.value;
    const replacing = this.instructionEditing.value;
    const problem = await this.putInstruction(code, text, message, replacing);
    if (problem) this.instructionProblem.value = problem;
    else this.cancelInstruction();
    return problem;
  }

  /** Adds an instruction, or puts it in place of the one at `replacing`; returns why not, if it cannot. */
  async putInstruction(
    code: string,
    text: string,
    message: string,
    replacing?: number,
  ): Promise<InstructionProblem | undefined> {
    const problem = instructionProblem(text, this.instructionsOf(code), replacing);
    if (problem) return problem;
    const value = text.trim();
    // Checked again against what is stored: another change may have landed since the list was shown.
    let late: InstructionProblem | undefined;
    const saved = await this.deps.controls.update((s) => {
      const current = s.customInstructions[code] ?? [];
      late = instructionProblem(text, current, replacing);
      if (late) return s;
      const next = replacing === undefined ? [...current, value] : current.map((c, i) => (i === replacing ? value : c));
      return { ...s, customInstructions: { ...s.customInstructions, [code]: next } };
    });
    this.settings.value = saved;
    if (late) return late;
    this.notice.value = message;
    return undefined;
  }

  async removeInstruction(code: string, index: number, message: string): Promise<void> {
    await this.save((s) => {
      const next = (s.customInstructions[code] ?? []).filter((_, i) => i !== index);
      const customInstructions = { ...s.customInstructions, [code]: next };
      if (next.length === 0) delete customInstructions[code];
      return { ...s, customInstructions };
    }, message);
  }

  /** Chooses the style rule list of a target, or none (`undefined`). */
  async chooseStyleList(code: string, list: StyleRuleList | undefined, message: string): Promise<void> {
    await this.save((s) => {
      const styleRules = { ...s.styleRules };
      if (list) styleRules[code] = { styleId: list.style_id, name: list.name, language: list.language };
      else delete styleRules[code];
      return { ...s, styleRules };
    }, message);
  }

  /** Changes the memory form; another language drops the memory chosen for the previous pair. */
  changeMemoryDraft(patch: Partial<MemoryDraft>): void {
    const languageChanged = patch.source !== undefined || patch.target !== undefined;
    this.memoryDraft.value = { ...this.memoryDraft.value, ...(languageChanged ? { memoryId: '' } : {}), ...patch };
  }

  /**
   * Uses the form's memory for its pair. Returns false (and `memoryProblems`) when a field is missing or
   * wrong; on success the memory choice is cleared for the next pair.
   */
  async submitMemory(message: (memory: TranslationMemory, source: string, target: string) => string) {
    const { source, target, memoryId, threshold } = this.memoryDraft.value;
    const pairChosen = Boolean(source && target);
    const memory = this.fittingMemories.value.find((m) => m.translation_memory_id === memoryId);
    const value = parseThreshold(threshold);
    this.memoryProblems.value = {
      ...(pairChosen ? {} : { pair: 'missing' }),
      ...(memory || !pairChosen ? {} : { memory: 'missing' }),
      ...(value === undefined ? { threshold: 'invalid' } : {}),
    };
    if (!memory || value === undefined || !pairChosen) return false;
    await this.chooseMemory(source, target, memory, value, message(memory, source, target));
    this.changeMemoryDraft({ memoryId: '' });
    return true;
  }

  /** Chooses the translation memory of a pair, with its threshold. */
  async chooseMemory(
    source: string,
    targetCode: string,
    memory: TranslationMemory,
    threshold: number,
    message: string,
  ): Promise<void> {
    const choice: MemoryChoice = {
      memoryId: memory.translation_memory_id,
      name: memory.name ?? '',
      sourceLang: memory.source_language ?? source,
      targetLangs: memory.target_languages?.length ? memory.target_languages : [targetCode],
      threshold,
    };
    const key = glossaryPairKey(source, targetCode);
    await this.save((s) => ({ ...s, translationMemories: { ...s.translationMemories, [key]: choice } }), message);
  }

  async removeMemory(key: string, message: string): Promise<void> {
    await this.save((s) => {
      const translationMemories = { ...s.translationMemories };
      delete translationMemories[key];
      return { ...s, translationMemories };
    }, message);
  }

  async setTagHandlingV2(on: boolean, message: string): Promise<void> {
    await this.save((s) => ({ ...s, tagHandlingV2: on }), message);
  }

  /** The usage-tag switch is a preference (the Defaults section shows it too). */
  async setReportingTags(on: boolean, message: string): Promise<void> {
    this.preferences.value = await this.deps.preferences.update({ reportingTags: on });
    this.notice.value = message;
  }

  dispose(): void {
    this.disposed = true;
  }
}

export { DEFAULT_MEMORY_THRESHOLD };
