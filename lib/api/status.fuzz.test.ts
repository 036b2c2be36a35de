import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toErrorInfo } from '../messaging/result.ts';
import { API_ERROR_CODES, ApiError, codeForStatus, isTransient } from './errors.ts';
import { ensureOk, errorFromResponse } from './status.ts';
import type { HttpResponse } from './transport.ts';

const RUNS = { numRuns: 200 };
const NOW = Date.UTC(2025, 0, 1);

/** What a service, a proxy or a broken gateway might answer with. */
const bodies = fc.oneof(
  fc.uint8Array({ maxLength: 400 }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        message: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        detail: fc.oneof(fc.string(), fc.array(fc.string()), fc.constant(null)),
        code: fc.string(),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 600 }).map((s) => `<html><body>${s}</body></html>`),
);
const retryAfter = fc.option(
  fc.oneof(
    fc.nat().map(String),
    fc.double({ min: 0, max: 1e6, noNaN: true }).map(String),
    fc.constantFrom('9'.repeat(400), '-1', '1e5', 'soon', '', ' 3 ', 'Wed, 21 Oct 2015 07:28:00 GMT'),
    fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
    fc.string({ maxLength: 20 }),
  ),
  { nil: undefined },
);

function response(status: number, body: string | Uint8Array, retry?: string): HttpResponse {
  const headers = new Headers();
  if (retry !== undefined) headers.set('retry-after', retry);
  return { status, headers, bytes: typeof body === 'string' ? new TextEncoder().encode(body) : body };
}

describe('status mapping under arbitrary responses', () => {
  it('turns any non-2xx answer into a well-formed ApiError that survives messaging', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }).filter((s) => s < 200 || s >= 300),
        bodies,
        retryAfter,
        (status, body, retry) => {
          const res = response(status, body, retry);
          expect(() => ensureOk(res, NOW)).toThrow(ApiError);
          const error = errorFromResponse(res, NOW);
          expect(error.code).toBe(codeForStatus(status));
          expect(API_ERROR_CODES).toContain(error.code);
          expect(error.status).toBe(status);
          expect(typeof error.message).toBe('string');
          expect(error.message.length).toBeGreaterThan(0);
          if (error.detail !== undefined) expect(typeof error.detail).toBe('string');
          if (error.retryAfterMs !== undefined) {
            expect(Number.isFinite(error.retryAfterMs)).toBe(true);
            expect(error.retryAfterMs).toBeGreaterThanOrEqual(0);
          }
          // Across a context boundary the code, and what callers decide on, stay the same.
          const info = toErrorInfo(JSON.parse(JSON.stringify(error)));
          expect(info.code).toBe(error.code);
          expect(info.retryAfterMs).toBe(error.retryAfterMs);
          expect(isTransient(info)).toBe(isTransient(error));
          expect(ApiError.fromJSON(error.toJSON()).code).toBe(error.code);
        },
      ),
      RUNS,
    );
  });

  it('never shows a person more than a short excerpt of a body that is not the JSON error shape', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), fc.string({ maxLength: 2000 }), (status, text) => {
        const error = errorFromResponse(response(status, `<html>${text}`), NOW);
        expect(error.message).not.toContain('<html>');
        expect((error.detail ?? '').length).toBeLessThanOrEqual(200);
      }),
      RUNS,
    );
  });

  it('lets every 2xx through untouched, whatever the body', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 299 }), bodies, (status, body) => {
        const res = response(status, body);
        expect(ensureOk(res, NOW)).toBe(res);
      }),
      RUNS,
    );
  });

  it('rebuilds an ApiError from any value without throwing', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const error = ApiError.fromJSON(value);
        expect(API_ERROR_CODES).toContain(error.code);
        expect(toErrorInfo(error).code).toBe(error.code);
      }),
      RUNS,
    );
  });
});
