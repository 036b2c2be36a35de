import { z } from 'zod';
import { ApiError, codeForStatus, defaultMessage } from './errors.ts';
import { parseRetryAfter } from './retry.ts';
import type { HttpResponse } from './transport.ts';

/** Error body per docs/contract.md §D2; every field optional because proxies answer with anything. */
const ErrorBody = z.looseObject({
  message: z.string().optional().catch(undefined),
  detail: z.string().optional().catch(undefined),
});

const decoder = new TextDecoder();

/** The status-check layer: a 2xx passes, anything else becomes an ApiError with the service's words. */
export function ensureOk(res: HttpResponse, now: number = Date.now()): HttpResponse {
  if (res.status >= 200 && res.status < 300) return res;
  throw errorFromResponse(res, now);
}

export function errorFromResponse(res: HttpResponse, now: number = Date.now()): ApiError {
  const code = codeForStatus(res.status);
  const text = decoder.decode(res.bytes).trim();
  let message: string | undefined;
  let detail: string | undefined;
  if (text) {
    const body = parseJson(text);
    const parsed = body === undefined ? undefined : ErrorBody.safeParse(body);
    if (parsed?.success) {
      message = parsed.data.message || undefined;
      detail = parsed.data.detail || undefined;
    } else {
      // An HTML page from a proxy or plain text: keep a little of it for the log, not for the person.
      detail = text.slice(0, 200);
    }
  }
  const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), now);
  return new ApiError({
    code,
    status: res.status,
    message: message ?? defaultMessage(code, res.status),
    ...(detail !== undefined ? { detail } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
