import { utf8Length } from '../api/utf8.ts';
import type { TranslateParams } from './schema.ts';

/**
 * The translate body is `{...params, "text": [t1, t2, ...]}` as UTF-8 JSON. Its size is exactly
 * base + sum(text bytes) + (n - 1) commas, where base is the body with an empty text list: so a batch can
 * be measured while it is filled, without serialising it again for every text.
 */
export function baseBodyBytes(params: TranslateParams): number {
  return utf8Length(JSON.stringify({ ...params, text: [] }));
}

/** Bytes one text takes in the body: its JSON string, quotes and escapes included. */
export function textBytes(text: string): number {
  return utf8Length(JSON.stringify(text));
}

/** The exact body size, for checks. */
export function bodyBytes(params: TranslateParams, texts: readonly string[]): number {
  return utf8Length(JSON.stringify({ ...params, text: texts }));
}
