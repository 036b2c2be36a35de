import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonStringBytes, measureTranslateBody, type TranslateOptions } from '../../../api/index.ts';
import { groupKey, JobFactory, normalizeParams } from './jobs.ts';
import { nextBatch, packAll } from './pack.ts';
import { DEFAULT_LIMITS } from './queue.ts';

const LIMIT = 128 * 1024;

/** Text of about `bytes` UTF-8 bytes mixing ASCII, accents, CJK, emoji and characters JSON escapes. */
const ALPHABET = ['a', 'b', ' ', '.', 'é', '中', '😀', '"', '\\', '\n'];
const textOf = (bytes: number, seed: number): string => {
  const chunk = Array.from({ length: ALPHABET.length }, (_, i) => ALPHABET[(seed + i * 7) % ALPHABET.length]).join('');
  const chunkBytes = jsonStringBytes(chunk) - 2;
  let out = chunk.repeat(Math.floor(bytes / chunkBytes));
  let size = jsonStringBytes(out) - 2;
  for (const ch of chunk) {
    if (size >= bytes) break;
    out += ch;
    size += jsonStringBytes(ch) - 2;
  }
  return out;
};

const paramsChoices: TranslateOptions[] = [
  { target_lang: 'DE' },
  { target_lang: 'FR', formality: 'more' },
  { target_lang: 'DE', context: 'c'.repeat(20_000) },
];

/** Page-like sizes: mostly short segments, some paragraphs, a few long articles. */
const pageSize = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 300 }) },
  { weight: 2, arbitrary: fc.integer({ min: 300, max: 4000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 4000, max: 40_000 }) },
);

function pack(items: { size: number; seed: number; p: number }[]) {
  const factory = new JobFactory(DEFAULT_LIMITS);
  const units = items.map(({ size, seed, p }, i) => {
    const params = normalizeParams(paramsChoices[p]!);
    const group = groupKey(params);
    const text = textOf(size, seed);
    factory.budget(group, params);
    return { group, params, text, bytes: jsonStringBytes(text), i };
  });
  const batches = packAll(units, { maxTexts: 50, budget: (g) => factory.budget(g) });
  return { units, batches, factory };
}

/** No packing can use fewer requests: per group, the text count and the bytes each need this many. */
function lowerBound(units: { group: string; bytes: number }[], factory: JobFactory): number {
  const groups = new Map<string, { bytes: number }[]>();
  for (const u of units) groups.set(u.group, [...(groups.get(u.group) ?? []), u]);
  let bound = 0;
  for (const [group, members] of groups) {
    // A request holds sum(bytes + 1) - 1 <= budget, so sum(bytes + 1) <= budget + 1.
    const bytes = members.reduce((sum, u) => sum + u.bytes + 1, 0);
    bound += Math.max(Math.ceil(members.length / 50), Math.ceil(bytes / (factory.budget(group) + 1)));
  }
  return bound;
}

const item = (size: fc.Arbitrary<number>) =>
  fc.record({ size, seed: fc.nat(100), p: fc.integer({ min: 0, max: paramsChoices.length - 1 }) });

describe('packing', () => {
  it('keeps every request within 50 texts and 128 KiB of UTF-8 JSON, and uses every unit once', () => {
    fc.assert(
      fc.property(fc.array(item(pageSize), { maxLength: 300 }), (items) => {
        const { units, batches } = pack(items);
        for (const batch of batches) {
          expect(batch.length).toBeLessThanOrEqual(50);
          expect(new Set(batch.map((u) => u.group)).size).toBe(1);
          const body = JSON.stringify({ ...batch[0]!.params, text: batch.map((u) => u.text) });
          expect(new TextEncoder().encode(body).byteLength).toBeLessThanOrEqual(LIMIT - DEFAULT_LIMITS.reserveBytes);
          expect(measureTranslateBody({ ...batch[0]!.params, text: batch.map((u) => u.text) })).toBe(
            new TextEncoder().encode(body).byteLength,
          );
        }
        expect(
          batches
            .flat()
            .map((u) => u.i)
            .sort((a, b) => a - b),
        ).toEqual(units.map((u) => u.i));
      }),
      { numRuns: 150 },
    );
  });

  it('needs at most one request per parameter group more than the lower bound on page-like input', () => {
    fc.assert(
      fc.property(fc.array(item(pageSize), { maxLength: 400 }), (items) => {
        const { units, batches, factory } = pack(items);
        expect(batches.length).toBeLessThanOrEqual(lowerBound(units, factory) + paramsChoices.length);
        // One group alone: within one request of the bound.
        const single = pack(items.map((it) => ({ ...it, p: 0 })));
        expect(single.batches.length).toBeLessThanOrEqual(lowerBound(single.units, single.factory) + 1);
      }),
      { numRuns: 150 },
    );
  });

  it('stays within a third of the lower bound when every text is large (worst case of first fit)', () => {
    fc.assert(
      fc.property(fc.array(item(fc.integer({ min: 0, max: 120_000 })), { maxLength: 60 }), (generated) => {
        const items = generated.map((it) => ({ ...it, p: 0 }));
        const { units, batches, factory } = pack(items);
        const bound = lowerBound(units, factory);
        expect(batches.length).toBeLessThanOrEqual(Math.ceil((bound * 4) / 3) + 1);
      }),
      { numRuns: 60 },
    );
  });

  it('opens each request with the first unit waiting and fills it before opening the next', () => {
    const units = [40, 70, 20, 50, 30].map((bytes, i) => ({ group: 'g', bytes, i }));
    const budget = () => 100;
    expect(nextBatch(units, { maxTexts: 50, budget })).toEqual([0, 2, 4]);
    expect(packAll(units, { maxTexts: 50, budget }).map((b) => b.map((u) => u.i))).toEqual([[0, 2, 4], [1], [3]]);
    expect(nextBatch(units, { maxTexts: 2, budget })).toEqual([0, 2]);
  });
});
