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

/** An answer as apiClient reads it. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, the raw text when it is not JSON, or null when empty. T is what the test expects. */
  body: T;
}

export interface CallOptions {
  key?: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** The route tests' HTTP client: any method, JSON or form bodies, a key per call (paid by default). */
export function apiClient(svc: RunningService) {
  return async function call<T = unknown>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key ?? svc.options.paidKey;
    if (key !== '') headers.Authorization = `Service-Auth-Key ${key}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const res = await fetch(`${svc.url}${path}`, { method, headers, body });
    const { status, headers: answered, body: parsed } = await reply(res);
    return { status, headers: answered, body: parsed as T };
  };
}
