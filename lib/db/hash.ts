/**
 * Canonical JSON and hashing shared by the cache, the queue and the database scopes.
 * Canonical means: object keys sorted, `undefined` members dropped, arrays in order. Two parameter
 * objects that mean the same request therefore give the same string, whatever order they were built in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : canonicalize(v)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonicalize(v);
    }
    return out;
  }
  return value;
}

const encoder = new TextEncoder();

/** Lower-case hex SHA-256 of the UTF-8 bytes of `text` (WebCrypto: available in workers and Node). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
