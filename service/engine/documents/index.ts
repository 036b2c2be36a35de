import { badRequest } from '../../http/errors.ts';
import { html } from './html.ts';
import { docx, pptx, xlsx } from './ooxml.ts';
import { pdf } from './pdf.ts';
import { srt } from './srt.ts';
import { txt } from './txt.ts';
import type { DocumentFormat } from './types.ts';
import { xliff } from './xliff.ts';

export type { DocumentFormat, OpenedDocument } from './types.ts';

export const DOCUMENT_FORMATS: readonly DocumentFormat[] = [docx, pptx, xlsx, pdf, html, srt, txt, xliff];

/**
 * Types the contract lists that this service does not translate, and why (docs/local-service.md). The
 * real service translates them; here they are refused with 400, as a type it does not take.
 */
export const NOT_TRANSLATED_HERE: Readonly<Record<string, string>> = {
  doc: 'legacy Word (doc) is a binary format that no maintained JavaScript library can write back',
  jpeg: 'images need text recognition, which this service does not have',
  jpg: 'images need text recognition, which this service does not have',
  png: 'images need text recognition, which this service does not have',
};

/** The handler for a file extension (any case); 400 naming the type when there is none. */
export function formatFor(extension: string): DocumentFormat {
  const ext = extension.toLowerCase();
  const format = DOCUMENT_FORMATS.find((f) => f.extensions.includes(ext));
  if (format) return format;
  const supported = DOCUMENT_FORMATS.flatMap((f) => f.extensions).join(', ');
  const why = NOT_TRANSLATED_HERE[ext];
  if (why)
    throw badRequest(`Document type ${ext} is not supported by the local service: ${why}`, `Supported: ${supported}`);
  throw badRequest(`Unsupported document type '${ext || '(no extension)'}'`, `Supported: ${supported}`);
}
