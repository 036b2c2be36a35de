import { z } from 'zod';

export const API_ERROR_CODES = [
  'auth',
  'not_found',
  'too_large',
  'too_many_requests',
  'quota_exceeded',
  'bad_request',
  'server',
  'network',
  'timeout',
  'aborted',
  'invalid_request',
  'invalid_response',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The serialisable shape: what survives messaging between extension contexts. */
export interface ApiErrorInfo {
  name: 'ApiError';
  code: ApiErrorCode;
  message: string;
  status?: number;
  detail?: string;
  retryAfterMs?: number;
}

const ApiErrorInfoSchema = z.object({
  code: z.enum(API_ERROR_CODES),
  message: z.string().catch(''),
  status: z.number().int().optional().catch(undefined),
  detail: z.string().optional().catch(undefined),
  retryAfterMs: z.number().nonnegative().optional().catch(undefined),
});

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status?: number;
  readonly detail?: string;
  readonly retryAfterMs?: number;

  constructor(info: Omit<ApiErrorInfo, 'name'>, options?: { cause?: unknown }) {
    super(info.message, options);
    this.code = info.code;
    if (info.status !== undefined) this.status = info.status;
    if (info.detail !== undefined) this.detail = info.detail;
    if (info.retryAfterMs !== undefined) this.retryAfterMs = info.retryAfterMs;
  }

  toJSON(): ApiErrorInfo {
    const out: ApiErrorInfo = { name: 'ApiError', code: this.code, message: this.message };
    if (this.status !== undefined) out.status = this.status;
    if (this.detail !== undefined) out.detail = this.detail;
    if (this.retryAfterMs !== undefined) out.retryAfterMs = this.retryAfterMs;
    return out;
  }

  /** Rebuilds an ApiError from its JSON (or from any object with a known `code`); anything else is 'invalid_response'. */
  static fromJSON(value: unknown): ApiError {
    if (value instanceof ApiError) return value;
    const parsed = ApiErrorInfoSchema.safeParse(value);
    if (parsed.success) {
      const { code, message, status, detail, retryAfterMs } = parsed.data;
      return new ApiError({
        code,
        message: message || defaultMessage(code, status),
        ...(status !== undefined ? { status } : {}),
        ...(detail !== undefined ? { detail } : {}),
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      });
    }
    return new ApiError({ code: 'invalid_response', message: 'Not an API error', detail: safeString(value) });
  }
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 200) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Status code to error code, per docs/contract.md §D2. */
export function codeForStatus(status: number): ApiErrorCode {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 413 || status === 414) return 'too_large';
  // The reference description answers 529 with its "too many requests" response.
  if (status === 429 || status === 529) return 'too_many_requests';
  if (status === 456) return 'quota_exceeded';
  if (status >= 500) return 'server';
  if (status >= 400) return 'bad_request';
  // Redirects that fetch did not follow, informational codes: nothing the contract promises.
  return 'invalid_response';
}

export function defaultMessage(code: ApiErrorCode, status?: number): string {
  const suffix = status !== undefined ? ` (HTTP ${status})` : '';
  const text: Record<ApiErrorCode, string> = {
    auth: 'The service refused the key',
    not_found: 'Not found',
    too_large: 'The request is too large',
    too_many_requests: 'Too many requests',
    quota_exceeded: 'Quota exceeded',
    bad_request: 'The service refused the request',
    server: 'The service failed',
    network: 'The service could not be reached',
    timeout: 'The service did not answer in time',
    aborted: 'The request was cancelled',
    invalid_request: 'The request breaks a limit of the service',
    invalid_response: 'The service answered something unexpected',
  };
  return `${text[code]}${suffix}`;
}

/** True for an ApiError, or its plain-object form (prototypes do not survive messaging), with this code. */
export function hasCode(e: unknown, code: ApiErrorCode): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === code;
}

export const isAuthError = (e: unknown) => hasCode(e, 'auth');
export const isNotFound = (e: unknown) => hasCode(e, 'not_found');
export const isBadRequest = (e: unknown) => hasCode(e, 'bad_request');

/** Errors worth trying again later (by a queue or the person), as opposed to ones that need a change first. */
export function isTransient(e: unknown): boolean {
  return ['too_many_requests', 'server', 'network', 'timeout'].some((code) => hasCode(e, code as ApiErrorCode));
}
