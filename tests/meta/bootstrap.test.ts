import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildBootstrap } from '../../scripts/build/bootstrap.ts';

// The bootstrap is the only code of Verso's in every frame of every page (lib/bootstrap). What a page
// Verso does nothing on pays is this file: no feature, no library, and small. A bundle check, not a timing.

describe('the bootstrap', () => {
  const { code, metafile } = buildBootstrap();

  it('is made of lib/bootstrap only: no feature, no component, no library is reachable from it', () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.filter((file) => !/^lib\/bootstrap\/[a-z-]+\.ts$/.test(file))).toEqual([]);
  });

  it('stays under 10 KB (and under 4 KB compressed)', () => {
    expect(code.length).toBeLessThanOrEqual(10_000);
    expect(gzipSync(code).length).toBeLessThanOrEqual(4_000);
  });

  it('reads no extension storage and loads the features only through the runtime URL', () => {
    expect(code).not.toMatch(/storage\./);
    expect(code).toContain('features.js');
    expect(code).toContain('getURL');
  });
});
