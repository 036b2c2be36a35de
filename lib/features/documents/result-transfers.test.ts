import { describe, expect, it } from 'vitest';
import { base64ToBytes, joinChunks } from './base64.ts';
import { ResultTransfers } from './result-transfers.ts';

describe('ResultTransfers', () => {
  it('hands a file out chunk by chunk and forgets it once every chunk was read', () => {
    const transfers = new ResultTransfers({ chunkBytes: 4, newId: () => 't1' });
    const file = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const { transferId, chunks } = transfers.put(file);
    expect(chunks).toBe(3);
    const parts = [0, 1, 2].map((i) => base64ToBytes(transfers.chunk(transferId, i)));
    expect(joinChunks(parts)).toEqual(file);
    expect(transfers.size).toBe(0);
    expect(() => transfers.chunk(transferId, 0)).toThrow(expect.objectContaining({ code: 'transfer_lost' }));
  });

  it('allows a chunk to be read again before the end (a retried message)', () => {
    const transfers = new ResultTransfers({ chunkBytes: 2 });
    const { transferId } = transfers.put(new Uint8Array([1, 2, 3]));
    expect(transfers.chunk(transferId, 0)).toBe(transfers.chunk(transferId, 0));
    expect(() => transfers.chunk(transferId, 5)).toThrow(RangeError);
  });

  it('drops files nobody came for', () => {
    let now = 0;
    const transfers = new ResultTransfers({ ttlMs: 1000, now: () => now });
    const { transferId } = transfers.put(new Uint8Array([1]));
    now = 1001;
    expect(() => transfers.chunk(transferId, 0)).toThrow(expect.objectContaining({ code: 'transfer_lost' }));
  });
});
