import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HTML_SINK_REWRITES, rewriteHtmlSinks } from '../../scripts/build/html-sinks.ts';
import { buildPdfWorker } from '../../scripts/build/pdf-worker.ts';

const root = path.resolve(import.meta.dirname, '../..');
const libraryFiles = [
  path.join(root, 'node_modules/preact/dist/preact.mjs'),
  path.join(root, 'node_modules/dompurify/dist/purify.es.mjs'),
  path.join(root, 'node_modules/pdfjs-dist/web/pdf_viewer.mjs'),
];
/** pdf.js's main module: its eval probe is taken out too (the reader's package has no eval). */
const pdfjsMain = path.join(root, 'node_modules/pdfjs-dist/build/pdf.mjs');
const EVAL = /\bnew\s+Function\s*\(/;
const ASSIGNS_HTML = /\.(innerHTML|outerHTML)\s*=(?!=)/;

describe('the build step that takes raw-HTML writes out of libraries (scripts/build/html-sinks.ts)', () => {
  it('finds each write once in the installed Preact and DOMPurify and leaves none behind', () => {
    for (const file of libraryFiles) {
      const code = readFileSync(file, 'utf8');
      expect(ASSIGNS_HTML.test(code), file).toBe(true);
      const out = rewriteHtmlSinks(file, code);
      expect(out, file).toBeDefined();
      expect(ASSIGNS_HTML.test(out!), file).toBe(false);
    }
  });

  it('names files that the bundler resolves', () => {
    const require = createRequire(import.meta.url);
    // The ESM entries Vite picks: preact's "default" export and dompurify's "import" condition.
    expect(realpathSync(libraryFiles[0]!)).toBe(
      realpathSync(path.join(path.dirname(require.resolve('preact/package.json')), 'dist/preact.mjs')),
    );
    expect(HTML_SINK_REWRITES.every((r) => [...libraryFiles, pdfjsMain].some((f) => r.file.test(f)))).toBe(true);
  });

  it("takes pdf.js's eval probe out of its main module and its worker", () => {
    const code = readFileSync(pdfjsMain, 'utf8');
    expect(EVAL.test(code)).toBe(true);
    expect(EVAL.test(rewriteHtmlSinks(pdfjsMain, code) ?? '')).toBe(false);
    expect(EVAL.test(buildPdfWorker())).toBe(false);
  });

  it('stops the build when a library no longer has the write it expects', () => {
    expect(() => rewriteHtmlSinks(libraryFiles[0]!, 'export const nothing = 1;')).toThrow(/found it 0 times/);
  });

  it('leaves other modules alone', () => {
    expect(
      rewriteHtmlSinks(path.join(root, 'lib/features/page-translate/segments/plan.ts'), 'el.innerHTML = x'),
    ).toBeUndefined();
  });
});
