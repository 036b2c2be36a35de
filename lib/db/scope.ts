import { sha256Hex } from './hash.ts';

/**
 * The account scope under which server-side objects (glossaries, languages, documents) are cached: a
 * hash of the server URL and the key, so two accounts or two servers never share rows and the key itself
 * is never written to disk.
 */
export function accountScope(serverUrl: string, apiKey: string): Promise<string> {
  return sha256Hex(`verso-scope\n${normalizeServerUrl(serverUrl)}\n${apiKey}`);
}

/** Same server, whatever trailing slashes or case of scheme and host. */
export function normalizeServerUrl(serverUrl: string): string {
  try {
    const url = new URL(serverUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return serverUrl.trim().replace(/\/+$/, '');
  }
}
