import type { z } from 'zod';
import { REPORTING_TAG_HEADER, resolveBaseUrl } from './endpoint.ts';
import { ApiError } from './errors.ts';
import { invalidRequest } from './limits.ts';
import { ensureOk } from './status.ts';
import { type HttpMethod, type HttpResponse, Transport, type TransportOptions } from './transport.ts';

export interface ApiClientOptions extends TransportOptions {
  apiKey: string;
  /** Explicit base URL (local service, gateway); else the tier's address from endpoint.ts. */
  serverUrl?: string | undefined;
  /** Sent in the reporting tag header, for usage by custom tag. */
  reportingTag?: string | undefined;
  /** The reporting tag header's name, where a deployment names it otherwise (default REPORTING_TAG_HEADER). */
  reportingTagHeader?: string | undefined;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

export interface RequestSpec extends CallOptions {
  method: HttpMethod;
  path: string;
  query?: Query;
  /** Serialised as JSON unless it is already a string (a body measured against a limit). */
  json?: unknown;
  form?: FormData;
}

// Header values must be visible ASCII; anything else makes fetch throw a TypeError that would look
// like a network failure and be retried.
const HEADER_TOKEN = /^[\x21-\x7e]+$/;
const HEADER_VALUE = /^[\x20-\x7e]*$/;

const decoder = new TextDecoder();

/**
 * The layers every endpoint goes through: transport (timeout, retries) -> status check -> zod parse.
 * The key travels only in the Authorization header.
 */
export class ApiCore {
  readonly baseUrl: string;
  protected readonly transport: Transport;
  private readonly apiKey: string;
  private readonly reportingTag: string | undefined;
  private readonly reportingTagHeader: string;
  private readonly now: () => number;

  constructor(options: ApiClientOptions) {
    this.apiKey = options.apiKey.trim();
    this.baseUrl = resolveBaseUrl(this.apiKey, options.serverUrl);
    this.reportingTag = options.reportingTag?.trim() || undefined;
    this.reportingTagHeader = options.reportingTagHeader?.trim() || REPORTING_TAG_HEADER;
    this.transport = new Transport(options);
    this.now = options.now ?? Date.now;
  }

  /** Transport and status check: resolves with a 2xx response, else throws an ApiError. */
  async send(spec: RequestSpec): Promise<HttpResponse> {
    const headers = this.headers();
    let body: string | FormData | undefined;
    if (spec.form) body = spec.form;
    else if (spec.json !== undefined) {
      body = typeof spec.json === 'string' ? spec.json : JSON.stringify(spec.json);
      headers['Content-Type'] = 'application/json';
    }
    const url = this.baseUrl + spec.path + queryString(spec.query);
    const res = await this.transport.send(
      { method: spec.method, url, headers, ...(body ? { body } : {}) },
      spec.signal,
    );
    return ensureOk(res, this.now());
  }

  /** All three layers: the response body parsed by `schema`. */
  async call<S extends z.ZodType>(spec: RequestSpec, schema: S): Promise<z.output<S>> {
    const res = await this.send(spec);
    return parseBody(res, schema);
  }

  /** For endpoints that answer with no content (deletions). */
  async callEmpty(spec: RequestSpec): Promise<void> {
    await this.send(spec);
  }

  private headers(): Record<string, string> {
    if (!HEADER_TOKEN.test(this.apiKey)) {
      throw new ApiError({ code: 'auth', message: 'The API key is empty or holds characters a key cannot have' });
    }
    const headers: Record<string, string> = {
      Authorization: `Service-Auth-Key ${this.apiKey}`,
      Accept: 'application/json',
    };
    if (this.reportingTag) {
      if (!HEADER_VALUE.test(this.reportingTag)) throw invalidRequest('The reporting tag must be plain ASCII text');
      if (!HEADER_TOKEN.test(this.reportingTagHeader))
        throw invalidRequest('The reporting tag header name is not a header name');
      headers[this.reportingTagHeader] = this.reportingTag;
    }
    return headers;
  }
}

export function parseBody<S extends z.ZodType>(res: HttpResponse, schema: S): z.output<S> {
  const text = decoder.decode(res.bytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError({
      code: 'invalid_response',
      status: res.status,
      message: 'The service answered with something that is not JSON',
      detail: text.slice(0, 200),
    });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      code: 'invalid_response',
      status: res.status,
      message: 'The service answered in an unexpected shape',
      detail: parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; '),
    });
  }
  return parsed.data;
}

/** `?a=1&b=x&b=y`; arrays repeat the name (`include=beta&include=external`), undefined is left out. */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (typeof value === 'object') for (const v of value) params.append(name, v);
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const segment = (id: string) => encodeURIComponent(id);
