import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { badRequest } from '../../http/errors.ts';
import { xmlEscape, xmlUnescape } from './text-codec.ts';
import type { DocumentFormat } from './types.ts';

/** Parts whose text is shown to readers: the body, headers, footers, foot- and endnotes. */
const TEXT_PART = /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/;
/** A text run `<w:t>` or `<w:t xml:space="preserve">` (not `<w:tab/>`, `<w:tbl>`, ...). */
const RUN_TEXT = /(<w:t(?:\s[^>]*)?>)([^<]*)(<\/w:t>)/g;

function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes);
  } catch {
    throw badRequest('The file is not a valid docx document: it is not a zip archive');
  }
}

/**
 * Word documents: the text of every `<w:t>` run is translated on its own and all XML around it is
 * kept, so formatting, tables and images survive. Runs are sentence fragments, so their case is kept.
 */
export const docx: DocumentFormat = {
  extensions: ['docx'],
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  minimumCharacters: 50_000,
  open(bytes) {
    const files = unzip(bytes);
    if (!files['word/document.xml'])
      throw badRequest('The file is not a valid docx document: word/document.xml is missing');
    const parts = Object.keys(files)
      .filter((name) => TEXT_PART.test(name))
      .map((name) => ({ name, xml: strFromU8(files[name]!) }));
    const texts = parts.flatMap((p) =>
      [...p.xml.matchAll(RUN_TEXT)].map((m) => xmlUnescape(m[2] ?? '')).filter((t) => t !== ''),
    );
    return {
      texts,
      preserveFormatting: true,
      build(translated) {
        let next = 0;
        const out: Record<string, Uint8Array> = { ...files };
        for (const part of parts) {
          const xml = part.xml.replace(RUN_TEXT, (whole, open: string, raw: string, close: string) =>
            raw === '' ? whole : `${open}${xmlEscape(translated[next++] ?? '')}${close}`,
          );
          out[part.name] = strToU8(xml);
        }
        return zipSync(out);
      },
    };
  },
};
