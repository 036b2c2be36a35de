/**
 * The address of Verso's PDF reader and the PDF it shows (`/pdf-reader.html?file=<the PDF's URL>`).
 * Shared by the reader, the worker, and the site rules and spending guard, which count a PDF read in
 * the reader against the PDF's own site, as if it were read in the browser's viewer.
 */
export const READER_PATH = '/pdf-reader.html';

/** The reader's address for a PDF, under the extension's base URL (`browser.runtime.getURL('/')`). */
export function readerUrlFor(base: string, file?: string): string {
  const url = new URL(READER_PATH.slice(1), base);
  if (file) url.searchParams.set('file', file);
  return url.href;
}

/**
 * The PDF a reader's address shows (an http(s) or file URL), or undefined for any other address. Only an
 * extension's own page has such an address: senders and tabs the worker asks about are Verso's own.
 */
export function pdfOfReader(url: string | undefined): string | undefined {
  if (!url || !/^(chrome|moz)-extension:\/\//.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.pathname !== READER_PATH) return undefined;
  const file = parsed.searchParams.get('file');
  return file && /^(https?|file):\/\//i.test(file) ? file : undefined;
}
