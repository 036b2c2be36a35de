import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A feature's subfolders are its private machinery (lib/features/page-translate/segments, queue, cache):
// only the feature's own files import them. What other features need lives in a shared home
// (lib/dom, lib/db) or in a file at the feature's top level. Type imports count too: a type named
// outside is a contract that has left the feature.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Importers allowed to reach into another feature's subfolder. */
const EXCEPTIONS = new Set([
  // "Your data" clears page translation's cache: it names the cache's class, and its test builds one.
  'lib/features/data/clear.background.ts -> lib/features/page-translate/cache/translation-cache.ts',
  'lib/features/data/clear.background.test.ts -> lib/features/page-translate/cache/translation-cache.ts',
]);

const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\0')
  .filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f) && existsSync(path.join(ROOT, f)));

/** Every relative module a file names: static, type-only, re-exported, dynamic or mocked. */
function importsOf(file: string): string[] {
  const src = readFileSync(path.join(ROOT, file), 'utf8');
  const specs = [
    ...src.matchAll(/^\s*(?:import|export)\s[^'";]*?['"](\.{1,2}\/[^'"]+)['"]/gm),
    ...src.matchAll(/(?:import|vi\.mock|vi\.importActual)\(\s*['"](\.{1,2}\/[^'"]+)['"]/g),
  ].map((m) => m[1] as string);
  return specs.map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
}

/** `lib/features/<name>/<sub>/...` -> `lib/features/<name>/`, for a file inside a feature's subfolder. */
function privateOwner(target: string): string | undefined {
  const m = /^(lib\/features\/[^/]+\/)[^/]+\/./.exec(target);
  if (!m) return undefined;
  const sub = target.split('/').slice(0, 4).join('/');
  return existsSync(path.join(ROOT, sub)) && statSync(path.join(ROOT, sub)).isDirectory() ? m[1] : undefined;
}

describe('layering', () => {
  it('finds the imports it checks', () => {
    const top = files.filter((f) => path.posix.dirname(f) === 'lib/features/page-translate');
    const intoSegments = top.flatMap(importsOf).filter((t) => t.startsWith('lib/features/page-translate/segments/'));
    expect(intoSegments.length).toBeGreaterThan(5);
  });

  it("nothing outside a feature imports its subfolders (page translation's segments, queue, cache)", () => {
    const found: string[] = [];
    for (const file of files) {
      for (const target of importsOf(file)) {
        const owner = privateOwner(target);
        if (owner && !file.startsWith(owner)) found.push(`${file} -> ${target}`);
      }
    }
    expect(found.filter((edge) => !EXCEPTIONS.has(edge))).toEqual([]);
    // An exception that no longer happens is removed from the list.
    expect([...EXCEPTIONS].filter((edge) => !found.includes(edge))).toEqual([]);
  });

  it('the shared DOM and database helpers import nothing of a feature', () => {
    const shared = files.filter((f) => /^lib\/(dom|db)\//.test(f));
    const intoFeatures = shared.flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith('lib/features/'))
        .map((t) => `${f} -> ${t}`),
    );
    expect(intoFeatures).toEqual([]);
  });
});
