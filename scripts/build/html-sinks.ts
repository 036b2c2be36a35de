import type { Plugin } from 'vite';

/**
 * Takes the raw-HTML writes that Verso's libraries carry, and Verso never uses, out of its bundles (and
 * pdf.js's eval probe, below):
 *
 * - Preact's `dangerouslySetInnerHTML` (`dom.innerHTML = props.dangerouslySetInnerHTML.__html`): a
 *   component that asks for it now throws instead of writing HTML. Verso renders nodes only
 *   (the selection bubble inserts DOMPurify's fragments).
 * - DOMPurify's fallback parser for documents of other namespaces or browsers without DOMParser
 *   (`documentElement.innerHTML = dirty`): Verso sanitises HTML, which DOMPurify parses with DOMParser;
 *   without the fallback such input comes out empty.
 *
 * What is left has no assignment to innerHTML or outerHTML, which Mozilla's add-on linter flags
 * (`npm test` runs `web-ext lint`). Each rewrite must match exactly once: a library
 * update that changes the code stops the build here instead of shipping it unreviewed.
 */
export const HTML_SINK_REWRITES: ReadonlyArray<{ file: RegExp; find: RegExp; replace: string; what: string }> = [
  {
    what: "Preact's dangerouslySetInnerHTML",
    file: /[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.mjs$/,
    find: /\b[A-Za-z_$][\w$]*\.innerHTML=[A-Za-z_$][\w$]*\.__html\b/g,
    replace: '(()=>{throw new Error("dangerouslySetInnerHTML is left out of Verso\'s build: render nodes")})()',
  },
  {
    what: "DOMPurify's fallback parser",
    file: /[\\/]node_modules[\\/]dompurify[\\/]dist[\\/]purify\.es\.mjs$/,
    find: /doc\.documentElement\.innerHTML = IS_EMPTY_INPUT \? emptyHTML : dirtyPayload;/g,
    replace: "/* fallback parser left out of Verso's build: the document stays empty */",
  },
  {
    // Fluent's markup overlay in pdf.js's viewer: Verso gives the viewer no localisation, so its strings
    // are plain text.
    what: "pdf.js viewer's localisation overlay",
    file: /[\\/]node_modules[\\/]pdfjs-dist[\\/]web[\\/]pdf_viewer\.mjs$/,
    find: /templateElement\.innerHTML = value;/g,
    replace: 'templateElement.content.append(value);',
  },
  {
    // Not an HTML sink: pdf.js tries `new Function("")` to learn whether eval is allowed. The reader passes
    // `isEvalSupported: false` and the extension's CSP forbids eval: the answer is no, without the probe
    // (tests/e2e/store-package.spec.ts: no eval in the package).
    what: "pdf.js's eval probe",
    file: /[\\/]node_modules[\\/]pdfjs-dist[\\/]build[\\/]pdf\.mjs$/,
    find: /new Function\(""\);/g,
    replace: 'throw new Error("eval is left out of Verso\'s build");',
  },
  {
    // Nor is this one: without a worker, pdf.js would import its worker's code by URL into the page. The
    // reader always has its worker (a file of the package); Mozilla's linter flags an import() of a URL.
    what: "pdf.js's fallback to its worker in the page",
    file: /[\\/]node_modules[\\/]pdfjs-dist[\\/]build[\\/]pdf\.mjs$/,
    find: /const worker = await import\(\s*\/\*webpackIgnore: true\*\/\s*\/\*@vite-ignore\*\/\s*this\.workerSrc\);/g,
    replace: 'const worker = await Promise.reject(new Error("pdf.js runs in its worker only in Verso\'s build"));',
  },
  {
    // The viewer's scripting sandbox (a PDF's JavaScript), which the reader never turns on.
    what: "pdf.js viewer's scripting sandbox",
    file: /[\\/]node_modules[\\/]pdfjs-dist[\\/]web[\\/]pdf_viewer\.mjs$/,
    find: /const sandbox = import\(\s*\/\*webpackIgnore: true\*\/\s*\/\*@vite-ignore\*\/\s*sandboxBundleSrc\);/g,
    replace: 'const sandbox = Promise.reject(new Error("PDF scripting is left out of Verso\'s build"));',
  },
];

/** Applies the rewrite for `id` to `code`; throws unless its pattern is found exactly once. */
export function rewriteHtmlSinks(id: string, code: string): string | undefined {
  const rewrites = HTML_SINK_REWRITES.filter((r) => r.file.test(id));
  if (rewrites.length === 0) return undefined;
  for (const rewrite of rewrites) {
    const found = code.match(rewrite.find)?.length ?? 0;
    if (found !== 1) {
      throw new Error(
        `${rewrite.what}: expected its code once in ${id}, found it ${found} times. ` +
          'The library changed: check the new code and update scripts/build/html-sinks.ts.',
      );
    }
    code = code.replace(rewrite.find, rewrite.replace);
  }
  return code;
}

export function stripHtmlSinks(): Plugin {
  return {
    name: 'verso:strip-html-sinks',
    enforce: 'pre',
    transform(code, id) {
      const out = rewriteHtmlSinks(id, code);
      return out === undefined ? null : { code: out, map: null };
    },
  };
}
