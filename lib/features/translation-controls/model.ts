import { computed, signal } from '@preact/signals';
import type { StyleRuleList, TranslationMemory } from '../../api/index.ts';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { getPreferences, updatePreferences } from '../../settings/items.ts';
import { glossaryPairKey, Preferences } from '../../settings/schema.ts';
import {
  DEFAULT_MEMORY_THRESHOLD,
  getTranslationControls,
  type MemoryChoice,
  TranslationControls,
  updateTranslationControls,
} from '../../settings/translation-controls.ts';
import { forcedQualityReasons, type InstructionProblem, instructionProblem } from './checks.ts';

/** State of the options section "Translation controls"; the components only render it. */

export interface Listing<T> {
  loading: boolean;
  items: T[];
  error?: ErrorInfo;
}

export const settings = signal<TranslationControls>(TranslationControls.parse({}));
export const preferences = signal<Preferences>(Preferences.parse({}));
/** The target language whose instructions and style rule list are shown. */
export const target = signal('');
export const styleLists = signal<Listing<StyleRuleList>>({ loading: true, items: [] });
export const memories = signal<Listing<TranslationMemory>>({ loading: true, items: [] });
/** The last change saved, for a polite confirmation. */
export const notice = signal<string | undefined>(undefined);
/** Settings and preferences are read (the lists from the service may still be loading). */
export const loaded = signal(false);

export const forcedReasons = computed(() => forcedQualityReasons(settings.value, preferences.value.modelType));

async function listing<T>(load: () => Promise<{ ok: true; value: T[] } | { ok: false; error: ErrorInfo }>) {
  const res = await load();
  return res.ok ? { loading: false, items: res.value } : { loading: false, items: [], error: res.error };
}

export async function loadStyleLists(): Promise<void> {
  styleLists.value = { ...styleLists.value, loading: true };
  styleLists.value = await listing(() => send('advanced.styleRules', {}));
}

export async function loadMemories(): Promise<void> {
  memories.value = { ...memories.value, loading: true };
  memories.value = await listing(() => send('advanced.translationMemories', {}));
}

export async function load(): Promise<void> {
  notice.value = undefined;
  const [saved, prefs] = await Promise.all([getTranslationControls(), getPreferences()]);
  settings.value = saved;
  preferences.value = prefs;
  loaded.value = true;
  await Promise.all([loadStyleLists(), loadMemories()]);
}

async function save(change: (s: TranslationControls) => TranslationControls, message: string): Promise<void> {
  settings.value = await updateTranslationControls(change);
  notice.value = message;
}

export const instructionsOf = (code: string): string[] => settings.value.customInstructions[code] ?? [];

/** Adds an instruction, or puts it in place of the one at `replacing`; returns why not, if it cannot. */
export async function putInstruction(
  code: string,
  text: string,
  message: string,
  replacing?: number,
): Promise<InstructionProblem | undefined> {
  const problem = instructionProblem(text, instructionsOf(code), replacing);
  if (problem) return problem;
  const value = text.trim();
  // Checked again against what is stored: another change may have landed since the list was shown.
  let late: InstructionProblem | undefined;
  const saved = await updateTranslationControls((s) => {
    const current = s.customInstructions[code] ?? [];
    late = instructionProblem(text, current, replacing);
    if (late) return s;
    const next = replacing === undefined ? [...current, value] : current.map((c, i) => (i === replacing ? value : c));
    return { ...s, customInstructions: { ...s.customInstructions, [code]: next } };
  });
  settings.value = saved;
  if (late) return late;
  notice.value = message;
  return undefined;
}

export async function removeInstruction(code: string, index: number, message: string): Promise<void> {
  await save((s) => {
    const next = (s.customInstructions[code] ?? []).filter((_, i) => i !== index);
    const customInstructions = { ...s.customInstructions, [code]: next };
    if (next.length === 0) delete customInstructions[code];
    return { ...s, customInstructions };
  }, message);
}

/** Chooses the style rule list of a target, or none (`undefined`). */
export async function chooseStyleList(code: string, list: StyleRuleList | undefined, message: string) {
  await save((s) => {
    const styleRules = { ...s.styleRules };
    if (list) styleRules[code] = { styleId: list.style_id, name: list.name, language: list.language };
    else delete styleRules[code];
    return { ...s, styleRules };
  }, message);
}

/** Chooses the translation memory of a pair, with its threshold. */
export async function chooseMemory(
  source: string,
  targetCode: string,
  memory: TranslationMemory,
  threshold: number,
  message: string,
) {
  const choice: MemoryChoice = {
    memoryId: memory.translation_memory_id,
    name: memory.name ?? '',
    sourceLang: memory.source_language ?? source,
    targetLangs: memory.target_languages?.length ? memory.target_languages : [targetCode],
    threshold,
  };
  const key = glossaryPairKey(source, targetCode);
  await save((s) => ({ ...s, translationMemories: { ...s.translationMemories, [key]: choice } }), message);
}

export async function removeMemory(key: string, message: string) {
  await save((s) => {
    const translationMemories = { ...s.translationMemories };
    delete translationMemories[key];
    return { ...s, translationMemories };
  }, message);
}

export async function setTagHandlingV2(on: boolean, message: string) {
  await save((s) => ({ ...s, tagHandlingV2: on }), message);
}

/** The usage-tag switch is a preference (the Defaults section shows it too). */
export async function setReportingTags(on: boolean, message: string) {
  preferences.value = await updatePreferences({ reportingTags: on });
  notice.value = message;
}

export { DEFAULT_MEMORY_THRESHOLD };
