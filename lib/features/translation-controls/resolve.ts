import type { Formality, Language, ModelType, TranslateParams } from '../../api/index.ts';
import { MAX_CUSTOM_INSTRUCTION_CHARS, MAX_CUSTOM_INSTRUCTIONS } from '../../api/limits.ts';
import { baseOf, entryFor, formalityFor, hasFeature, languageName } from '../../languages/index.ts';
import { ruleFor } from '../../settings/items.ts';
import { type GlossaryDefaults, glossaryPairKey, type Preferences, type SiteRules } from '../../settings/schema.ts';
import {
  codePoints,
  DEFAULT_MEMORY_THRESHOLD,
  type MemoryChoice,
  type TranslationControls,
} from '../../settings/translation-controls.ts';
import { t } from '../../ui/i18n.ts';
import { memoryFits, styleListFits, takesStyleRules } from './matching.ts';
import type { GlossaryChoice } from './messages.ts';
import { type QualityReason, switchedModelNote } from './wording.ts';

/** The parameters of `POST /v2/translate` other than the texts. */
export type Params = Omit<TranslateParams, 'text'>;

/**
 * The features that send `POST /v2/translate` (documents have their own endpoint; writing help's
 * corrections too, but its "translate what I type" translates).
 */
export type TranslateFeature = 'page' | 'selection' | 'popup' | 'writing' | 'video';

export interface TranslateRequest {
  feature: TranslateFeature;
  targetLang: string;
  /** A known source; absent: the service detects it. */
  sourceLang?: string;
  /** The site the text comes from: its rule's formality and model apply. */
  host?: string;
  tagHandling?: 'html' | 'xml';
  /** Sent only when the person allows context (preferences.sendContext). */
  context?: string;
  /** Choices made for this one translation (the popup's or the bubble's pickers). */
  overrides?: { formality?: Formality; modelType?: ModelType | ''; glossary?: GlossaryChoice };
}

export type NoteCode =
  | 'model_switched'
  | 'detected_source_model'
  | 'formality_fallback'
  | 'glossary_needs_source'
  | 'instructions_unsupported'
  | 'style_unsupported'
  | 'style_mismatch'
  | 'memory_needs_source'
  | 'memory_mismatch';

/** Why a parameter was changed or left out, worded for people. */
export interface ParamNote {
  code: NoteCode;
  message: string;
}

export interface ResolvedParams {
  params: Params;
  notes: ParamNote[];
  /** The formality and model chosen (override, site rule or default), before the rules applied. */
  chosen: { formality: Formality; modelType: ModelType | '' };
}

export interface ResolverInputs {
  preferences: Preferences;
  siteRules: SiteRules;
  glossaryDefaults: GlossaryDefaults;
  advanced: TranslationControls;
  /** translate_text languages; empty when not known (choices then pass through). */
  languages: readonly Language[];
}

const validInstructions = (list: readonly string[]) =>
  list
    .map((s) => s.trim())
    .filter((s) => s && codePoints(s) <= MAX_CUSTOM_INSTRUCTION_CHARS)
    .slice(0, MAX_CUSTOM_INSTRUCTIONS);

/** An integer from 0 to 100; anything else becomes the contract's default. */
export function memoryThreshold(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return DEFAULT_MEMORY_THRESHOLD;
  return Math.min(100, Math.max(0, Math.round(value)));
}

function glossaryFor(inputs: ResolverInputs, req: TranslateRequest, notes: ParamNote[]): string | undefined {
  const choice = req.overrides?.glossary ?? { kind: 'default' };
  const source = req.sourceLang;
  if (choice.kind === 'none') return undefined;
  if (!source) {
    if (choice.kind === 'id') {
      notes.push({
        code: 'glossary_needs_source',
        message: t('advGlossaryNeedsSource', 'The glossary was not used: it needs a chosen source language.'),
      });
    }
    return undefined;
  }
  if (choice.kind === 'id') return choice.id;
  return defaultGlossary(inputs, source, req.targetLang);
}

/** The pair's default glossary, where both languages take glossaries (or the list is not known). */
function defaultGlossary(inputs: ResolverInputs, source: string, target: string): string | undefined {
  const { languages } = inputs;
  const usable =
    languages.length === 0 || (hasFeature(source, languages, 'glossary') && hasFeature(target, languages, 'glossary'));
  return usable ? inputs.glossaryDefaults[glossaryPairKey(source, target)] || undefined : undefined;
}

/** What a translation starts from before any choice made for it alone. */
export interface DefaultChoices {
  /** The site rule's, else the preferences'. */
  formality: Formality;
  modelType: ModelType | '';
  /** The pair's default glossary; none without a known source (a glossary needs one). */
  glossaryId?: string;
}

/**
 * The person's own defaults for a pair (and a site): `resolveParams` starts from them, and the document
 * page, whose requests go to another endpoint, preselects them in its form.
 */
export function defaultChoices(
  inputs: ResolverInputs,
  req: { targetLang: string; sourceLang?: string; host?: string },
): DefaultChoices {
  const rule = req.host ? ruleFor(inputs.siteRules, req.host) : undefined;
  const glossaryId = req.sourceLang ? defaultGlossary(inputs, req.sourceLang, req.targetLang) : undefined;
  return {
    formality: rule?.formality || inputs.preferences.formality,
    modelType: rule?.modelType || inputs.preferences.modelType,
    ...(glossaryId ? { glossaryId } : {}),
  };
}

function instructionsFor(inputs: ResolverInputs, target: string, notes: ParamNote[]): string[] | undefined {
  const list = validInstructions(entryFor(inputs.advanced.customInstructions, target) ?? []);
  if (list.length === 0) return undefined;
  if (!takesStyleRules(target, inputs.languages)) {
    const name = languageName(target, inputs.languages);
    notes.push({
      code: 'instructions_unsupported',
      message: t('advInstructionsUnsupported', 'Custom instructions were not sent: $1 does not support them.', name),
    });
    return undefined;
  }
  return list;
}

function styleFor(inputs: ResolverInputs, target: string, notes: ParamNote[]): string | undefined {
  const style = entryFor(inputs.advanced.styleRules, target);
  if (!style) return undefined;
  const name = languageName(target, inputs.languages);
  if (!takesStyleRules(target, inputs.languages)) {
    notes.push({
      code: 'style_unsupported',
      message: t('advStyleUnsupported', 'The style rule list was not used: $1 does not support style rules.', name),
    });
    return undefined;
  }
  if (!styleListFits(style.language, target)) {
    notes.push({
      code: 'style_mismatch',
      message: t('advStyleMismatch', 'The style rule list “$1” is for another language than $2.', [style.name, name]),
    });
    return undefined;
  }
  return style.styleId;
}

function memoryFor(inputs: ResolverInputs, req: TranslateRequest, notes: ParamNote[]): MemoryChoice | undefined {
  const memories = inputs.advanced.translationMemories;
  const source = req.sourceLang;
  if (!source) {
    const forTargetBase = Object.keys(memories).some((k) => k.endsWith(`>${baseOf(req.targetLang)}`));
    if (forTargetBase) {
      notes.push({
        code: 'memory_needs_source',
        message: t('advMemoryNeedsSource', 'No translation memory was used: it needs a known source language.'),
      });
    }
    return undefined;
  }
  const memory = memories[glossaryPairKey(source, req.targetLang)];
  if (!memory) return undefined;
  if (!memoryFits(memory, source, req.targetLang)) {
    notes.push({
      code: 'memory_mismatch',
      message: t('advMemoryMismatch', 'The translation memory “$1” does not cover this language pair.', memory.name),
    });
    return undefined;
  }
  return memory;
}

/**
 * The parameters for one translation, from the preferences, the site's rule, the glossary defaults, the
 * translation controls and what the target language supports. Only valid combinations come out
 * (docs/contract.md §4.1): style rules, custom instructions, a translation memory and markup handling v2 need the
 * quality-optimised model, so they switch the request to it, with a note when another model was chosen.
 */
export function resolveParams(inputs: ResolverInputs, req: TranslateRequest): ResolvedParams {
  const { preferences: prefs, languages } = inputs;
  const target = req.targetLang;
  const source = req.sourceLang || undefined;
  const defaults = defaultChoices(inputs, { targetLang: target, ...(req.host ? { host: req.host } : {}) });
  const notes: ParamNote[] = [];
  const chosenFormality = req.overrides?.formality ?? defaults.formality;
  const chosenModel = req.overrides?.modelType ?? defaults.modelType;

  const formality = formalityFor(chosenFormality, target, languages);
  if (formality && formality !== chosenFormality && languages.length > 0) {
    notes.push({
      code: 'formality_fallback',
      message: t(
        'advFormalityFallback',
        '$1 has no formality options: the default was used.',
        languageName(target, languages),
      ),
    });
  }
  const request = { ...req, sourceLang: source };
  const glossaryId = glossaryFor(inputs, request, notes);
  const instructions = instructionsFor(inputs, target, notes);
  const styleId = styleFor(inputs, target, notes);
  const memory = memoryFor(inputs, request, notes);
  const tagsV2 = Boolean(req.tagHandling && inputs.advanced.tagHandlingV2);

  const reasons: QualityReason[] = [
    ...(instructions ? (['custom_instructions'] as const) : []),
    ...(styleId ? (['style_rules'] as const) : []),
    ...(memory ? (['translation_memory'] as const) : []),
    ...(tagsV2 ? (['tag_handling_v2'] as const) : []),
  ];
  let modelType: ModelType | undefined = chosenModel || undefined;
  if (reasons.length > 0) {
    modelType = 'quality_optimized';
    if (chosenModel === 'latency_optimized') {
      notes.push({ code: 'model_switched', message: switchedModelNote(reasons) });
    }
  } else if (chosenModel === 'latency_optimized' && !source) {
    notes.push({
      code: 'detected_source_model',
      message: t(
        'advDetectedSourceModel',
        'With a detected source language the service uses its quality-optimised model.',
      ),
    });
  }

  const context = prefs.sendContext && req.context ? req.context : undefined;
  const params: Params = {
    target_lang: target,
    ...(source ? { source_lang: source } : {}),
    ...(formality ? { formality } : {}),
    ...(context ? { context } : {}),
    ...(req.tagHandling ? { tag_handling: req.tagHandling } : {}),
    ...(tagsV2 ? { tag_handling_version: 'v2' as const } : {}),
    ...(glossaryId ? { glossary_id: glossaryId } : {}),
    ...(styleId ? { style_id: styleId } : {}),
    ...(instructions ? { custom_instructions: instructions } : {}),
    ...(memory
      ? { translation_memory_id: memory.memoryId, translation_memory_threshold: memoryThreshold(memory.threshold) }
      : {}),
    ...(modelType ? { model_type: modelType } : {}),
  };
  return { params, notes, chosen: { formality: chosenFormality, modelType: chosenModel } };
}
