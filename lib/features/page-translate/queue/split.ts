import { cutToFit, jsonStringContentBytes } from '../../../api/index.ts';
import { matchElements, type Token, tokenize } from './markup.ts';

/** A piece of an oversize segment: sent for translation, or kept as it is (whitespace, tags between). */
export interface Part {
  text: string;
  translate: boolean;
}

/**
 * Cuts a segment too large for one request into parts, each of which fits `maxBytes` (bytes of its JSON
 * string in the body, quotes included). Plain text is cut by the client's cutter (`cutToFit`,
 * lib/api/cut.ts): at sentence ends, else at whitespace, else between characters, never inside one
 * (a surrogate pair, an emoji ZWJ sequence, a letter and its marks). Markup is cut only between nodes:
 * an element too large is opened up, its start and end tags kept as they are and its children cut the
 * same way; tags are never cut. Parts are as large as possible, so the segment takes as few requests
 * as it can. Whitespace at the cuts is kept out of the parts sent, so the translation cannot lose it.
 */
export function splitOversize(text: string, maxBytes: number, tagHandling: string | undefined): Part[] {
  const budget = maxBytes - 2;
  const atoms =
    tagHandling === 'html' || tagHandling === 'xml'
      ? markupAtoms(text, tagHandling === 'html', budget)
      : textAtoms(text, budget);
  return tidy(merge(atoms, budget));
}

/** Puts the translations of the translated parts back between the kept ones, in order. */
export function joinParts(parts: readonly Part[], translations: readonly string[]): string {
  let next = 0;
  let out = '';
  for (const part of parts) out += part.translate ? (translations[next++] ?? '') : part.text;
  return out;
}

/**
 * Plain text as `cutToFit` cuts it to `budget`, each piece with the whitespace around it (which `tidy`
 * moves out again), so the pieces join back to the text exactly.
 */
function textAtoms(text: string, budget: number): Part[] {
  const { lead, pieces, seps } = cutToFit(text, budget);
  if (pieces.length === 0) return [{ text, translate: true }];
  return pieces.map((piece, i) => ({ text: `${i === 0 ? lead : ''}${piece}${seps[i] ?? ''}`, translate: true }));
}

function markupAtoms(text: string, html: boolean, budget: number): Part[] {
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
      if (token.kind === 'text') atoms.push(...textAtoms(node, budget));
      else if (token.kind === 'raw') atoms.push({ text: node, translate: false });
      else if (jsonStringContentBytes(node) <= budget) atoms.push({ text: node, translate: true });
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
function merge(atoms: readonly Part[], budget: number): Part[] {
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
    const bytes = jsonStringContentBytes(atom.text);
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
