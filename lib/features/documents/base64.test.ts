import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Length, base64ToBytes, bytesToBase64, chunkCount, chunkOf, joinChunks } from './base64.ts';

describe('bytes as base64 in chunks', () => {
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (bytes) => {
        expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
      }),
    );
  });

  it('encodes like the platform does, also beyond one stack slice', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(bytesToBase64(bytes).length).toBe(base64Length(bytes.length));
  });

  it('splits into bounded chunks that join back to the file', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.integer({ min: 1, max: 700 }), (bytes, size) => {
        const n = chunkCount(bytes.length, size);
        const chunks = Array.from({ length: n }, (_, i) => chunkOf(bytes, i, size));
        expect(chunks.every((c) => c.length <= size)).toBe(true);
        expect(joinChunks(chunks)).toEqual(bytes);
      }),
    );
  });

  it('sends an empty file as one empty chunk', () => {
    expect(chunkCount(0)).toBe(1);
  });

  it('refuses text that is not base64', () => {
    expect(() => base64ToBytes('not base64!')).toThrow();
  });
});
