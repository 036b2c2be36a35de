import { docx, writeDocx } from './ooxml.ts';
import { readPdf } from './pdf-text.ts';
import { writePdf } from './pdf-write.ts';
import type { DocumentFormat } from './types.ts';

/**
 * PDF: the paragraphs of every page (pdf-text.ts) are translated one by one and written back as a PDF
 * with the same pages, each paragraph at its place (pdf-write.ts), or, with `output_format=docx`, as a
 * Word document of the same paragraphs, a page break between pages (every script kept). An encrypted,
 * damaged or text-less file is refused at upload with 400.
 */
export const pdf: DocumentFormat = {
  extensions: ['pdf'],
  contentType: 'application/pdf',
  minimumCharacters: 50_000,
  conversions: { docx: docx.contentType },
  async open(bytes) {
    const pages = await readPdf(bytes);
    return {
      texts: pages.flatMap((p) => p.paragraphs.map((para) => para.text)),
      build(translated, targetLang, outputExtension) {
        if (outputExtension === 'docx') {
          let next = 0;
          return writeDocx(
            pages.map((p) => p.paragraphs.map((para) => ({ text: translated[next++] ?? para.text, size: para.size }))),
            targetLang,
          );
        }
        return writePdf(pages, translated);
      },
    };
  },
};
