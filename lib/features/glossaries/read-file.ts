import { utf8Length } from '../../api/utf8.ts';
import { MAX_DICTIONARY_BYTES } from './entries.ts';

/**
 * Reads a dictionary file chosen or dropped by the person into text, or says exactly why it cannot:
 * too large for a dictionary, not text at all, or not in an encoding Verso can read without guessing.
 * Nothing is guessed silently: a file that is not valid UTF-8 is read as Windows-1252 only when the
 * person asks for it, so no mojibake reaches a glossary unseen.
 */

export type FileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** What a binary file looks like, by its first bytes. */
export type BinaryKind = 'png' | 'jpeg' | 'gif' | 'pdf' | 'zip' | 'gzip' | 'ole' | 'unknown';

export type FileRefusal =
  /** `bytes`: the text's size in UTF-8 (at least this many when refused before reading). */
  | { kind: 'too-large'; bytes: number; limit: number }
  | { kind: 'binary'; looksLike: BinaryKind }
  /** 1-based line and column (in characters) of the first byte that is not UTF-8, and that byte. */
  | { kind: 'not-utf8'; line: number; column: number; byte: number }
  /** A UTF-16 file with a broken character (an unpaired surrogate) on `line`. */
  | { kind: 'bad-utf16'; line: number };

export type ReadResult = { ok: true; text: string; encoding: FileEncoding } | { ok: false; refusal: FileRefusal };

const SIGNATURES: Array<{ kind: BinaryKind; bytes: number[] }> = [
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { kind: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // Zip: also xlsx, docx, ods, the usual way spreadsheets reach a glossary by mistake.
  { kind: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { kind: 'zip', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { kind: 'gzip', bytes: [0x1f, 0x8b] },
  // Compound File Binary: old Excel and Word files.
  { kind: 'ole', bytes: [0xd0, 0xcf, 0x11, 0xe0] },
];

function signatureOf(head: Uint8Array): BinaryKind | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((b, i) => head[i] === b))?.kind;
}

/** The byte-order mark at the start, if any. */
export function bomOf(head: Uint8Array): { encoding: FileEncoding; length: number } | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/**
 * The least number of UTF-8 bytes the text of a file of `size` bytes can have: the same for UTF-8 and
 * single-byte encodings, half for UTF-16 (two bytes per ASCII character).
 */
function leastUtf8Bytes(size: number, bom: ReturnType<typeof bomOf>): number {
  const body = size - (bom?.length ?? 0);
  return bom?.encoding === 'utf-16le' || bom?.encoding === 'utf-16be' ? Math.ceil(body / 2) : body;
}

/** Whether the C0 control bytes (other than tab, line breaks, form feed) make up a tenth of the start. */
function mostlyControls(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  let controls = 0;
  for (const b of sample) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) controls++;
  return sample.length > 0 && controls * 10 >= sample.length;
}

/**
 * Where the first byte that is not well-formed UTF-8 is (Unicode table 3-7), with its line and where
 * that line starts; undefined when all are. Line breaks are counted as the parser counts them: CR LF,
 * CR or LF.
 */
export function firstInvalidUtf8(bytes: Uint8Array): { offset: number; line: number; lineStart: number } | undefined {
  let line = 1;
  let lineStart = 0;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a)) {
        line++;
        lineStart = i + 1;
      }
      i++;
      continue;
    }
    let need = 0;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return { offset: i, line, lineStart };
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      const [min, max] = k === 1 ? [lo, hi] : [0x80, 0xbf];
      if (c === undefined || c < min || c > max) return { offset: i, line, lineStart };
    }
    i += need + 1;
  }
  return undefined;
}

/** The line (parser numbering) of the first unpaired surrogate of decoded UTF-16 code units, if any. */
export function firstBrokenUtf16Line(units: Uint16Array): number | undefined {
  let line = 1;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (u === 0x0a || (u === 0x0d && units[i + 1] !== 0x0a)) line++;
    else if (u >= 0xd800 && u <= 0xdbff) {
      const next = units[i + 1];
      if (next === undefined || next < 0xdc00 || next > 0xdfff) return line;
      i++;
    } else if (u >= 0xdc00 && u <= 0xdfff) return line;
  }
  return undefined;
}

function utf16Units(body: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): Uint16Array {
  const units = new Uint16Array(Math.floor(body.length / 2));
  for (let i = 0; i < units.length; i++) {
    const [a, b] = [body[2 * i]!, body[2 * i + 1]!];
    units[i] = encoding === 'utf-16le' ? a | (b << 8) : (a << 8) | b;
  }
  return units;
}

/** `bytes`: the UTF-8 size when known (the file was UTF-8), else counted. */
function tooLarge(text: string, bytes = utf8Length(text)): FileRefusal | undefined {
  return bytes > MAX_DICTIONARY_BYTES ? { kind: 'too-large', bytes, limit: MAX_DICTIONARY_BYTES } : undefined;
}

/**
 * Decodes a whole dictionary file. By its byte-order mark: UTF-8, UTF-16 LE or BE; without one, UTF-8,
 * strictly (an invalid byte is reported with its line), or Windows-1252 when `encoding` asks for it.
 * The text keeps no byte-order mark.
 */
export function decodeDictionary(bytes: Uint8Array, options: { encoding?: 'windows-1252' } = {}): ReadResult {
  const bom = bomOf(bytes);
  const looksLike = signatureOf(bytes);
  if (!bom && looksLike) return { ok: false, refusal: { kind: 'binary', looksLike } };
  const body = bytes.subarray(bom?.length ?? 0);

  if (bom?.encoding === 'utf-16le' || bom?.encoding === 'utf-16be') {
    let text: string;
    try {
      text = new TextDecoder(bom.encoding, { fatal: true }).decode(body);
    } catch {
      const line = firstBrokenUtf16Line(utf16Units(body, bom.encoding)) ?? 1;
      return { ok: false, refusal: { kind: 'bad-utf16', line } };
    }
    if (text.includes('\u0000')) return { ok: false, refusal: { kind: 'binary', looksLike: 'unknown' } };
    const big = tooLarge(text);
    return big ? { ok: false, refusal: big } : { ok: true, text, encoding: bom.encoding };
  }

  // No text file holds a NUL byte; UTF-16 without a byte-order mark is not read by guessing either.
  if (body.includes(0) || mostlyControls(body)) return { ok: false, refusal: { kind: 'binary', looksLike: 'unknown' } };

  if (options.encoding === 'windows-1252' && !bom) {
    const text = new TextDecoder('windows-1252').decode(body);
    const big = tooLarge(text);
    return big ? { ok: false, refusal: big } : { ok: true, text, encoding: 'windows-1252' };
  }

  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    const bad = firstInvalidUtf8(body) ?? { offset: 0, line: 1, lineStart: 0 };
    const before = new TextDecoder('utf-8').decode(body.subarray(bad.lineStart, bad.offset));
    const column = [...before].length + 1;
    return { ok: false, refusal: { kind: 'not-utf8', line: bad.line, column, byte: body[bad.offset] ?? 0 } };
  }
  const big = tooLarge(text, body.length);
  return big ? { ok: false, refusal: big } : { ok: true, text, encoding: 'utf-8' };
}

/**
 * Reads a file as `decodeDictionary` does; a file that cannot hold 10 MB of UTF-8 text or less is
 * refused from its size alone, before it is read.
 */
export async function readDictionaryFile(file: Blob, options: { encoding?: 'windows-1252' } = {}): Promise<ReadResult> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const least = leastUtf8Bytes(file.size, bomOf(head));
  if (least > MAX_DICTIONARY_BYTES) {
    const looksLike = bomOf(head) ? undefined : signatureOf(head);
    if (looksLike) return { ok: false, refusal: { kind: 'binary', looksLike } };
    return { ok: false, refusal: { kind: 'too-large', bytes: least, limit: MAX_DICTIONARY_BYTES } };
  }
  return decodeDictionary(new Uint8Array(await file.arrayBuffer()), options);
}

/** What a byte means in Windows-1252, to show next to an invalid UTF-8 byte. */
export const windows1252Char = (byte: number) => new TextDecoder('windows-1252').decode(new Uint8Array([byte]));
