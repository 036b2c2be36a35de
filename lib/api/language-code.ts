import { z } from 'zod';

/**
 * A language code as the contract writes them: a base language of two or three letters, then subtags
 * (EN-GB, PT-BR, ZH-HANT, zh-Hant, de), in any case (docs/contract.md §9.6). Only the shape is checked:
 * the service adds languages whenever it likes (§9.5), so no list of codes is kept here.
 */
export const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/**
 * The longest code accepted: RFC 5646 §4.4.1 asks every implementation to handle 35 characters, and the
 * contract's codes are far shorter.
 */
export const MAX_LANGUAGE_CODE_LENGTH = 35;

/** A language code in a message or a request: surrounding spaces dropped, then the shape checked. */
export const LanguageCode = z.string().trim().max(MAX_LANGUAGE_CODE_LENGTH).regex(LANGUAGE_CODE, 'Not a language code');

export const isLanguageCode = (value: string): boolean =>
  value.length <= MAX_LANGUAGE_CODE_LENGTH && LANGUAGE_CODE.test(value);
