import path from 'node:path';
import { buildSync, type Metafile } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where the bootstrap is in the package, and what the manifest's content script names. */
export const BOOTSTRAP_FILE = 'bootstrap.js';

/**
 * Bundles `lib/bootstrap/index.ts` alone: the one script the manifest injects into every frame. It is not
 * a WXT entry point, whose wrapper (the browser polyfill, the content-script context, a logger) would be
 * more than the bootstrap itself; `tests/meta/bootstrap.test.ts` checks what it is made of and its size.
 */
export function buildBootstrap(options: { minify?: boolean; browser?: string } = {}): {
  code: string;
  metafile: Metafile;
} {
  const result = buildSync({
    entryPoints: [path.join(ROOT, 'lib/bootstrap/index.ts')],
    bundle: true,
    format: 'iife',
    minify: options.minify ?? true,
    target: ['chrome120', 'firefox128'],
    write: false,
    metafile: true,
    legalComments: 'none',
    // Firefox: the worker injects the features (lib/background/boot.ts); elsewhere the bootstrap imports them.
    define: { __VERSO_IMPORTS__: String(options.browser !== 'firefox') },
  });
  const out = result.outputFiles[0];
  if (!out) throw new Error('the bootstrap bundle is empty');
  return { code: out.text, metafile: result.metafile };
}
