import { reply } from '../test-client.ts';
import type { RunningService } from '../testing.ts';

/** A small HTTP client for the route tests: JSON or form bodies, a key per call, JSON answers. */
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
