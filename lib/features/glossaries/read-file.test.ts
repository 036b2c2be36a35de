import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DICTIONARY_BYTES } from './entries.ts';
import { decodeDictionary, firstInvalidUtf8, readDictionaryFile, windows1252Char } from './read-file.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16 = (text: string, endian: 'le' | 'be') => {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    const [hi, lo] = [u >> 8, u & 0xff];
    out.set(endian === 'le' ? [lo, hi] : [hi, lo], 2 + 2 * i);
  }
  return out;
};
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('decodeDictionary', () => {
  const TEXT = 'Straße\tstreet\ncafé\tcoffee house\n日本\tJapan 😀';

  it('reads UTF-8 with and without a byte-order mark, and drops the mark', () => {
    expect(decodeDictionary(utf8(TEXT))).toEqual({ ok: true, text: TEXT, encoding: 'utf-8' });
    expect(decodeDictionary(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(TEXT)]))).toEqual({
      ok: true,
      text: TEXT,
      encoding: 'utf-8',
    });
  });

  it('reads UTF-16 by its byte-order mark, little- and big-endian, astral characters included', () => {
    expect(decodeDictionary(utf16(TEXT, 'le'))).toEqual({ ok: true, text: TEXT, encoding: 'utf-16le' });
    expect(decodeDictionary(utf16(TEXT, 'be'))).toEqual({ ok: true, text: TEXT, encoding: 'utf-16be' });
  });

  it('refuses Windows-1252 bytes that are not UTF-8, with the line, the column and the byte', () => {
    const bytes = latin1('house\tHaus\r\ntree\tBaum\rcoffee\tcafé\nStraße\tstreet');
    expect(decodeDictionary(bytes)).toEqual({
      ok: false,
      refusal: { kind: 'not-utf8', line: 3, column: 11, byte: 0xe9 },
    });
    expect(windows1252Char(0xe9)).toBe('é');
  });

  // Bytes 0x80-0x9F (€, curly quotes) are checked in Chromium (tests/e2e/bad-input.spec.ts): Node's
  // TextDecoder reads them as Latin-1 control characters.
  it('reads Windows-1252 when asked, never by itself', () => {
    const text = 'coffee\tcafé\nStraße\tstreet\nprice\t5 £';
    const bytes = latin1(text);
    expect(decodeDictionary(bytes).ok).toBe(false);
    expect(decodeDictionary(bytes, { encoding: 'windows-1252' })).toEqual({ ok: true, text, encoding: 'windows-1252' });
  });

  it('counts columns in characters: multi-byte UTF-8 before the bad byte is one column each', () => {
    const bytes = new Uint8Array([...utf8('日本\tJa'), 0xff]);
    expect(decodeDictionary(bytes)).toMatchObject({ refusal: { kind: 'not-utf8', line: 1, column: 6, byte: 0xff } });
  });

  it('calls files with a known binary signature, a NUL byte or mostly control bytes binary', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(decodeDictionary(png)).toEqual({ ok: false, refusal: { kind: 'binary', looksLike: 'png' } });
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...utf8('a\tb')]);
    expect(decodeDictionary(zip)).toEqual({ ok: false, refusal: { kind: 'binary', looksLike: 'zip' } });
    expect(decodeDictionary(utf8('a\tb\u0000c'))).toEqual({
      ok: false,
      refusal: { kind: 'binary', looksLike: 'unknown' },
    });
    expect(decodeDictionary(new Uint8Array([1, 2, 3, 4, 5, 0x41]))).toMatchObject({ refusal: { kind: 'binary' } });
    // UTF-16 without a byte-order mark: NUL bytes; not guessed.
    expect(decodeDictionary(utf16('a\tb', 'le').subarray(2))).toMatchObject({ refusal: { kind: 'binary' } });
  });

  it('never throws and never returns text with U+FFFD that the bytes did not hold', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const result = decodeDictionary(bytes);
        // A UTF-8 byte-order mark (EF BB BF) is dropped; any other start is text (EF 80 80 is U+F000).
        const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
        if (result.ok) expect(new TextEncoder().encode(result.text)).toEqual(bytes.subarray(bom ? 3 : 0));
      }),
      { numRuns: 500 },
    );
    // Starts like a byte-order mark, but is the text U+F000.
    expect(decodeDictionary(new Uint8Array([0xef, 0x80, 0x80]))).toMatchObject({ ok: true, text: '\uf000' });
  });

  it('finds the first invalid sequence as TextDecoder does: overlongs, surrogates, truncation', () => {
    for (const bad of [
      [0xc0, 0x80],
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
    ]) {
      const bytes = new Uint8Array([0x61, 0x0a, ...bad]);
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
      expect(firstInvalidUtf8(bytes)).toEqual({ offset: 2, line: 2, lineStart: 2 });
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        let valid = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          valid = false;
        }
        expect(firstInvalidUtf8(bytes) === undefined).toBe(valid);
      }),
      { numRuns: 1000 },
    );
  });

  it('reports an unpaired surrogate in UTF-16 with its line', () => {
    const bytes = utf16('a\tb\nc\td\ud800x', 'le');
    expect(decodeDictionary(bytes)).toEqual({ ok: false, refusal: { kind: 'bad-utf16', line: 2 } });
  });
});

describe('readDictionaryFile', () => {
  it('refuses a file over the dictionary limit from its size alone', async () => {
    const big = new Blob([new Uint8Array(MAX_DICTIONARY_BYTES + 1).fill(0x61)]);
    expect(await readDictionaryFile(big)).toEqual({
      ok: false,
      refusal: { kind: 'too-large', bytes: MAX_DICTIONARY_BYTES + 1, limit: MAX_DICTIONARY_BYTES },
    });
  });

  it('measures UTF-8 bytes, not the file: UTF-16 of the limit in ASCII is read', async () => {
    const text = `${'a'.repeat(MAX_DICTIONARY_BYTES / 2 - 2)}\tb`;
    const result = await readDictionaryFile(new Blob([utf16(text, 'le')]));
    expect(result.ok).toBe(true);
  });

  it('refuses text of more than the limit in UTF-8 even when the file is smaller (Windows-1252)', async () => {
    const bytes = new Uint8Array(MAX_DICTIONARY_BYTES - 10).fill(0xe9);
    expect(await readDictionaryFile(new Blob([bytes]), { encoding: 'windows-1252' })).toEqual({
      ok: false,
      refusal: { kind: 'too-large', bytes: 2 * (MAX_DICTIONARY_BYTES - 10), limit: MAX_DICTIONARY_BYTES },
    });
  });
});
