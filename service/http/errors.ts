import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An error the service answers with. Body shape per docs/contract.md §D2:
 * `{"message": string, "detail"?: string, "code"?: string}`.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, detail?: string) => new ServiceError(400, message, detail, 'bad_request');
export const forbidden = (message = 'Authorization failure, check auth_key') =>
  new ServiceError(403, message, undefined, 'forbidden');
export const notFound = (message = 'Not found') => new ServiceError(404, message, undefined, 'not_found');
export const tooLarge = (message = 'Request entity too large') =>
  new ServiceError(413, message, undefined, 'payload_too_large');
export const quotaExceeded = (message = 'Quota exceeded') =>
  new ServiceError(456, message, undefined, 'quota_exceeded');

export function errorResponse(c: Context, err: ServiceError): Response {
  const body: Record<string, string> = { message: err.message };
  if (err.detail) body.detail = err.detail;
  if (err.code) body.code = err.code;
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json(body, err.status as ContentfulStatusCode);
}
