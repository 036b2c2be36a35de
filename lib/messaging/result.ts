import { z } from 'zod';

/**
 * What crosses a context boundary when something failed. Prototypes do not survive messaging, so
 * callers test `code` (see lib/api/errors.ts predicates), never `instanceof`.
 */
export const ErrorInfo = z.object({
  name: z.string().default('Error'),
  code: z.string(),
  message: z.string(),
  status: z.number().optional(),
  detail: z.string().optional(),
  retryAfterMs: z.number().optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfo>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: ErrorInfo): Result<never> => ({ ok: false, error });

/** Any thrown value as ErrorInfo: ApiError-like objects keep their code; others become 'internal'. */
export function toErrorInfo(e: unknown): ErrorInfo {
  if (e && typeof e === 'object' && 'code' in e && typeof (e as { code: unknown }).code === 'string') {
    const parsed = ErrorInfo.safeParse({
      name: (e as { name?: unknown }).name ?? 'Error',
      code: (e as { code: string }).code,
      message: String((e as { message?: unknown }).message ?? ''),
      status: (e as { status?: unknown }).status,
      detail: (e as { detail?: unknown }).detail,
      retryAfterMs: (e as { retryAfterMs?: unknown }).retryAfterMs,
    });
    if (parsed.success) return parsed.data;
  }
  if (e instanceof z.ZodError) {
    return { name: 'ValidationError', code: 'invalid_message', message: z.prettifyError(e) };
  }
  return { name: 'Error', code: 'internal', message: e instanceof Error ? e.message : String(e) };
}
