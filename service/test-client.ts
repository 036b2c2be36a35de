import type { RunningService } from './testing.ts';

/** A response with its body read once (JSON when it parses, else the text). */
export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** Reads a response once: JSON when it parses, null when empty, else the text. */
export async function reply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** Small HTTP client for tests against a running local service, authenticated with `key`. */
export function client(svc: RunningService, key: string = svc.options.paidKey) {
  const auth = { Authorization: `Service-Auth-Key ${key}` };
  return {
    get: async (path: string, headers: Record<string, string> = {}) =>
      reply(await fetch(`${svc.url}${path}`, { headers: { ...auth, ...headers } })),
    json: async (path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
      reply(
        await fetch(`${svc.url}${path}`, {
          method,
          headers: { ...auth, 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
      ),
    form: async (path: string, pairs: Array<[string, string]>, headers: Record<string, string> = {}) =>
      reply(
        await fetch(`${svc.url}${path}`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams(pairs).toString(),
        }),
      ),
  };
}
