import { decodeUtf8, encodeUtf8 } from './text-codec.ts';
import type { DocumentFormat } from './types.ts';

/** An HTML page: text between tags is translated, markup (and script, style, code, pre) is kept. */
export const html: DocumentFormat = {
  extensions: ['html', 'htm'],
  contentType: 'text/html; charset=utf-8',
  minimumCharacters: 0,
  open(bytes) {
    const { text, bom } = decodeUtf8(bytes, 'html');
    return { texts: [text], tagHandling: { mode: 'html' }, build: ([translated = '']) => encodeUtf8(translated, bom) };
  },
};
