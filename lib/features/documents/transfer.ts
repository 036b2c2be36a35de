import type { MessageInput, MessageOutput, MessageType, Send } from '../../messaging/protocol.ts';
import { fail, ok, type Result } from '../../messaging/result.ts';
import { base64ToBytes, bytesToBase64, chunkCount, chunkOf } from './base64.ts';
import type { UploadMeta } from './messages.ts';
import type { DocumentJobView } from './types.ts';

export type SendProgress = { phase: 'sending'; sent: number; total: number } | { phase: 'uploading'; total: number };

/** `send`, with a failure to reach the background (a worker stopping mid-call) as a Result too. */
async function call<K extends MessageType>(
  send: Send,
  type: K,
  data: MessageInput<K>,
  lostCode: string,
): Promise<Result<MessageOutput<K>>> {
  try {
    return await send(type, data);
  } catch (e) {
    return fail({ name: 'Error', code: lostCode, message: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * Hands a file to the background in bounded chunks (messages cannot carry a File), then has it
 * uploaded. When the background restarts mid-transfer it forgets the chunks; the page still has the
 * bytes, so it starts over once.
 */
export async function sendDocument(
  send: Send,
  bytes: Uint8Array,
  meta: UploadMeta,
  onProgress: (progress: SendProgress) => void,
): Promise<Result<DocumentJobView>> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await sendOnce(send, bytes, meta, onProgress);
    if (outcome.ok || outcome.error.code !== 'upload_lost' || attempt >= 1) return outcome;
  }
}

async function sendOnce(
  send: Send,
  bytes: Uint8Array,
  meta: UploadMeta,
  onProgress: (progress: SendProgress) => void,
): Promise<Result<DocumentJobView>> {
  const begun = await call(send, 'documents.begin', meta, 'upload_lost');
  if (!begun.ok) return begun;
  const { uploadId, chunkBytes } = begun.value;
  onProgress({ phase: 'sending', sent: 0, total: bytes.length });
  const chunks = chunkCount(bytes.length, chunkBytes);
  for (let index = 0; index < chunks; index++) {
    const data = bytesToBase64(chunkOf(bytes, index, chunkBytes));
    const sent = await call(send, 'documents.chunk', { uploadId, index, data }, 'upload_lost');
    if (!sent.ok) return sent;
    onProgress({ phase: 'sending', sent: sent.value.received, total: bytes.length });
  }
  onProgress({ phase: 'uploading', total: bytes.length });
  // Lost here, the document may exist on the service: never resend blindly, let the person look.
  return call(send, 'documents.commit', { uploadId }, 'internal');
}

/** Downloads the translated file through the background, chunk by chunk. */
export async function receiveResult(send: Send, documentId: string): Promise<Result<{ blob: Blob; fileName: string }>> {
  const started = await call(send, 'documents.download', { documentId }, 'internal');
  if (!started.ok) return started;
  const { transferId, chunks, fileName, contentType } = started.value;
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let index = 0; index < chunks; index++) {
    const chunk = await call(send, 'documents.resultChunk', { transferId, index }, 'transfer_lost');
    if (!chunk.ok) return chunk;
    parts.push(base64ToBytes(chunk.value.data));
  }
  return ok({ blob: new Blob(parts, { type: contentType ?? 'application/octet-stream' }), fileName });
}
