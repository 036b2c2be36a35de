import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where the reader finds pdf.js's worker in the package (lib/features/pdf/viewer.ts). */
export const PDF_WORKER_FILE = 'pdf.worker.js';

/**
 * pdf.js's worker, packaged as a file of the extension (the reader starts it as a module worker), with
 * its import() of a URL (the JPEG 2000 decoder's fallback script, not packaged) and its two uses of
 * `new Function` taken out: the eval probe (its answer is no) and the compiler of
 * PostScript functions, which pdf.js only uses when eval is allowed (the reader passes
 * `isEvalSupported: false`); both stay unreachable. Each must be found exactly once: an update of
 * pdfjs-dist that changes them stops the build here.
 */
const REWRITES: Array<{ find: RegExp; replace: string; what: string }> = [
  { what: 'the eval probe', find: /try\{new Function\(""\);return!0\}catch\{return!1\}/g, replace: 'return!1' },
  {
    what: 'the PostScript function compiler',
    find: /if\(e\)return new Function\("src","srcOffset","dest","destOffset",e\)/g,
    replace: 'if(e)return null',
  },
  {
    // JPEG 2000 images decode with pdf.js's WebAssembly decoder, or this script by URL: neither is packaged.
    what: "the JPEG 2000 decoder's script fallback",
    find: /n=\(await import\(\s*\/\*webpackIgnore: true\*\/\s*\/\*@vite-ignore\*\/\s*t\)\)\.default\(\)/g,
    replace: 'n=null',
  },
];

export function buildPdfWorker(): string {
  const require = createRequire(import.meta.url);
  let code = readFileSync(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'), 'utf8');
  for (const { find, replace, what } of REWRITES) {
    const found = code.match(find)?.length ?? 0;
    if (found !== 1) throw new Error(`pdf.js worker: expected ${what} once, found it ${found} times`);
    code = code.replace(find, replace);
  }
  return code;
}

/** Where the reader finds pdf.js's predefined CMaps and standard fonts in the package (viewer.ts). */
export const PDF_DATA_DIR = 'pdfjs';

/**
 * pdf.js's data files, packaged as they come: the predefined Adobe CMaps (text of CJK PDFs whose fonts
 * name a CMap instead of embedding one) and the standard fonts (the 14 a PDF may use without embedding
 * them), with their licences. Not its WebAssembly decoders: extension pages would need 'wasm-unsafe-eval'.
 */
export function pdfDataFiles(): Array<{ absoluteSrc: string; relativeDest: string }> {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return ['cmaps', 'standard_fonts'].flatMap((dir) =>
    readdirSync(path.join(root, dir)).map((name) => ({
      absoluteSrc: path.join(root, dir, name),
      relativeDest: `${PDF_DATA_DIR}/${dir}/${name}`,
    })),
  );
}
