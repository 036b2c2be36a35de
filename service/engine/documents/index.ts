import { badRequest } from '../../http/errors.ts';
import { docx } from './docx.ts';
import { html } from './html.ts';
import { srt } from './srt.ts';
import { txt } from './txt.ts';
import type { DocumentFormat } from './types.ts';
import { xliff } from './xliff.ts';

export type { DocumentFormat, OpenedDocument } from './types.ts';

export const DOCUMENT_FORMATS: readonly DocumentFormat[] = [docx, html, srt, txt, xliff];

/** Types the contract lists that this service does not translate (docs/local-service.md). */
const NOT_HERE: Readonly<Record<string, string>> = {
  doc: 'doc (legacy Word, translated to docx by the real service)',
  pptx: 'pptx',
  xlsx: 'xlsx',
  pdf: 'pdf',
  jpeg: 'jpeg (images)',
  jpg: 'jpg (images)',
  png: 'png (images)',
};

/** The handler for a file extension (any case); 400 naming the type when there is none. */
export function formatFor(extension: string): DocumentFormat {
  const ext = extension.toLowerCase();
  const format = DOCUMENT_FORMATS.find((f) => f.extensions.includes(ext));
  if (format) return format;
  const supported = DOCUMENT_FORMATS.flatMap((f) => f.extensions).join(', ');
  if (NOT_HERE[ext])
    throw badRequest(`Document type ${NOT_HERE[ext]} is not supported by the local service`, `Supported: ${supported}`);
  throw badRequest(`Unsupported document type '${ext || '(no extension)'}'`, `Supported: ${supported}`);
}
