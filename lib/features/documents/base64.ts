/**
 * Bytes cross the messaging boundary as base64 text: messages are JSON, so a File, Blob or typed array
 * cannot travel as such. Chunks keep every message small and bounded.
 */
export const CHUNK_BYTES = 1024 * 1024;

/** The base64 length of `bytes` bytes, for bounding a chunk message's schema. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

// String.fromCharCode takes its arguments on the stack; 32 K at a time stays far from its limit.
const SLICE = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return btoa(binary);
}

/** Throws on text that is not base64 (atob's own error). */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** How many chunks of `chunkBytes` hold `size` bytes (an empty file is one empty chunk). */
export const chunkCount = (size: number, chunkBytes = CHUNK_BYTES) => Math.max(1, Math.ceil(size / chunkBytes));

export function chunkOf(bytes: Uint8Array, index: number, chunkBytes = CHUNK_BYTES): Uint8Array {
  return bytes.subarray(index * chunkBytes, (index + 1) * chunkBytes);
}

/** Joins chunks received in order into one array. */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
