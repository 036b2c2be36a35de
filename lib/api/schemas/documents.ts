import { z } from 'zod';
import type { Formality } from '../translate-params.ts';

/** `POST /v2/document` parts (docs/contract.md §4.2). `file` is sent with `filename` as its part's name. */
export interface UploadDocumentParams {
  file: Blob;
  filename: string;
  target_lang: string;
  source_lang?: string;
  output_format?: string;
  formality?: Formality;
  glossary_id?: string;
}

/** The client must keep both: the service does not store `document_key`. */
export const DocumentHandle = z.looseObject({ document_id: z.string().min(1), document_key: z.string().min(1) });
export type DocumentHandle = z.infer<typeof DocumentHandle>;

export const DocumentState = z.enum(['queued', 'translating', 'done', 'error']);
export type DocumentState = z.infer<typeof DocumentState>;

/**
 * The reason of an `error` comes as `error_message` (the reference schema, official clients) or as
 * `message` (the reference examples and guide); it is read into `error_message` either way.
 */
export const DocumentStatus = z
  .looseObject({
    document_id: z.string(),
    status: DocumentState,
    /** An estimate only; values like 2^27 occur. Show progress by state. */
    seconds_remaining: z.number().nonnegative().optional(),
    billed_characters: z.number().int().nonnegative().optional(),
    error_message: z.string().optional(),
    message: z.string().optional(),
  })
  .transform(({ message, ...status }) => {
    const reason = status.error_message || message;
    return reason ? { ...status, error_message: reason } : status;
  });
export type DocumentStatus = z.infer<typeof DocumentStatus>;

export interface DownloadedDocument {
  bytes: Uint8Array;
  /** From Content-Disposition, when the service named the file. */
  filename?: string;
  contentType?: string;
}
