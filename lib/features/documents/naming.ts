import { extensionOf, resultExtension } from './file-types.ts';

/** Characters no download file name may hold on any common system, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go.
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
const MAX_NAME_LENGTH = 180;

/**
 * A file name `browser.downloads` accepts: no path separators or reserved characters, no leading dots
 * (hidden files) and no trailing dots or spaces (Windows drops them), within a sane length.
 */
export function safeDownloadName(name: string, fallback = 'document'): string {
  let clean = name
    .replace(UNSAFE, '_')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[.\s]+$/, '');
  if (clean.length > MAX_NAME_LENGTH) {
    const ext = extensionOf(clean);
    const keep = ext ? MAX_NAME_LENGTH - ext.length - 1 : MAX_NAME_LENGTH;
    clean = ext ? `${clean.slice(0, keep)}.${ext}` : clean.slice(0, keep);
  }
  return clean || fallback;
}

/**
 * The name of a translated document: the service's (Content-Disposition) when it gave one, else built
 * as `<stem>.<target>.<ext>` (`report.docx` into German: `report.de.docx`).
 */
export function resultFileName(
  job: { fileName: string; targetLang: string; outputFormat?: string | undefined },
  fromService?: string,
): string {
  if (fromService?.trim()) return safeDownloadName(fromService);
  const ext = extensionOf(job.fileName);
  const stem = ext ? job.fileName.slice(0, -(ext.length + 1)) : job.fileName;
  const out = resultExtension(ext, job.outputFormat);
  const target = job.targetLang.toLowerCase();
  return safeDownloadName(out ? `${stem}.${target}.${out}` : `${stem}.${target}`);
}
