import { jsonStringContentBytes } from './body.ts';

/**
 * A text cut into pieces that each fit a byte budget. `lead` and `seps[i]` (after `pieces[i]`) are the
 * original whitespace: not sent, put back on join, so the service cannot lose or change it.
 */
export interface Cut {
  lead: string;
  pieces: string[];
  seps: string[];
}

interface Token {
  text: string;
  sep: string;
}

/**
 * Cuts `text` so each piece's JSON string content takes at most `room` bytes: at sentence ends first,
 * then at whitespace, then between characters (never inside a surrogate pair, and not before a combining
 * mark, joiner or modifier when it can be helped).
 *
 * Regular expressions rather than Intl.Segmenter: V8's segment iterator gets slower with every step
 * on long strings (seconds for 100 KiB), and only long strings get here.
 */
export function cutToFit(text: string, room: number): Cut {
  if (jsonStringContentBytes(text) <= room) return { lead: '', pieces: [text], seps: [''] };
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  const lead = m?.[1] ?? '';
  const core = m?.[2] ?? text;
  const trail = m?.[3] ?? '';
  if (core === '') return { lead: text, pieces: [], seps: [] };
  const cut = cutAtLevel(core, room, 0);
  cut.lead = lead;
  cut.seps[cut.seps.length - 1] = `${cut.seps.at(-1) ?? ''}${trail}`;
  return cut;
}

// A sentence ends at . ! ? or an ellipsis (with closing quotes or brackets) before whitespace, at a
// CJK full stop with or without whitespace after it, or at a line break.
const SENTENCE_END =
  /([.!?\u2026]+["'\u201d\u2019\u00bb)\]]*)(\s+)|([\u3002\uff01\uff1f]+[\u300d\u300f\u201d\u2019)]*)(\s*)|(\s*\n\s*)/gu;

function sentences(text: string): Token[] {
  const tokens: Token[] = [];
  let start = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const punctuation = m[1] ?? m[3] ?? '';
    const sep = m[2] ?? m[4] ?? m[5] ?? '';
    const end = (m.index ?? 0) + punctuation.length;
    push(tokens, text.slice(start, end), sep);
    start = end + sep.length;
  }
  push(tokens, text.slice(start), '');
  return tokens;
}

function words(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(/(\S+)(\s*)/g)) push(tokens, m[1] ?? '', m[2] ?? '');
  return tokens;
}

/** Appends a token; an empty one only gives its whitespace to the token before it. */
function push(tokens: Token[], text: string, sep: string): void {
  const last = tokens.at(-1);
  if (text === '' && last) last.sep += sep;
  else if (text !== '' || sep !== '') tokens.push({ text, sep });
}

const TOKENIZERS = [sentences, words];

/** Greedy packing of one level's tokens; a token too large on its own goes down a level. */
function cutAtLevel(text: string, room: number, level: number): Cut {
  const tokenize = TOKENIZERS[level];
  if (!tokenize) {
    const pieces = cutBetweenCharacters(text, room);
    return { lead: '', pieces, seps: pieces.map(() => '') };
  }
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
  for (const token of tokenize(text)) {
    const bytes = jsonStringContentBytes(token.text);
    if (bytes > room) {
      flush();
      const sub = cutAtLevel(token.text, room, level + 1);
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

/** Bytes one code point takes inside a JSON string as JSON.stringify writes it, UTF-8 encoded. */
function codePointBytes(cp: number): number {
  if (cp === 0x22 || cp === 0x5c) return 2;
  if (cp < 0x20) return [0x08, 0x09, 0x0a, 0x0c, 0x0d].includes(cp) ? 2 : 6;
  if (cp < 0x80) return 1;
  if (cp < 0x800) return 2;
  if (cp >= 0xd800 && cp <= 0xdfff) return 6; // a lone surrogate is escaped as \uXXXX
  return cp < 0x10000 ? 3 : 4;
}

/** Marks, joiners, variation selectors, skin-tone modifiers and tag characters attach to what precedes them. */
const ATTACHES = /^(?:\p{M}|\u200d|[\ufe00-\ufe0f]|[\u{1f3fb}-\u{1f3ff}]|[\u{e0020}-\u{e007f}])/u;
/** How far back a cut may move to avoid splitting a character cluster. */
const MAX_CLUSTER_BACKTRACK = 32;

function breaksCluster(text: string, index: number): boolean {
  return (
    ATTACHES.test(text.slice(index, index + 2)) ||
    text[index - 1] === '\u200d' ||
    (text[index - 1] === '\r' && text[index] === '\n')
  );
}

function isSurrogatePair(text: string, index: number): boolean {
  return /^[\ud800-\udbff][\udc00-\udfff]$/.test(text.slice(index, index + 2));
}

function cutBetweenCharacters(text: string, room: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    const size = codePointBytes(cp);
    if (bytes + size > room && i > start) {
      let cut = i;
      for (let steps = 0; steps < MAX_CLUSTER_BACKTRACK && breaksCluster(text, cut); steps++) {
        const previous = cut - (isSurrogatePair(text, cut - 2) ? 2 : 1);
        if (previous <= start) break;
        cut = previous;
      }
      // A giant cluster (its start is too far back, or what moves on with it does not fit either): cut
      // it where it overflows, since every piece must fit.
      if (breaksCluster(text, cut) || jsonStringContentBytes(text.slice(cut, i)) + size > room) cut = i;
      pieces.push(text.slice(start, cut));
      start = cut;
      bytes = jsonStringContentBytes(text.slice(cut, i));
    }
    bytes += size;
    i += width;
  }
  pieces.push(text.slice(start));
  return pieces;
}
