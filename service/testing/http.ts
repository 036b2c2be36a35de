/**
 * The one HTTP client of tests against a running local service: the service's own route tests, the API
 * client's tests (lib/api/testing.ts) and the end-to-end fixture (`svc.api`) all send through it.
 */

/** A response with its body read once (JSON when it parses, else the text). T is what the test expects. */
export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, the raw text when it is not JSON, or null when empty. */
  body: T;
  text: string;
}

export interface CallOptions {
  /** The API key; the client's default when left out, none at all when ''. */
  key?: string;
  json?: unknown;
  form?: Record<string, string> | Array<[string, string]>;
  headers?: Record<string, string>;
}

/** Reads a response once: JSON when it parses, null when empty, else the text. */
export async function reply<T = unknown>(res: Response): Promise<Reply<T>> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

/** One request as given: the key in the Authorization header, a JSON or form body. */
export function send(url: string, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.key) headers.Authorization = `Service-Auth-Key ${options.key}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  return fetch(`${url}${path}`, { method, headers: { ...headers, ...options.headers }, body });
}

/** Where a client sends: read at each request, so a client may be made before its service starts. */
export interface Target {
  readonly url: string;
  readonly options: { readonly paidKey: string };
}

/** A client of `target` that sends with `key` unless a call names another (the paid key by default). */
export function client(target: Target, key?: string) {
  const withKey = (options: CallOptions): CallOptions => ({
    ...options,
    key: options.key ?? key ?? target.options.paidKey,
  });
  const call = async <T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> =>
    reply<T>(await send(target.url, method, path, withKey(options)));
  return {
    /** Any method, JSON or form body, a key per call; answers the read reply. */
    call,
    /** As `call`, answering the Response unread. */
    send: (method: string, path: string, options: CallOptions = {}) => send(target.url, method, path, withKey(options)),
    get: (path: string, headers: Record<string, string> = {}) => call('GET', path, { headers }),
    json: (path: string, json: unknown, headers: Record<string, string> = {}, method = 'POST') =>
      call(method, path, { json, headers }),
    form: (path: string, pairs: Array<[string, string]>, headers: Record<string, string> = {}) =>
      call('POST', path, { form: pairs, headers }),
  };
}

export type Client = ReturnType<typeof client>;
