import { strFromU8, unzipSync } from 'fflate';

/**
 * What translating a document will cost, told before it is uploaded (docs/contract.md §D6 rule 4): Word,
 * PowerPoint, Excel and PDF files count at least 50,000 characters each, whatever their length; the
 * other types count the characters of their text. The count here is an estimate from the file as it is
 * on disk; the service's `billed_characters` is the word that counts.
 */

/** docs/contract.md §D6 rule 4. */
export const DOCUMENT_MINIMUM_CHARACTERS = 50_000;

/** The types billed at least `DOCUMENT_MINIMUM_CHARACTERS` each. */
export const MINIMUM_BILLED_TYPES = ['docx', 'doc', 'pptx', 'xlsx', 'pdf'] as const;

const TEXT_TYPES = new Set(['txt', 'htm', 'html', 'srt', 'xlf', 'xliff']);

export const minimumApplies = (ext: string): boolean => (MINIMUM_BILLED_TYPES as readonly string[]).includes(ext);

export type ChargeEstimate =
  /** A type with a minimum; `characters` when its text could be counted (not for doc and pdf). */
  | { kind: 'minimum'; minimum: number; characters?: number }
  /** A text type: about this many characters. */
  | { kind: 'counted'; characters: number }
  /** Images (beta) and files that cannot be read: nothing to say. */
  | { kind: 'unknown' };

/** The characters billed at least: the count, raised to the minimum where one applies. */
export function chargeOf(estimate: ChargeEstimate): number | undefined {
  if (estimate.kind === 'minimum') return Math.max(estimate.minimum, estimate.characters ?? 0);
  if (estimate.kind === 'counted') return estimate.characters;
  return undefined;
}

/** Unicode code points, as the service counts characters (docs/contract.md §D6 rule 1), without copying the text. */
export function codePointCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A low surrogate after a high one completes a code point already counted.
    if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff))
      n++;
  }
  return n;
}

const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|amp|lt|gt|quot|apos|nbsp);/gi;
const entitiesAsOne = (text: string) => text.replace(ENTITY, 'x');

/** The text between the tags, entities counted as one character; scripts, styles and comments left out. */
function markupText(markup: string): string {
  return entitiesAsOne(
    markup
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<[^>]*>/g, ''),
  );
}

/** The text of the given elements (`w:t`, `a:t`, `source`...) of an XML document. */
function elementsText(xml: string, name: string): string {
  const out: string[] = [];
  const re = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'g');
  for (const m of xml.matchAll(re)) out.push(markupText(m[1] ?? ''));
  return out.join('');
}

/** Subtitles: the cue texts, without their numbers and timecodes. */
function subtitleText(srt: string): string {
  return srt
    .split(/\r?\n/)
    .filter((line) => !/^\s*\d+\s*$/.test(line) && !/-->/.test(line))
    .join('');
}

/** Office files: the parts that hold their text, by the element that holds it. */
const OFFICE_TEXT: Record<string, { part: RegExp; element: string }> = {
  docx: { part: /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/, element: 'w:t' },
  pptx: { part: /^ppt\/(slides\/slide\d+|notesSlides\/notesSlide\d+)\.xml$/, element: 'a:t' },
  xlsx: { part: /^xl\/sharedStrings\.xml$/, element: 't' },
};

function officeCharacters(ext: string, bytes: Uint8Array): number | undefined {
  const office = OFFICE_TEXT[ext];
  if (!office) return undefined;
  try {
    const parts = unzipSync(bytes, { filter: (file) => office.part.test(file.name) });
    return Object.values(parts).reduce(
      (n, part) => n + codePointCount(elementsText(strFromU8(part), office.element)),
      0,
    );
  } catch {
    return undefined; // not a zip after all: the service will say what is wrong with it
  }
}

function textCharacters(ext: string, text: string): number {
  if (ext === 'html' || ext === 'htm') return codePointCount(markupText(text));
  if (ext === 'srt') return codePointCount(subtitleText(text));
  if (ext === 'xlf' || ext === 'xliff') return codePointCount(elementsText(text, 'source'));
  return codePointCount(text);
}

/** The estimate for a file's bytes and its extension (lower case, as `extensionOf` gives it). */
export function estimateCharge(ext: string, bytes: Uint8Array): ChargeEstimate {
  if (minimumApplies(ext)) {
    const characters = officeCharacters(ext, bytes);
    return {
      kind: 'minimum',
      minimum: DOCUMENT_MINIMUM_CHARACTERS,
      ...(characters !== undefined ? { characters } : {}),
    };
  }
  if (TEXT_TYPES.has(ext)) {
    const text = new TextDecoder('utf-8').decode(bytes);
    return { kind: 'counted', characters: textCharacters(ext, text.replace(/^\uFEFF/, '')) };
  }
  return { kind: 'unknown' };
}
