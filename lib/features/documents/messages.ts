import { z } from 'zod';
import { LanguageCode as Lang } from '../../api/language-code.ts';
import { defineMessage } from '../../messaging/define.ts';
import { Formality } from '../../settings/schema.ts';
import { base64Length, CHUNK_BYTES, chunkCount } from './base64.ts';
import { MAX_DOCUMENT_BYTES } from './file-types.ts';
import type { DocumentDefaults, DocumentJobView, GlossaryChoice, ResultTransfer } from './types.ts';

const Id = z.string().min(1).max(200);
const Chunk = z.object({ index: z.number().int().nonnegative().max(chunkCount(MAX_DOCUMENT_BYTES)) });

/** What the page sends before the bytes: the file's name and size and the translation's options. */
export const UploadMeta = z
  .object({
    fileName: z.string().trim().min(1).max(255),
    size: z.number().int().nonnegative().max(MAX_DOCUMENT_BYTES),
    targetLang: Lang,
    sourceLang: Lang.optional(),
    formality: Formality.optional(),
    glossaryId: Id.optional(),
    outputFormat: z
      .string()
      .regex(/^[a-z0-9]{2,8}$/i)
      .optional(),
  })
  .refine((m) => !m.glossaryId || m.sourceLang, { message: 'A glossary needs a source language' });
export type UploadMeta = z.infer<typeof UploadMeta>;

/**
 * Document translation, for the documents page and the options. The page reads the file and sends it in
 * chunks; the background uploads it, keeps the job in Dexie and polls it (also with no page open).
 */
export const documentMessages = {
  /** The jobs of the current account, newest first. */
  'documents.list': defineMessage<DocumentJobView[]>()('pages', z.object({}).optional()),
  'documents.begin': defineMessage<{ uploadId: string; chunkBytes: number }>()('pages', UploadMeta),
  'documents.chunk': defineMessage<{ received: number }>()(
    'pages',
    Chunk.extend({ uploadId: Id, data: z.string().max(base64Length(CHUNK_BYTES)) }),
  ),
  /** Sends the assembled file to the service and starts polling its status. */
  'documents.commit': defineMessage<DocumentJobView>()('pages', z.object({ uploadId: Id })),
  'documents.cancelUpload': defineMessage<null>()('pages', z.object({ uploadId: Id })),
  /**
   * The result for the page to read: downloaded from the service (which then deletes it) the first
   * time, then from the bytes Verso keeps until the browser has saved the file.
   */
  'documents.download': defineMessage<ResultTransfer>()('pages', z.object({ documentId: Id })),
  /** The page started saving the result as this browser download; its end settles the job. */
  'documents.saving': defineMessage<null>()(
    'pages',
    z.object({ documentId: Id, downloadId: z.number().int().nonnegative() }),
  ),
  'documents.resultChunk': defineMessage<{ data: string }>()('pages', Chunk.extend({ transferId: Id })),
  /** Forgets a downloaded or failed job. */
  'documents.remove': defineMessage<null>()('pages', z.object({ documentId: Id })),
  /**
   * Whether the connection's server address is on this computer, where the local service runs (the page
   * then says which types that service does not translate). Only this yes or no leaves the background.
   */
  'documents.server': defineMessage<{ loopback: boolean }>()('pages', z.object({}).optional()),
  /** Glossaries of the account with a dictionary for the pair. */
  'documents.glossaries': defineMessage<GlossaryChoice[]>()('pages', z.object({ sourceLang: Lang, targetLang: Lang })),
  /**
   * The person's defaults for a pair, as every other translation resolves them: formality and the pair's
   * default glossary (only with a source; `sourceLang` absent means detection).
   */
  'documents.defaults': defineMessage<DocumentDefaults>()(
    'pages',
    z.object({ targetLang: Lang, sourceLang: Lang.optional() }),
  ),
};
