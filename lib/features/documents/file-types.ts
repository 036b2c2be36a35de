/**
 * The document types of docs/contract.md §4.2, and what the page checks before anything is sent. The
 * contract has no request that lists the types a service accepts, so the page offers the contract's list.
 * The service has the last word (the local one refuses the types of NOT_TRANSLATED_BY_LOCAL_SERVICE with a
 * message naming the type); this list only stops files that can never work.
 */
export const DOCUMENT_EXTENSIONS = [
  'docx',
  'doc',
  'pptx',
  'xlsx',
  'pdf',
  'htm',
  'html',
  'txt',
  'xlf',
  'xliff',
  'srt',
  'jpeg',
  'jpg',
  'png',
] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];

/**
 * The largest file Verso sends. The contract gives no maximum; the local service refuses more than
 * 30 MiB, and a bound keeps the transfer to the background (in chunks) and the request reasonable.
 */
export const MAX_DOCUMENT_BYTES = 30 * 1024 * 1024;

/** For the file input's `accept`: the extensions, so the system picker offers the right files. */
export const ACCEPT_ATTRIBUTE = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The accepted types as the page names them: `docx, doc, pptx, ...`. */
export const ACCEPTED_TYPES_TEXT = DOCUMENT_EXTENSIONS.join(', ');

/**
 * Types of the contract's list that Verso's local service (service/, for developers) does not translate:
 * it answers them with 400 and the reason (docs/local-service.md, "Document formats").
 */
export const NOT_TRANSLATED_BY_LOCAL_SERVICE: readonly DocumentExtension[] = ['doc', 'jpeg', 'jpg', 'png'];

/**
 * A server address on this computer (`localhost`, `127.0.0.0/8`, `[::1]`): where the local service runs.
 * A gateway may run there too, so the page says what the local service does, not what this server does.
 */
export function isLoopbackServer(serverUrl: string): boolean {
  let host: string;
  try {
    host = new URL(serverUrl.trim()).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/** The extension after the last dot, lower case (`report.final.PDF` is a pdf); empty without one. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export const isDocumentExtension = (ext: string): ext is DocumentExtension =>
  (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);

export type FileProblem =
  | { kind: 'empty' }
  | { kind: 'too_large'; size: number; max: number }
  | { kind: 'unsupported'; name: string; ext: string };

/** Why a file cannot be translated, or undefined when it may be sent. */
export function checkDocumentFile(file: { name: string; size: number }): FileProblem | undefined {
  const ext = extensionOf(file.name);
  if (!isDocumentExtension(ext)) return { kind: 'unsupported', name: file.name, ext };
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > MAX_DOCUMENT_BYTES) return { kind: 'too_large', size: file.size, max: MAX_DOCUMENT_BYTES };
  return undefined;
}

/**
 * Output formats a person may choose besides the input's own. The contract names one conversion (PDF
 * to DOCX) and says the full list is not known, so nothing else is offered: a guessed conversion would
 * only earn a 400. `doc` always comes back as `docx`.
 */
export function outputFormatsFor(ext: string): string[] {
  if (ext === 'pdf') return ['docx'];
  return [];
}

/** The extension of the translated file: the chosen output format, else the input's (doc gives docx). */
export function resultExtension(ext: string, outputFormat?: string): string {
  if (outputFormat) return outputFormat.replace(/^\./, '').toLowerCase();
  return ext === 'doc' ? 'docx' : ext;
}
