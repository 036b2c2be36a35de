import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The unit tests of lib/ share a worker between files (vitest.config.ts, project "extension"): a module
// mocked there would stay mocked for the files after it. Mocking belongs to the isolated project.

const ROOT = path.resolve(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('unit tests that share a worker', () => {
  it('finds the files it checks', () => {
    expect(testFiles('lib').length).toBeGreaterThan(100);
  });

  it('mock no module', () => {
    const mocking = testFiles('lib').filter((f) =>
      /\bvi\s*\.\s*(?:do)?[mM]ock\s*\(/.test(readFileSync(path.join(ROOT, f), 'utf8')),
    );
    expect(mocking).toEqual([]);
  });
});
