import { canonicalCode } from '../../data/languages.ts';
import { badRequest } from '../../http/errors.ts';
import { decodeUtf8, encodeUtf8 } from './text-codec.ts';
import type { DocumentFormat } from './types.ts';

const ROOT = /<xliff\b([^>]*)>/;
const SEGMENT = /(<segment\b[^>]*>)([\s\S]*?)(<\/segment>)/g;
const SOURCE = /<source\b([^>]*)>([\s\S]*?)<\/source>/;
const TARGET = /<target\b[^>]*\/>|<target\b[^>]*>[\s\S]*?<\/target>/;

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*(["'])(.*?)\\1`).exec(attributes)?.[2];
}

function withTrgLang(rootTag: string, lang: string): string {
  if (/\btrgLang\s*=/.test(rootTag)) return rootTag.replace(/\btrgLang\s*=\s*(["']).*?\1/, `trgLang="${lang}"`);
  return rootTag.replace(/\s*>$/, ` trgLang="${lang}">`);
}

/**
 * XLIFF 2.1 (the only version the contract accepts): the content of each segment's `<source>` is
 * translated with its inline markup kept, into a `<target>` after it (replacing any target there),
 * and the root's `trgLang` is set.
 */
export const xliff: DocumentFormat = {
  extensions: ['xlf', 'xliff'],
  contentType: 'application/xliff+xml; charset=utf-8',
  minimumCharacters: 0,
  open(bytes) {
    const { text, bom } = decodeUtf8(bytes, 'XLIFF');
    const root = ROOT.exec(text);
    if (!root) throw badRequest('The file is not an XLIFF document: it has no <xliff> element');
    const version = attribute(root[1] ?? '', 'version');
    if (version !== '2.1')
      throw badRequest(
        `XLIFF version ${version ?? '(none)'} is not supported: only XLIFF 2.1 documents can be translated`,
      );
    const texts = [...text.matchAll(SEGMENT)].flatMap((m) => {
      const source = SOURCE.exec(m[2] ?? '');
      return source ? [source[2] ?? ''] : [];
    });
    return {
      texts,
      tagHandling: { mode: 'xml' },
      build(translated, targetLang) {
        let next = 0;
        const body = text.replace(SEGMENT, (whole, open: string, inner: string, close: string) => {
          const source = SOURCE.exec(inner);
          if (!source) return whole;
          const space = attribute(source[1] ?? '', 'xml:space');
          const target = `<target${space ? ` xml:space="${space}"` : ''}>${translated[next++] ?? ''}</target>`;
          // An existing target is replaced in place; otherwise the target follows the source.
          if (TARGET.test(inner)) return `${open}${inner.replace(TARGET, () => target)}${close}`;
          const at = source.index + source[0].length;
          return `${open}${inner.slice(0, at)}${target}${inner.slice(at)}${close}`;
        });
        return encodeUtf8(
          body.replace(ROOT, (tag) => withTrgLang(tag, canonicalCode(targetLang))),
          bom,
        );
      },
    };
  },
};
