import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { badRequest } from '../../http/errors.ts';
import { RTL_START, xmlEscape, xmlUnescape } from './text-codec.ts';
import type { DocumentFormat } from './types.ts';

/** How one Office Open XML type (a zip of XML parts) keeps the text its readers see. */
export interface OfficeLayout {
  extension: string;
  contentType: string;
  /** The part every file of the type has; without it the upload is refused. */
  mainPart: string;
  /** Parts whose text is translated. */
  textParts: RegExp;
  /** One text element: group 1 the opening tag, 2 the raw text, 3 the closing tag. */
  textElement: RegExp;
}

/**
 * An Office Open XML format: the text of each text element is translated on its own and all XML
 * around it, and every other part of the archive (images, styles, formulas), is kept byte for byte.
 * Text elements are fragments of sentences (runs), so their case is kept.
 */
export function officeFormat(layout: OfficeLayout): DocumentFormat {
  const { extension, mainPart, textParts, textElement } = layout;
  return {
    extensions: [extension],
    contentType: layout.contentType,
    minimumCharacters: 50_000,
    open(bytes) {
      let files: Record<string, Uint8Array>;
      try {
        files = unzipSync(bytes);
      } catch {
        throw badRequest(`The file is not a valid ${extension} document: it is not a zip archive`);
      }
      if (!files[mainPart]) throw badRequest(`The file is not a valid ${extension} document: ${mainPart} is missing`);
      const parts = Object.keys(files)
        .filter((name) => textParts.test(name))
        .map((name) => ({ name, xml: strFromU8(files[name]!) }));
      const texts = parts.flatMap((p) =>
        [...p.xml.matchAll(textElement)].map((m) => xmlUnescape(m[2] ?? '')).filter((t) => t !== ''),
      );
      return {
        texts,
        preserveFormatting: true,
        build(translated) {
          let next = 0;
          const out: Record<string, Uint8Array> = { ...files };
          for (const part of parts) {
            const xml = part.xml.replace(textElement, (whole, open: string, raw: string, close: string) =>
              raw === '' ? whole : `${open}${xmlEscape(translated[next++] ?? '')}${close}`,
            );
            out[part.name] = strToU8(xml);
          }
          return zipSync(out);
        },
      };
    },
  };
}

/**
 * Word: each `<w:t>` run of the body, headers, footers, foot- and endnotes (not `<w:tab/>`, `<w:tbl>`).
 */
export const docx = officeFormat({
  extension: 'docx',
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  mainPart: 'word/document.xml',
  textParts: /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/,
  textElement: /(<w:t(?:\s[^>]*)?>)([^<]*)(<\/w:t>)/g,
});

/**
 * PowerPoint: each `<a:t>` run of the slides, the speaker notes and SmartArt data (not `<a:tab>`,
 * `<a:tbl>`, `<a:tc>`). Layouts and masters hold placeholder prompts nobody sees in a show: kept.
 */
export const pptx = officeFormat({
  extension: 'pptx',
  contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mainPart: 'ppt/presentation.xml',
  textParts: /^ppt\/(slides\/slide\d+|notesSlides\/notesSlide\d+|diagrams\/data\d+)\.xml$/,
  textElement: /(<a:t(?:\s[^>]*)?>)([^<]*)(<\/a:t>)/g,
});

/**
 * Excel: each `<t>` of the shared strings (plain and rich text), of inline strings in the sheets and of
 * cell comments. Numbers, formulas, dates and sheet names (formulas refer to them) are kept. The tag may
 * carry a namespace prefix (`<x:t>`); `<tableParts>`, `<tabColor>` are other elements.
 */
export const xlsx = officeFormat({
  extension: 'xlsx',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mainPart: 'xl/workbook.xml',
  textParts: /^xl\/(sharedStrings|worksheets\/sheet\d+|comments\d*)\.xml$/,
  textElement: /(<(?:[\w.-]+:)?t(?:\s[^>]*)?>)([^<]*)(<\/(?:[\w.-]+:)?t>)/g,
});

const WORD_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * A new Word document of plain paragraphs (`pages`: each page's paragraphs with their font size in
 * points), a page break between pages. Text is XML, so every script is kept; fonts are the reader's.
 */
export function writeDocx(
  pages: ReadonlyArray<ReadonlyArray<{ text: string; size: number }>>,
  lang: string,
): Uint8Array {
  const halfPoints = (size: number) => Math.max(2, Math.round(size * 2));
  // A paragraph whose first letter is of a right-to-left script reads from the right.
  const rtl = (text: string) => RTL_START.test(text);
  const paragraph = ({ text, size }: { text: string; size: number }) =>
    `<w:p>${rtl(text) ? '<w:pPr><w:bidi/></w:pPr>' : ''}<w:r><w:rPr>${rtl(text) ? '<w:rtl/>' : ''}<w:sz w:val="${halfPoints(size)}"/></w:rPr><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
  const pageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  const body = pages.map((page) => page.map(paragraph).join('')).join(pageBreak);
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${WORD_NS}"><w:body>${body}<w:sectPr/></w:body></w:document>`;
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="${WORD_NS}"><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="${xmlEscape(lang)}"/></w:rPr></w:rPrDefault></w:docDefaults></w:styles>`;
  const types = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
  const documentRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
  return zipSync({
    '[Content_Types].xml': strToU8(types),
    '_rels/.rels': strToU8(rels),
    'word/document.xml': strToU8(document),
    'word/styles.xml': strToU8(styles),
    'word/_rels/document.xml.rels': strToU8(documentRels),
  });
}
