import { jsonStringBytes } from '../api/index.ts';
import { matchElements, type Token, tokenize } from './markup.ts';

/** A piece of an oversize segment: sent for translation, or kept as it is (whitespace, tags between). */
export interface Part {
  text: string;
  translate: boolean;
}

/** Bytes of `text` inside a JSON string, quotes excluded: additive over concatenation. */
type Measure = (text: string) => number;

/**
 * Cuts a segment too large for one request into parts, each of which fits `maxBytes` (bytes of its JSON
 * string in the body, quotes included). Plain text is cut at sentence ends, else at whitespace, else (a
 * single huge word) between code points. Markup is cut only between nodes: an element too large is opened
 * up, its start and end tags kept as they are and its children cut the same way; tags are never cut.
 * Parts are as large as possible, so the segment takes as few requests as it can. Whitespace at the
 * cuts is kept out of the parts sent, so the translation cannot lose it.
 */
export function splitOversize(text: string, maxBytes: number, tagHandling: string | undefined): Part[] {
  const content: Measure = (s) => jsonStringBytes(s) - 2;
  const budget = maxBytes - 2;
  const atoms =
    tagHandling === 'html' || tagHandling === 'xml'
      ? markupAtoms(text, tagHandling === 'html', budget, content)
      : textAtoms(text, budget, content);
  return tidy(merge(atoms, budget, content));
}

/** Puts the translations of the translated parts back between the kept ones, in order. */
export function joinParts(parts: readonly Part[], translations: readonly string[]): string {
  let next = 0;
  let out = '';
  for (const part of parts) out += part.translate ? (translations[next++] ?? '') : part.text;
  return out;
}

/**
 * Where a sentence ends: terminal punctuation (and closing quotes or brackets) followed by whitespace,
 * a CJK full stop, or a line break. A regular expression rather than `Intl.Segmenter`, whose sentence
 * mode takes seconds on the few hundred kilobytes this is used for. An abbreviation may end a
 * "sentence" early; that only moves a cut, which is all this is for.
 */
const SENTENCE_END =
  /[.!?\u2026]+["'\u2019\u201d\u00bb)\]]*\s+|[\u3002\uff01\uff1f]+["'\u2019\u201d\u300d\u300f)\]]*\s*|\n\s*/g;

function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    out.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

function textAtoms(text: string, budget: number, content: Measure): Part[] {
  const atoms: Part[] = [];
  for (const segment of sentences(text)) {
    if (content(segment) <= budget) atoms.push({ text: segment, translate: true });
    else for (const word of segment.match(/\s*\S+\s*|\s+/g) ?? []) atoms.push(...wordAtoms(word, budget, content));
  }
  return atoms;
}

/** A word larger than a request: cut between code points (never inside a surrogate pair). */
function wordAtoms(word: string, budget: number, content: Measure): Part[] {
  if (content(word) <= budget) return [{ text: word, translate: true }];
  const atoms: Part[] = [];
  let piece = '';
  let used = 0;
  for (const char of word) {
    const bytes = content(char);
    if (used + bytes > budget && piece) {
      atoms.push({ text: piece, translate: true });
      piece = '';
      used = 0;
    }
    piece += char;
    used += bytes;
  }
  if (piece) atoms.push({ text: piece, translate: true });
  return atoms;
}

function markupAtoms(text: string, html: boolean, budget: number, content: Measure): Part[] {
  const tokens = tokenize(text, html);
  const match = matchElements(tokens);
  const atoms: Part[] = [];
  const raw = (from: number, to: number) => {
    let s = '';
    for (let i = from; i <= to; i++) s += tokens[i]!.raw;
    return s;
  };
  const level = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      const token: Token = tokens[i]!;
      const end = token.kind === 'open' && match[i]! >= 0 ? match[i]! : i;
      const node = raw(i, end);
      if (token.kind === 'text') atoms.push(...textAtoms(node, budget, content));
      else if (token.kind === 'raw') atoms.push({ text: node, translate: false });
      else if (content(node) <= budget) atoms.push({ text: node, translate: true });
      else if (end > i) {
        atoms.push({ text: token.raw, translate: false });
        level(i + 1, end);
        atoms.push({ text: tokens[end]!.raw, translate: false });
      } else atoms.push({ text: node, translate: false });
      i = end;
    }
  };
  level(0, tokens.length);
  return atoms;
}

/** Joins consecutive translatable atoms into the largest parts that fit; kept atoms break parts. */
function merge(atoms: readonly Part[], budget: number, content: Measure): Part[] {
  const parts: Part[] = [];
  let piece = '';
  let used = 0;
  const flush = () => {
    if (piece) parts.push({ text: piece, translate: true });
    piece = '';
    used = 0;
  };
  for (const atom of atoms) {
    if (!atom.translate) {
      flush();
      parts.push(atom);
      continue;
    }
    const bytes = content(atom.text);
    if (used + bytes > budget) flush();
    piece += atom.text;
    used += bytes;
  }
  flush();
  return parts;
}

/** Moves edge whitespace out of translated parts and joins neighbouring kept parts. */
function tidy(parts: readonly Part[]): Part[] {
  const out: Part[] = [];
  const keep = (text: string) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && !last.translate) last.text += text;
    else out.push({ text, translate: false });
  };
  for (const part of parts) {
    if (!part.translate) {
      keep(part.text);
      continue;
    }
    const [, lead = '', body = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.text) ?? [];
    keep(lead);
    if (body) out.push({ text: body, translate: true });
    keep(trail);
  }
  return out;
}
