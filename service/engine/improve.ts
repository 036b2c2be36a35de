import { baseOf, canonicalCode } from '../data/languages.ts';
import {
  AMERICAN_TO_BRITISH,
  BRAZILIAN_TO_EUROPEAN,
  DEFAULT_REPHRASE,
  invert,
  MISSPELLINGS,
  STYLE_WORDS,
  TRADITIONAL_TO_SIMPLIFIED,
  type WordMap,
} from './wording.ts';

export const WRITING_STYLES = ['simple', 'business', 'academic', 'casual'] as const;
export const TONES = ['enthusiastic', 'friendly', 'confident', 'diplomatic'] as const;
export type WritingStyle = (typeof WRITING_STYLES)[number];
export type Tone = (typeof TONES)[number];

export interface ImproveOptions {
  mode: 'correct' | 'rephrase';
  /** Write target code (`en-GB`, `de`, `zh-Hans`). */
  target: string;
  /** The effective style or tone (prefer_ already resolved, default omitted). Rephrase only. */
  style?: WritingStyle | Tone;
}

const BRITISH_TO_AMERICAN = invert(AMERICAN_TO_BRITISH);
const EUROPEAN_TO_BRAZILIAN = invert(BRAZILIAN_TO_EUROPEAN);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The replacement in the case of what it replaces: `Teh` -> `The`, `TEH` -> `THE`. */
function matchCase(found: string, replacement: string): string {
  if ([...found].length > 1 && found === found.toUpperCase() && found !== found.toLowerCase()) {
    return replacement.toUpperCase();
  }
  const first = found[0];
  if (first !== undefined && first !== first.toLowerCase()) return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
}

const patterns = new WeakMap<WordMap, { regex: RegExp; lookup: Map<string, string> }>();

/** Replaces whole words or phrases of the map, longest first, case-insensitively, keeping case. */
export function replaceWords(text: string, map: WordMap): string {
  let compiled = patterns.get(map);
  if (!compiled) {
    const keys = Object.keys(map).sort((a, b) => b.length - a.length);
    const lookup = new Map(Object.entries(map).map(([k, v]) => [k.toLowerCase(), v]));
    const regex = new RegExp(`(?<![\\p{L}\\p{N}'])(?:${keys.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}'])`, 'giu');
    compiled = { regex, lookup };
    patterns.set(map, compiled);
  }
  const { regex, lookup } = compiled;
  return text.replace(regex, (found) => matchCase(found, lookup.get(found.toLowerCase()) ?? found));
}

function replaceCharacters(text: string, map: WordMap): string {
  let out = '';
  for (const ch of text) out += map[ch] ?? ch;
  return out;
}

/** Spelling of the target variant (docs/contract.md §4.5 rule 1: text is converted between variants). */
function convertVariant(text: string, target: string): string {
  switch (canonicalCode(target)) {
    case 'en-GB':
      return replaceWords(text, AMERICAN_TO_BRITISH);
    case 'en-US':
      return replaceWords(text, BRITISH_TO_AMERICAN);
    case 'pt-PT':
      return replaceWords(text, BRAZILIAN_TO_EUROPEAN);
    case 'pt-BR':
      return replaceWords(text, EUROPEAN_TO_BRAZILIAN);
    case 'zh':
    case 'zh-Hans':
      return replaceCharacters(text, TRADITIONAL_TO_SIMPLIFIED);
    default:
      return text;
  }
}

function fixSpacing(text: string, base: string): string {
  const collapsed = text.replace(/[ \t]{2,}/g, ' ').replace(/([,;])(?=\p{L})/gu, '$1 ');
  // French keeps its space before ; : ! ?
  return collapsed.replace(base === 'fr' ? / +([,.])/g : / +([,.!?;:])/g, '$1');
}

function capitaliseSentences(text: string): string {
  let out = '';
  let atStart = true;
  let afterStop = false;
  for (const ch of text) {
    if (/[\p{L}\p{N}]/u.test(ch)) {
      out += atStart ? ch.toUpperCase() : ch;
      atStart = false;
      afterStop = false;
      continue;
    }
    out += ch;
    if (/[.!?]/.test(ch)) afterStop = true;
    else if (ch === '\n') atStart = true;
    else if (/\s/u.test(ch)) {
      if (afterStop) atStart = true;
      afterStop = false;
    }
  }
  return out;
}

/** Spelling, repeated words, spacing and variant: what both endpoints do. */
function correctWords(text: string, target: string): string {
  const base = baseOf(target);
  let out = MISSPELLINGS[base] ? replaceWords(text, MISSPELLINGS[base]) : text;
  out = convertVariant(out, target);
  out = out.replace(/(?<![\p{L}\p{N}])([\p{L}\p{N}]+)(\s+)\1(?![\p{L}\p{N}])/giu, '$1');
  if (base === 'en') out = out.replace(/(?<![\p{L}\p{N}'])i(?=\s|'m|'ve|'ll|'d|$|[,!?;:])/gu, 'I');
  return fixSpacing(out, base);
}

/**
 * Deterministic text improvement. `correct` fixes spelling (a built-in list of common misspellings),
 * repeated words, spacing, a lower-case English "i" and sentence-initial capitals, and converts to the
 * target variant. `rephrase` does the same and rewords English text: wordy phrases by default, plus
 * word choices that follow the writing style or tone.
 */
export function improveText(text: string, options: ImproveOptions): string {
  let out = correctWords(text, options.target);
  if (options.mode === 'rephrase' && baseOf(options.target) === 'en') {
    out = replaceWords(out, DEFAULT_REPHRASE);
    if (options.style) out = replaceWords(out, STYLE_WORDS[options.style]!);
    if (options.style === 'enthusiastic') out = out.replace(/\.(\s*)$/, '!$1');
  }
  return capitaliseSentences(out);
}
