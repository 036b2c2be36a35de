import { bytesToBase64, CHUNK_BYTES, chunkCount, chunkOf } from './base64.ts';
import { transferLost } from './errors.ts';

interface Held {
  bytes: Uint8Array;
  chunks: number;
  read: Set<number>;
  heldAt: number;
}

/**
 * Translated files waiting for the page to read them in chunks, held briefly in memory. The copy that
 * outlives a worker restart is in Dexie (`documentResults`, kept until the browser saved the file).
 */
export class ResultTransfers {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly options: { ttlMs?: number; chunkBytes?: number; now?: () => number; newId?: () => string } = {},
  ) {}

  put(bytes: Uint8Array): { transferId: string; chunks: number } {
    this.sweep();
    const transferId = this.options.newId?.() ?? crypto.randomUUID();
    const chunks = chunkCount(bytes.length, this.chunkBytes);
    this.held.set(transferId, { bytes, chunks, read: new Set(), heldAt: this.now() });
    return { transferId, chunks };
  }

  /** Chunk `index` as base64; the transfer is dropped once every chunk was read. */
  chunk(transferId: string, index: number): string {
    this.sweep();
    const held = this.held.get(transferId);
    if (!held) throw transferLost();
    if (index >= held.chunks) throw new RangeError(`No chunk ${index} (the file has ${held.chunks})`);
    held.read.add(index);
    const data = bytesToBase64(chunkOf(held.bytes, index, this.chunkBytes));
    if (held.read.size === held.chunks) this.held.delete(transferId);
    return data;
  }

  get size(): number {
    return this.held.size;
  }

  private get chunkBytes() {
    return this.options.chunkBytes ?? CHUNK_BYTES;
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  private sweep(): void {
    const ttl = this.options.ttlMs ?? 5 * 60_000;
    const now = this.now();
    for (const [id, h] of this.held) if (now - h.heldAt > ttl) this.held.delete(id);
  }
}
