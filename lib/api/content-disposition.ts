/**
 * The file name of a `Content-Disposition` header: RFC 6266 `filename*` (RFC 5987 encoded) wins over
 * `filename`, quoted or not. Path parts are dropped: the name is only ever a suggestion for a download.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    const decoded = decodeExtended(extended[1] ?? '', extended[2].trim());
    if (decoded) return baseName(decoded);
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return baseName(quoted[1].replace(/\\(.)/g, '$1')) || undefined;
  const bare = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare?.[1] ? baseName(bare[1]) || undefined : undefined;
}

function decodeExtended(charset: string, value: string): string | undefined {
  try {
    if (charset.toLowerCase() === 'utf-8' || charset === '') return decodeURIComponent(value);
    // ISO-8859-1: each %XX is one code point.
    return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  } catch {
    return undefined;
  }
}

function baseName(name: string): string {
  return name.split(/[\\/]/).pop()?.trim() ?? '';
}
