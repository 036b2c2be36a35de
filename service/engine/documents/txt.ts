import { decodeUtf8, encodeUtf8 } from './text-codec.ts';
import type { DocumentFormat } from './types.ts';

/** Plain UTF-8 text, translated as one text (the engine keeps line breaks). */
export const txt: DocumentFormat = {
  extensions: ['txt'],
  contentType: 'text/plain; charset=utf-8',
  minimumCharacters: 0,
  open(bytes) {
    const { text, bom } = decodeUtf8(bytes, 'txt');
    return { texts: [text], build: ([translated = '']) => encodeUtf8(translated, bom) };
  },
};
