import { badRequest } from '../../http/errors.ts';

/** UTF-8 text of an uploaded file. A byte-order mark is remembered so the result keeps it. */
export function decodeUtf8(bytes: Uint8Array, what: string): { text: string; bom: boolean } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bom ? bytes.subarray(3) : bytes), bom };
  } catch {
    throw badRequest(`The ${what} file is not valid UTF-8 text`);
  }
}

export function encodeUtf8(text: string, bom = false): Uint8Array {
  return new TextEncoder().encode(bom ? `\uFEFF${text}` : text);
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character data of an XML text node, entities resolved. */
export function xmlUnescape(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** Text escaped for an XML text node. */
export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A text whose first letter is of a right-to-left script (Hebrew, Arabic, Syriac, Thaana). */
export const RTL_START = /^[^\p{L}]*[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;
