import { jsonStringContentBytes, measureTranslateBody } from './body.ts';
import { ApiError } from './errors.ts';
import { invalidRequest, MAX_TEXTS, MAX_TRANSLATE_BODY_BYTES } from './limits.ts';
import type { TranslateParams } from './schemas/translate.ts';

export interface SplitLimits {
  maxTexts: number;
  maxBytes: number;
}

export interface SplitPlan {
  /** The `text` of each request, in order. */
  batches: string[][];
  /** For each entry of each batch, the index of the input text it comes from. */
  owners: number[][];
  /** One string per input text, in input order, from the results of every batch (same shape as `batches`). */
  join(results: ReadonlyArray<ReadonlyArray<string>>): string[];
}

/**
 * A text cut into pieces; `lead` and `seps[i]` (after `pieces[i]`) are the original whitespace, not sent
 * and put back on join.
 */
interface Cut {
  lead: string;
  pieces: string[];
  seps: string[];
}

interface Token {
  text: string;
  sep: string;
}

/**
 * Packs texts into as few requests as the limits allow (50 texts, 128 KiB of exact body with `params`).
 * A text that cannot fit one request on its own is cut at sentence boundaries, then at whitespace, then
 * between characters; `join` puts the translated pieces back together with the original whitespace.
 */
export function splitForLimits(
  texts: readonly string[],
  params: Omit<TranslateParams, 'text'>,
  limits: SplitLimits = { maxTexts: MAX_TEXTS, maxBytes: MAX_TRANSLATE_BODY_BYTES },
): SplitPlan {
  const base = measureTranslateBody({ ...params, text: [] });
  // Room for the content of one string in a request of its own ("" and the quotes are in `base + 2`).
  const room = limits.maxBytes - base - 2;
  if (room < 4) {
    throw invalidRequest('The other parameters (context, instructions...) leave no room for text within 128 KiB');
  }
  const cuts = texts.map((text) => cutToFit(text, room));

  const batches: string[][] = [];
  const owners: number[][] = [];
  let size = 0;
  cuts.forEach((cut, owner) => {
    for (const piece of cut.pieces) {
      const cost = jsonStringContentBytes(piece) + 2;
      const current = batches.at(-1);
      if (current && current.length < limits.maxTexts && size + 1 + cost <= limits.maxBytes) {
        current.push(piece);
        owners.at(-1)?.push(owner);
        size += 1 + cost;
      } else {
        batches.push([piece]);
        owners.push([owner]);
        size = base + cost;
      }
    }
  });

  return {
    batches,
    owners,
    join(results) {
      if (results.length !== batches.length || results.some((r, i) => r.length !== batches[i]?.length)) {
        throw new ApiError({
          code: 'invalid_response',
          message: 'The number of translations does not match the number of texts sent',
        });
      }
      const flat = results.flat();
      let next = 0;
      return cuts.map((cut) => cut.lead + cut.pieces.map((_, i) => `${flat[next++]}${cut.seps[i]}`).join(''));
    },
  };
}

/** Cuts `text` so each piece's JSON content takes at most `room` bytes. Whitespace at the ends is kept aside. */
function cutToFit(text: string, room: number): Cut {
  if (jsonStringContentBytes(text) <= room) return { lead: '', pieces: [text], seps: [''] };
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  const lead = m?.[1] ?? '';
  const core = m?.[2] ?? text;
  const trail = m?.[3] ?? '';
  if (core === '') return { lead: text, pieces: [], seps: [] };
  const cut = cutTokens(core, room, 0);
  cut.lead = lead;
  cut.seps[cut.seps.length - 1] = `${cut.seps.at(-1) ?? ''}${trail}`;
  return cut;
}

const LEVELS = ['sentence', 'word', 'grapheme', 'codepoint'] as const;

function tokenize(text: string, level: (typeof LEVELS)[number]): Token[] {
  if (level === 'word') {
    const tokens: Token[] = [];
    for (const m of text.matchAll(/(\S+)(\s*)/g)) tokens.push({ text: m[1] ?? '', sep: m[2] ?? '' });
    return tokens;
  }
  if (level === 'codepoint') return [...text].map((c) => ({ text: c, sep: '' }));
  const segmenter = new Intl.Segmenter(undefined, { granularity: level });
  const tokens: Token[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const body = level === 'sentence' ? segment.trimEnd() : segment;
    const sep = segment.slice(body.length);
    const last = tokens.at(-1);
    if (body === '' && last) last.sep += sep;
    else tokens.push({ text: body, sep });
  }
  return tokens;
}

/** Greedy packing of the tokens of one level; a token too large on its own goes down a level. */
function cutTokens(text: string, room: number, level: number): Cut {
  const name = LEVELS[level];
  if (!name) throw invalidRequest('A single character is larger than the request limit');
  const out: Cut = { lead: '', pieces: [], seps: [] };
  let piece: string | undefined;
  let pieceBytes = 0;
  let pieceSep = '';
  const flush = () => {
    if (piece === undefined) return;
    out.pieces.push(piece);
    out.seps.push(pieceSep);
    piece = undefined;
  };
  for (const token of tokenize(text, name)) {
    const bytes = jsonStringContentBytes(token.text);
    if (bytes > room) {
      flush();
      const sub = cutTokens(token.text, room, level + 1);
      out.pieces.push(...sub.pieces);
      out.seps.push(...sub.seps.slice(0, -1), `${sub.seps.at(-1) ?? ''}${token.sep}`);
      continue;
    }
    const sepBytes = jsonStringContentBytes(pieceSep);
    if (piece !== undefined && pieceBytes + sepBytes + bytes <= room) {
      piece += pieceSep + token.text;
      pieceBytes += sepBytes + bytes;
    } else {
      flush();
      piece = token.text;
      pieceBytes = bytes;
    }
    pieceSep = token.sep;
  }
  flush();
  return out;
}
