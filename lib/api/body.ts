import type { CreateGlossaryParams, DictionaryInput, PatchGlossaryParams } from './schemas/glossaries.ts';
import type { CreateStyleRuleParams, CustomInstructionInput, PatchStyleRuleParams } from './schemas/style-rules.ts';
import type { CorrectParams, RephraseParams } from './schemas/write.ts';
import { TranslateParams } from './translate-params.ts';
import { utf8Length } from './utf8.ts';

/**
 * Copies only the named fields, in a fixed order. Callers (and messages from other contexts) may carry
 * extra keys; none of them, `auth_key` least of all, reaches the wire.
 */
function pick<T extends object>(params: T, keys: readonly (keyof T)[]): Partial<T> {
  const out: Partial<T> = {};
  for (const key of keys) if (params[key] !== undefined) out[key] = params[key];
  return out;
}

/** The fields of the translate body, in the order of the schema (`text` first). */
const TRANSLATE_FIELDS = Object.keys(TranslateParams.shape) as (keyof TranslateParams)[];

/** The exact JSON body of `POST /v2/translate`. */
export function buildTranslateBody(params: TranslateParams): string {
  return JSON.stringify(pick(params, TRANSLATE_FIELDS));
}

/** Bytes of the body `translate` would send: what the 128 KiB limit is measured on. */
export function measureTranslateBody(params: TranslateParams): number {
  return utf8Length(buildTranslateBody(params));
}

export function buildRephraseBody(params: RephraseParams): string {
  return JSON.stringify(pick(params, ['text', 'target_lang', 'writing_style', 'tone']));
}

export function buildCorrectBody(params: CorrectParams): string {
  return JSON.stringify(pick(params, ['text', 'target_lang']));
}

/** Bytes `text` takes in a JSON body: its encoded string, quotes and escapes included. */
export function jsonStringBytes(text: string): number {
  return utf8Length(JSON.stringify(text));
}

/** Bytes `text` adds inside a JSON string: its encoded string without the quotes. */
export function jsonStringContentBytes(text: string): number {
  return jsonStringBytes(text) - 2;
}

export function dictionaryBody(d: DictionaryInput): Partial<DictionaryInput> {
  return pick(d, ['source_lang', 'target_lang', 'entries', 'entries_format']);
}

/** For creation and PATCH: undefined fields are left out by JSON.stringify. */
export function glossaryBody(params: CreateGlossaryParams | PatchGlossaryParams) {
  return { name: params.name, dictionaries: params.dictionaries?.map(dictionaryBody) };
}

export function instructionBody(input: CustomInstructionInput): Partial<CustomInstructionInput> {
  return pick(input, ['label', 'prompt', 'source_language']);
}

export function styleRuleBody(params: CreateStyleRuleParams | PatchStyleRuleParams) {
  const p = params as Partial<CreateStyleRuleParams>;
  return {
    name: p.name,
    language: p.language,
    configured_rules: p.configured_rules,
    custom_instructions: p.custom_instructions?.map(instructionBody),
  };
}
