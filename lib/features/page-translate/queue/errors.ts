import { API_ERROR_CODES } from '../../../api/errors.ts';
import type { QueueError, QueueErrorCode } from './types.ts';

const CODES: ReadonlySet<string> = new Set<QueueErrorCode>([...API_ERROR_CODES, 'unknown']);

/**
 * What the queue does after a failed send:
 * - `rate`: 429, slow everything down and send the segments again later;
 * - `retry`: transient (5xx, network, timeout), the same batch again after a back-off;
 * - `stop`: the account cannot translate (quota, bad key), stop all work until resumed;
 * - `fail`: this request is wrong and would fail again (other 4xx): fail its segments.
 */
export type ErrorAction = 'rate' | 'retry' | 'stop' | 'fail';

/** Reads any thrown value by its `code` field only: `instanceof` does not survive a context boundary. */
export function toQueueError(error: unknown): QueueError {
  if (error && typeof error === 'object') {
    const { code, message, status, retryAfterMs } = error as Record<string, unknown>;
    const known = typeof code === 'string' && CODES.has(code);
    return {
      code: known ? (code as QueueErrorCode) : 'unknown',
      message: typeof message === 'string' ? message : String(code ?? 'Translation failed'),
      ...(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599
        ? { status: status as number }
        : {}),
      ...(typeof retryAfterMs === 'number' && retryAfterMs >= 0 ? { retryAfterMs } : {}),
    };
  }
  return { code: 'unknown', message: String(error) };
}

export function errorAction(error: QueueError): ErrorAction {
  switch (error.code) {
    case 'too_many_requests':
      return 'rate';
    case 'server':
    case 'network':
    case 'timeout':
    // Our own aborts never get here (the queue checks its signal first): another abort is the transport's.
    case 'aborted':
      return 'retry';
    case 'quota_exceeded':
    case 'auth':
      return 'stop';
    default:
      return 'fail';
  }
}
