import { canonicalCode, type Language, sourceLanguage, targetLanguage } from '../data/languages.ts';
import { isTagName, type MarkupOptions } from '../engine/markup.ts';
import { FORMALITIES, type Formality, type SplitSentences } from '../engine/translate.ts';
import { bool, list, type Params, str } from '../http/body.ts';
import { badRequest } from '../http/errors.ts';
import type { ServiceState } from '../stores/state.ts';

export const MAX_TEXTS = 50;
export const MAX_INSTRUCTIONS = 10;
export const MAX_INSTRUCTION_CHARS = 300;

const MODEL_TYPES = ['latency_optimized', 'quality_optimized', 'prefer_quality_optimized'] as const;
type ModelType = (typeof MODEL_TYPES)[number];
const SPLITS = ['0', '1', 'nonewlines'] as const;

/** A validated `POST /v2/translate` request (docs/contract.md §4.1), before glossary and account lookups. */
export interface TranslateParams {
  texts: string[];
  target: Language;
  source?: Language;
  context?: string;
  modelType?: ModelType;
  /** Next-gen model in use (rules 2-5); decides `model_type_used` and how split_sentences applies. */
  nextGen: boolean;
  splitSentences: SplitSentences;
  preserveFormatting: boolean;
  formality?: Formality;
  glossaryId?: string;
  styleId?: string;
  customInstructions?: string[];
  translationMemoryId?: string;
  translationMemoryThreshold: number;
  showBilledCharacters: boolean;
  tagHandling?: MarkupOptions;
}

function oneOf<T extends string>(value: unknown, name: string, allowed: readonly T[]): T | undefined {
  const text = typeof value === 'number' ? String(value) : str(value, name);
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) {
    throw badRequest(`Value for '${name}' not supported: ${text}`, `Allowed: ${allowed.join(', ')}`);
  }
  return text as T;
}

function tagList(value: unknown, name: string): string[] | undefined {
  const tags = list(value, name, true);
  const bad = tags?.find((t) => !isTagName(t));
  if (bad !== undefined) throw badRequest(`Invalid tag name in '${name}': ${bad}`);
  return tags;
}

function threshold(value: unknown): number {
  if (value === undefined || value === null) return 75;
  const n = typeof value === 'number' ? value : Number(str(value, 'translation_memory_threshold'));
  if (!Number.isInteger(n) || n < 0 || n > 100) {
    throw badRequest("Parameter 'translation_memory_threshold' must be an integer from 0 to 100");
  }
  return n;
}

function texts(value: unknown): string[] {
  const items = list(value, 'text') ?? [];
  if (items.length === 0) throw badRequest("Parameter 'text' is required and must hold at least one text");
  if (items.length > MAX_TEXTS) throw badRequest(`Too many texts: at most ${MAX_TEXTS} per request`);
  return items;
}

function instructions(value: unknown, target: Language): string[] | undefined {
  const items = list(value, 'custom_instructions');
  if (items === undefined || items.length === 0) return undefined;
  if (items.length > MAX_INSTRUCTIONS) {
    throw badRequest(`Too many custom_instructions: at most ${MAX_INSTRUCTIONS}`);
  }
  if (items.some((i) => [...i].length > MAX_INSTRUCTION_CHARS)) {
    throw badRequest(`Each custom instruction may hold at most ${MAX_INSTRUCTION_CHARS} characters`);
  }
  if (!('style_rules' in target.features)) {
    throw badRequest(`custom_instructions are not supported for target_lang ${target.lang}`);
  }
  return items;
}

/** Reads and checks every parameter; throws 400 naming the parameter. */
export function parseTranslateParams(state: ServiceState, params: Params): TranslateParams {
  const textList = texts(params.text);
  const targetCode = str(params.target_lang, 'target_lang');
  if (!targetCode) throw badRequest("Parameter 'target_lang' is required");
  const target = targetLanguage(state, 'translate_text', targetCode);
  if (!target) throw badRequest(`Value for 'target_lang' not supported: ${targetCode}`);
  const sourceCode = str(params.source_lang, 'source_lang');
  const source = sourceCode ? sourceLanguage(state, 'translate_text', sourceCode) : undefined;
  if (sourceCode && !source) throw badRequest(`Value for 'source_lang' not supported: ${sourceCode}`);

  const modelType = oneOf(params.model_type, 'model_type', MODEL_TYPES);
  const tagMode = oneOf(params.tag_handling, 'tag_handling', ['xml', 'html'] as const);
  const tagVersion = oneOf(params.tag_handling_version, 'tag_handling_version', ['v1', 'v2'] as const);
  const styleId = str(params.style_id, 'style_id') || undefined;
  const customInstructions = instructions(params.custom_instructions, target);
  const translationMemoryId = str(params.translation_memory_id, 'translation_memory_id') || undefined;
  const glossaryId = str(params.glossary_id, 'glossary_id') || undefined;
  if (glossaryId && !source) throw badRequest("Parameter 'glossary_id' requires 'source_lang'");

  if (modelType === 'latency_optimized') {
    const clash = [
      tagVersion === 'v2' && 'tag_handling_version v2',
      styleId && 'style_id',
      customInstructions && 'custom_instructions',
      translationMemoryId && 'translation_memory_id',
    ].filter(Boolean);
    if (clash.length > 0) throw badRequest(`model_type latency_optimized cannot be combined with ${clash.join(', ')}`);
    const promoted = [target, source].find((l) => l?.promotedFromBeta);
    if (promoted) {
      throw badRequest(`Language ${canonicalCode(promoted.lang)} is available with quality_optimized models only`);
    }
  }
  const nextGen =
    !source ||
    tagVersion === 'v2' ||
    Boolean(styleId || customInstructions || translationMemoryId) ||
    modelType === 'quality_optimized' ||
    modelType === 'prefer_quality_optimized';

  const requested = oneOf(params.split_sentences, 'split_sentences', SPLITS);
  // Rule 2: next-gen models ignore split_sentences.
  const splitSentences = nextGen
    ? tagMode
      ? 'nonewlines'
      : '0'
    : (requested ?? (tagMode === 'html' ? 'nonewlines' : '1'));

  const ignoreTags = tagList(params.ignore_tags, 'ignore_tags');
  const splittingTags = tagList(params.splitting_tags, 'splitting_tags');
  const nonSplittingTags = tagList(params.non_splitting_tags, 'non_splitting_tags');
  const outlineDetection = bool(params.outline_detection, 'outline_detection');
  if (tagMode) {
    const lacking = [target, source].find((l) => l && !('tag_handling' in l.features));
    if (lacking) throw badRequest(`tag_handling is not supported for ${lacking.lang}`);
  }
  return {
    texts: textList,
    target,
    source,
    context: str(params.context, 'context'),
    modelType,
    nextGen,
    splitSentences,
    preserveFormatting: bool(params.preserve_formatting, 'preserve_formatting') ?? false,
    formality: oneOf(params.formality, 'formality', FORMALITIES),
    glossaryId,
    styleId,
    customInstructions,
    translationMemoryId,
    translationMemoryThreshold: threshold(params.translation_memory_threshold),
    showBilledCharacters: bool(params.show_billed_characters, 'show_billed_characters') ?? false,
    tagHandling: tagMode
      ? { mode: tagMode, ignoreTags, splittingTags, nonSplittingTags, outlineDetection: outlineDetection ?? true }
      : undefined,
  };
}
