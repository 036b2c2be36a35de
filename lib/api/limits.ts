import { ApiError } from './errors.ts';
import type { AnalyticsParams, KeyLimits } from './schemas/admin.ts';
import type { UploadDocumentParams } from './schemas/documents.ts';
import type { CreateGlossaryParams, PatchGlossaryParams } from './schemas/glossaries.ts';
import type { CorrectParams, RephraseParams } from './schemas/write.ts';
import type { TranslateParams } from './translate-params.ts';
import { utf8Length } from './utf8.ts';

export { measureTranslateBody } from './body.ts';

/** Limits of the contract (section 8), checked before sending so the person gets a precise reason. */
export const MAX_TEXTS = 50;
export const MAX_TRANSLATE_BODY_BYTES = 128 * 1024;
export const MAX_WRITE_BODY_BYTES = 10 * 1024;

/** The languages `/v2/write/correct` takes as `target_lang` without a variant (docs/contract.md §4.5). */
const CORRECT_BASE_LANGUAGES = new Set(['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh']);

/**
 * The `target_lang` of a correct request for text in `code` (any variant or case: `en-US`, `PT`,
 * `zh-Hans`): its base when the endpoint takes it, else undefined (the service then detects the language).
 */
export function correctTargetOf(code: string | undefined): string | undefined {
  const base = code?.split('-')[0]?.toLowerCase();
  return base && CORRECT_BASE_LANGUAGES.has(base) ? base : undefined;
}
export const MAX_CUSTOM_INSTRUCTIONS = 10;
export const MAX_CUSTOM_INSTRUCTION_CHARS = 300;
export const MAX_ANALYTICS_RANGE_DAYS = 366;
export const MAX_GLOSSARY_NAME_BYTES = 1024;

/**
 * How much longer than its text an answer may be: ten times, or the text plus 200 characters,
 * whichever is more (UTF-16 code units, markup included). Real translations stay well within it:
 * German from English runs about 1.3 times, English from Chinese about 3 to 4 times in characters,
 * and the slack covers short texts ("OK" -> "Einverstanden"). More is the service misbehaving, and
 * using it would put megabytes into a page: one answer 100,000 times its text once turned six
 * paragraphs into 5.6 MB each. Client rule, not the contract's: docs/security.md.
 */
export const MAX_ANSWER_RATIO = 10;
export const ANSWER_SLACK_CHARS = 200;

export const maxAnswerLength = (sourceLength: number): number =>
  Math.max(MAX_ANSWER_RATIO * sourceLength, sourceLength + ANSWER_SLACK_CHARS);

/** The refusal of an answer out of proportion to its text, or undefined when it is in proportion. */
export function checkAnswerLength(source: string, answer: string): ApiError | undefined {
  if (answer.length <= maxAnswerLength(source.length)) return undefined;
  const times = Math.round(answer.length / Math.max(1, source.length)).toLocaleString('en');
  return new ApiError({
    code: 'invalid_response',
    message: `The service's translation was ${times} times as long as the text, so it was not used (at most ${MAX_ANSWER_RATIO} times is accepted)`,
    detail: `${answer.length} characters for a text of ${source.length}`,
  });
}

/** Throws the first refusal among answers given in the order of their texts. */
export function checkAnswerLengths(sources: readonly string[], answers: readonly string[]): void {
  for (const [i, answer] of answers.entries()) {
    const refused = checkAnswerLength(sources[i] ?? '', answer);
    if (refused) throw refused;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function invalidRequest(message: string, detail?: string): ApiError {
  return new ApiError({ code: 'invalid_request', message, ...(detail !== undefined ? { detail } : {}) });
}

function checkTexts(text: unknown, max: number | undefined): asserts text is string[] {
  if (!Array.isArray(text) || !text.every((t) => typeof t === 'string')) {
    throw invalidRequest('text must be a list of strings');
  }
  if (text.length === 0) throw invalidRequest('text needs at least one entry');
  if (max !== undefined && text.length > max) {
    throw invalidRequest(`At most ${max} texts per request (got ${text.length})`);
  }
}

const codePoints = (s: string) => [...s].length;

/** `body` is the exact body that will be sent (see body.ts). */
export function checkTranslate(params: TranslateParams, body: string): void {
  checkTexts(params.text, MAX_TEXTS);
  if (typeof params.target_lang !== 'string' || params.target_lang.trim() === '') {
    throw invalidRequest('target_lang is required');
  }
  const instructions = params.custom_instructions;
  if (instructions !== undefined) {
    if (instructions.length > MAX_CUSTOM_INSTRUCTIONS) {
      throw invalidRequest(`At most ${MAX_CUSTOM_INSTRUCTIONS} custom instructions (got ${instructions.length})`);
    }
    const index = instructions.findIndex((s) => codePoints(s) > MAX_CUSTOM_INSTRUCTION_CHARS);
    if (index >= 0) {
      const length = codePoints(instructions[index] ?? '');
      throw invalidRequest(
        `Custom instruction ${index + 1} has ${length} characters; at most ${MAX_CUSTOM_INSTRUCTION_CHARS} are allowed`,
      );
    }
  }
  const threshold = params.translation_memory_threshold;
  if (threshold !== undefined && !(Number.isInteger(threshold) && threshold >= 0 && threshold <= 100)) {
    throw invalidRequest(`translation_memory_threshold must be a whole number from 0 to 100 (got ${threshold})`);
  }
  if (params.glossary_id && !params.source_lang) {
    throw invalidRequest('A glossary needs source_lang: the service cannot use one with a detected source');
  }
  if (params.model_type === 'latency_optimized') {
    const clash = [
      params.style_id && 'style_id',
      params.custom_instructions && 'custom_instructions',
      params.translation_memory_id && 'translation_memory_id',
      params.tag_handling_version === 'v2' && 'tag_handling_version v2',
    ].filter(Boolean);
    if (clash.length > 0) {
      throw invalidRequest(`model_type latency_optimized cannot be combined with ${clash.join(', ')}`);
    }
  }
  const bytes = utf8Length(body);
  if (bytes > MAX_TRANSLATE_BODY_BYTES) {
    throw invalidRequest(
      `The request body is ${bytes} bytes; the service accepts at most ${MAX_TRANSLATE_BODY_BYTES} (128 KiB). Split the texts into batches`,
    );
  }
}

export function checkRephrase(params: RephraseParams, body: string): void {
  checkTexts(params.text, undefined);
  if (params.writing_style !== undefined && params.tone !== undefined) {
    throw invalidRequest('writing_style and tone cannot both be sent');
  }
  checkWriteBody(body);
}

export function checkCorrect(params: CorrectParams, body: string): void {
  checkTexts(params.text, undefined);
  // The type forbids them, but params may come from another context as plain JSON.
  const extra = params as { writing_style?: unknown; tone?: unknown };
  if (extra.writing_style !== undefined || extra.tone !== undefined) {
    throw invalidRequest('correct does not accept writing_style or tone');
  }
  checkWriteBody(body);
}

function checkWriteBody(body: string): void {
  const bytes = utf8Length(body);
  if (bytes > MAX_WRITE_BODY_BYTES) {
    throw invalidRequest(
      `The request body is ${bytes} bytes; text improvement accepts at most ${MAX_WRITE_BODY_BYTES} (10 KiB)`,
    );
  }
}

export function checkDocument(params: UploadDocumentParams): void {
  if (!params.filename) throw invalidRequest('The document needs a file name');
  if (!params.target_lang) throw invalidRequest('target_lang is required');
  if (params.glossary_id && !params.source_lang) throw invalidRequest('A glossary needs source_lang');
}

export function checkGlossaryName(name: unknown): void {
  if (typeof name !== 'string' || name.trim() === '') throw invalidRequest('A glossary needs a name');
  const bytes = utf8Length(name);
  if (bytes > MAX_GLOSSARY_NAME_BYTES) {
    throw invalidRequest(`The glossary name is ${bytes} bytes (UTF-8); at most ${MAX_GLOSSARY_NAME_BYTES} are allowed`);
  }
}

export function checkCreateGlossary(params: CreateGlossaryParams): void {
  checkGlossaryName(params.name);
  if (!Array.isArray(params.dictionaries) || params.dictionaries.length === 0) {
    throw invalidRequest('A glossary needs at least one dictionary');
  }
}

export function checkPatchGlossary(params: PatchGlossaryParams): void {
  if (params.name !== undefined) checkGlossaryName(params.name);
  if (params.dictionaries !== undefined && params.dictionaries.length !== 1) {
    throw invalidRequest('One PATCH changes exactly one dictionary; send one call per dictionary');
  }
  if (params.name === undefined && params.dictionaries === undefined) {
    throw invalidRequest('Nothing to change: give a name or a dictionary');
  }
}

export function checkKeyLimits(limits: KeyLimits): void {
  const ok = (v: unknown) => v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 0);
  if (!ok(limits.characters)) throw invalidRequest('characters must be a whole number >= 0, or null (no limit)');
  if (limits.speech_to_text_milliseconds !== undefined && !ok(limits.speech_to_text_milliseconds)) {
    throw invalidRequest('speech_to_text_milliseconds must be a whole number >= 0, or null (no limit)');
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?$/;

/** Milliseconds since the epoch of a contract date (UTC, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`). */
export function parseAnalyticsDate(value: string, name: string): number {
  const m = DATE.exec(value);
  const ms = m ? Date.parse(m[4] ? `${value}Z` : `${value}T00:00:00Z`) : Number.NaN;
  // Date.parse rolls 2024-02-31 over to March; compare back to refuse it.
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value.slice(0, 10)) {
    throw invalidRequest(`${name} must be a UTC date as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS (got "${value}")`);
  }
  return ms;
}

export function checkAnalyticsRange(
  params: Pick<AnalyticsParams, 'start_date' | 'end_date'>,
  { maxDays = MAX_ANALYTICS_RANGE_DAYS }: { maxDays?: number } = {},
): void {
  const start = parseAnalyticsDate(params.start_date, 'start_date');
  const end = parseAnalyticsDate(params.end_date, 'end_date');
  if (start > end) throw invalidRequest('start_date must not be after end_date');
  if (end - start > maxDays * DAY_MS) {
    throw invalidRequest(`The analytics range is at most ${maxDays} days`);
  }
}
