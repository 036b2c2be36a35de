import { describe, expect, it } from 'vitest';
import { ApiError, codeForStatus, isAuthError, isBadRequest, isNotFound, isTransient } from './errors.ts';
import { ensureOk, errorFromResponse } from './status.ts';
import {
  isAborted,
  isApiError,
  isInvalidRequest,
  isQuotaExceeded,
  isServerError,
  isTooLarge,
  isTooManyRequests,
} from './testing.ts';
import type { HttpResponse } from './transport.ts';

const encode = (s: string) => new TextEncoder().encode(s);
const response = (status: number, body = '', headers: Record<string, string> = {}): HttpResponse => ({
  status,
  headers: new Headers(headers),
  bytes: encode(body),
});

describe('codeForStatus', () => {
  it('maps the statuses of docs/contract.md §D2', () => {
    const table: Array<[number, string]> = [
      [400, 'bad_request'],
      [401, 'auth'],
      [403, 'auth'],
      [404, 'not_found'],
      [405, 'bad_request'],
      [409, 'bad_request'],
      [413, 'too_large'],
      [414, 'too_large'],
      [429, 'too_many_requests'],
      [456, 'quota_exceeded'],
      [500, 'server'],
      [503, 'server'],
      // The reference description answers 529 with its too-many-requests response.
      [529, 'too_many_requests'],
      [304, 'invalid_response'],
    ];
    for (const [status, code] of table) expect([status, codeForStatus(status)]).toEqual([status, code]);
  });
});

describe('ApiError serialisation', () => {
  it('survives JSON and structured cloning as a plain object', () => {
    const e = new ApiError({ code: 'too_many_requests', status: 429, message: 'Slow down', retryAfterMs: 2000 });
    const plain = structuredClone(JSON.parse(JSON.stringify(e)));
    expect(plain).toEqual({
      name: 'ApiError',
      code: 'too_many_requests',
      status: 429,
      message: 'Slow down',
      retryAfterMs: 2000,
    });
    const back = ApiError.fromJSON(plain);
    expect(back).toBeInstanceOf(ApiError);
    expect(back.toJSON()).toEqual(plain);
  });

  it('keeps message and stack as an Error', () => {
    const e = new ApiError({ code: 'server', status: 500, message: 'boom' });
    expect(e).toBeInstanceOf(Error);
    expect(e.message).toBe('boom');
    expect(e.name).toBe('ApiError');
  });

  it('turns an unknown shape into invalid_response instead of throwing', () => {
    expect(ApiError.fromJSON({ code: 'nonsense' }).code).toBe('invalid_response');
    expect(ApiError.fromJSON('text').code).toBe('invalid_response');
    expect(ApiError.fromJSON({ code: 'auth' }).message).toMatch(/refused the key/);
  });
});

describe('predicates', () => {
  it('work on plain objects that lost their prototype', () => {
    const plain = new ApiError({ code: 'quota_exceeded', status: 456, message: 'Quota' }).toJSON();
    expect(isQuotaExceeded(plain)).toBe(true);
    expect(isApiError(plain)).toBe(true);
    expect(isAuthError(plain)).toBe(false);
    expect(isAuthError({ code: 'auth', message: 'x' })).toBe(true);
    expect(isNotFound({ code: 'not_found' })).toBe(true);
    expect(isTooLarge({ code: 'too_large' })).toBe(true);
    expect(isTooManyRequests({ code: 'too_many_requests' })).toBe(true);
    expect(isBadRequest({ code: 'bad_request' })).toBe(true);
    expect(isServerError({ code: 'server' })).toBe(true);
    expect(isAborted({ code: 'aborted' })).toBe(true);
    expect(isInvalidRequest({ code: 'invalid_request' })).toBe(true);
  });

  it('reject non-objects and other errors', () => {
    for (const v of [null, undefined, 'auth', 42, new Error('auth')]) {
      expect(isAuthError(v)).toBe(false);
      expect(isApiError(v)).toBe(false);
    }
  });

  it('tell transient failures from ones that need a change', () => {
    expect(['too_many_requests', 'server', 'network', 'timeout'].every((code) => isTransient({ code }))).toBe(true);
    expect(['quota_exceeded', 'auth', 'bad_request', 'invalid_request'].some((code) => isTransient({ code }))).toBe(
      false,
    );
  });
});

describe('errorFromResponse', () => {
  it("uses the service's message and detail", () => {
    const e = errorFromResponse(response(400, '{"message":"Value for \'target_lang\' not supported.","detail":"xx"}'));
    expect(e.toJSON()).toEqual({
      name: 'ApiError',
      code: 'bad_request',
      status: 400,
      message: "Value for 'target_lang' not supported.",
      detail: 'xx',
    });
  });

  it('copes with an empty body', () => {
    const e = errorFromResponse(response(456));
    expect(e).toMatchObject({ code: 'quota_exceeded', status: 456, message: 'Quota exceeded (HTTP 456)' });
    expect(e.detail).toBeUndefined();
  });

  it('copes with a non-JSON body and keeps a little of it', () => {
    const e = errorFromResponse(response(502, '<html><body>Bad gateway</body></html>'));
    expect(e).toMatchObject({ code: 'server', status: 502, message: 'The service failed (HTTP 502)' });
    expect(e.detail).toContain('Bad gateway');
  });

  it('copes with JSON of another shape', () => {
    expect(errorFromResponse(response(404, '["x"]')).message).toBe('Not found (HTTP 404)');
    expect(errorFromResponse(response(404, '{"message":42}')).message).toBe('Not found (HTTP 404)');
  });

  it('carries Retry-After', () => {
    expect(errorFromResponse(response(429, '', { 'Retry-After': '2' })).retryAfterMs).toBe(2000);
  });
});

describe('ensureOk', () => {
  it('passes 2xx and throws for the rest', () => {
    expect(ensureOk(response(204)).status).toBe(204);
    expect(() => ensureOk(response(403, '{"message":"Wrong key"}'))).toThrowError(
      expect.objectContaining({ code: 'auth', message: 'Wrong key' }),
    );
  });
});
