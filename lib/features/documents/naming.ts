import { extensionOf, resultExtension } from './file-types.ts';

// The browser's rules for a name given to `downloads.download` (Chromium's IsSafePortablePathComponent:
// base/i18n/file_util_icu.cc and net/base/filename_util.cc). A name that breaks one is refused with
// "Invalid filename" on every system, not only on Windows.

/**
 * Refused anywhere in a name: Windows' reserved ASCII, control and format characters (U+202E, U+200F,
 * U+FEFF...), line and paragraph separators (U+2028, U+2029), lone surrogates and non-characters. `~`
 * is refused at the ends and, on Windows, in names shaped like 8.3 short names: it goes everywhere.
 */
const REFUSED = /[<>:"/\\|?*~\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u{FDD0}-\u{FDEF}]/gu;
/** Refused at either end of a name: white space of any kind, dots, and `~`. */
const REFUSED_AT_ENDS = /^[\p{White_Space}.~]+|[\p{White_Space}.~]+$/gu;
/** Windows device names, alone or followed by a dot (`aux.de.txt`), and the shell's folder files. */
const RESERVED =
  /^(con|prn|aux|nul|clock\$|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)|^(desktop\.ini|thumbs\.db)$/i;
/** Extensions the Windows shell acts on by itself: shortcuts, DLL redirection, class ids. */
const SHELL_EXTENSION = /^(lnk|local|\{.*\})$/i;
/** In UTF-8 bytes: file systems count bytes (255 on most), and the browser adds ` (1)` to repeated names. */
const MAX_NAME_BYTES = 180;
const utf8Length = (text: string) => new TextEncoder().encode(text).length;

const isNonCharacter = (cp: number) => (cp & 0xfffe) === 0xfffe;

/** Whether the browser accepts `name` as a download's file name (the rules above). */
export function isSafeDownloadName(name: string): boolean {
  if (name === '' || utf8Length(name) > MAX_NAME_BYTES) return false;
  if (new RegExp(REFUSED.source, 'u').test(name)) return false;
  if ([...name].some((c) => isNonCharacter(c.codePointAt(0) ?? 0))) return false;
  if (/^[\p{White_Space}.~]|[\p{White_Space}.~]$/u.test(name)) return false;
  if (RESERVED.test(name)) return false;
  return !SHELL_EXTENSION.test(extensionOf(name));
}

/** At most `max` UTF-8 bytes, cut between characters (half a surrogate pair would be refused). */
function truncate(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const c of text) {
    bytes += utf8Length(c);
    if (bytes > max) break;
    out += c;
  }
  return out;
}

/**
 * A download name from `stem` and `ext` that the browser accepts: refused characters become `_`, the
 * ends are trimmed of spaces, dots and `~`, a device name gets a leading `_` (`_aux.de.txt`), a long
 * stem is shortened. `ext` is the caller's and is kept as given; an empty stem becomes `fallback`.
 */
export function safeDownloadName(stem: string, ext = '', fallback = 'document'): string {
  const cleanExt = ext.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const room = MAX_NAME_BYTES - (cleanExt ? cleanExt.length + 1 : 0);
  let clean = [...stem.normalize('NFC').replace(REFUSED, '_')]
    .map((c) => (isNonCharacter(c.codePointAt(0) ?? 0) ? '_' : c))
    .join('');
  clean = truncate(clean.replace(REFUSED_AT_ENDS, ''), room).replace(REFUSED_AT_ENDS, '');
  const name = `${clean || fallback}${cleanExt ? `.${cleanExt}` : ''}`;
  const safe = RESERVED.test(name) || SHELL_EXTENSION.test(extensionOf(name)) ? `_${name}` : name;
  return isSafeDownloadName(safe) ? safe : `${fallback}${cleanExt ? `.${cleanExt}` : ''}`;
}

/** The last part of a path-like name (a service may send `../../x`). */
const baseName = (name: string) => name.split(/[/\\]/).pop() ?? '';

/**
 * The name of a translated document. Its extension is always the requested output format's (else the
 * input's; `doc` comes back as `docx`), whatever the service's `Content-Disposition` says. The service's
 * name is used when it has that extension; otherwise Verso names the file `<stem>.<target>.<ext>`
 * (`report.docx` into German: `report.de.docx`).
 */
export function resultFileName(
  job: { fileName: string; targetLang: string; outputFormat?: string | undefined },
  fromService?: string,
): string {
  const inputExt = extensionOf(job.fileName);
  const ext = resultExtension(inputExt, job.outputFormat);
  const offered = baseName(fromService?.trim() ?? '');
  if (offered && ext && extensionOf(offered) === ext) {
    return safeDownloadName(offered.slice(0, -(ext.length + 1)), ext);
  }
  const stem = inputExt ? job.fileName.slice(0, -(inputExt.length + 1)) : job.fileName;
  return safeDownloadName(`${baseName(stem)}.${job.targetLang.toLowerCase()}`, ext);
}

/** The name to save under when the browser refuses the first (a rule this module does not know). */
export const fallbackFileName = (fileName: string) =>
  safeDownloadName('', extensionOf(fileName), 'translated-document');
