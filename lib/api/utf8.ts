/**
 * Bytes of the UTF-8 encoding of `text` (or of its code units `start` to `end`), counted without
 * allocating the encoding. A lone surrogate counts 3, as TextEncoder writes it (U+FFFD). The contract's
 * byte limits (request bodies, glossary names and phrases, dictionaries) are all measured this way.
 */
export function utf8Length(text: string, start = 0, end = text.length): number {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < end) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
