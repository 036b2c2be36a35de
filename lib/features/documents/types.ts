import type { DocumentJobRecord, DocumentJobState } from '../../db/index.ts';
import type { Formality } from '../../settings/schema.ts';

/** A document job as pages see it: no `document_key` (it never needs to leave the background). */
export type DocumentJobView = Omit<DocumentJobRecord, 'document_id' | 'document_key' | 'scope' | 'downloadId'> & {
  documentId: string;
  /** Verso holds the translated file (the service deleted it) until the browser has saved it. */
  kept?: true;
};

export function toJobView(job: DocumentJobRecord, kept = false): DocumentJobView {
  return {
    documentId: job.document_id,
    fileName: job.fileName,
    targetLang: job.targetLang,
    state: job.state,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    ...(job.sourceLang ? { sourceLang: job.sourceLang } : {}),
    ...(job.outputFormat ? { outputFormat: job.outputFormat } : {}),
    ...(job.billedCharacters !== undefined ? { billedCharacters: job.billedCharacters } : {}),
    ...(job.error ? { error: job.error } : {}),
    ...(kept ? { kept: true as const } : {}),
  };
}

/** States in which the service is still working and the background keeps polling. */
export const isActiveState = (state: DocumentJobState) => state === 'queued' || state === 'translating';

/** A translated file on its way from the background to the page, read chunk by chunk. */
export interface ResultTransfer {
  transferId: string;
  fileName: string;
  size: number;
  contentType?: string;
  chunks: number;
}

export interface GlossaryChoice {
  glossaryId: string;
  name: string;
}

/** What the document form starts from for a pair (translation-controls/resolve.ts, `defaultChoices`). */
export interface DocumentDefaults {
  formality: Formality;
  glossaryId?: string;
}
