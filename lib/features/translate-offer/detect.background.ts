import { franc } from 'franc-min';
import { isLanguageCode } from '../../api/language-code.ts';
import { baseLanguage } from '../../settings/language-rules.ts';
import { FRANC_CODES } from './franc-codes.ts';

const ONLY = Object.keys(FRANC_CODES);

/** Below this many characters a sample's language is a guess: no offer is better than a wrong one. */
export const MIN_SAMPLE_CHARS = 80;

/**
 * The language a page is in, as a lower-case base code: the one it declares (`<html lang="de-AT">`), else
 * the one its text is written in (franc-min, in the worker: the page's text goes nowhere else), else
 * undefined.
 */
export function pageLanguage(declared: string | undefined, sample: string | undefined): string | undefined {
  const lang = declared?.trim();
  if (lang && isLanguageCode(lang)) return baseLanguage(lang);
  const text = sample?.replace(/\s+/g, ' ').trim() ?? '';
  if (text.length < MIN_SAMPLE_CHARS) return undefined;
  const code = FRANC_CODES[franc(text, { only: ONLY, minLength: MIN_SAMPLE_CHARS })];
  return code ? baseLanguage(code) : undefined;
}
