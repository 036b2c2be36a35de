import type { ServiceControl } from '../../service/testing/control.ts';
import type { RunningService } from '../../service/testing/service.ts';
import { serviceForTests } from '../../service/testing/vitest.ts';
import { ApiClient } from './client.ts';
import type { ApiClientOptions } from './core.ts';
import { API_ERROR_CODES, type ApiErrorInfo, hasCode } from './errors.ts';

type ClientOverrides = Partial<Omit<ApiClientOptions, 'serverUrl'>>;

/**
 * The test file's local service in test mode (`serviceForTests`: started once, reset before each test),
 * with API clients for its seeded keys and its control API (docs/local-service.md "Test mode"). For the
 * HTTP tests of the client only.
 */
export interface TestService {
  svc: RunningService;
  readonly url: string;
  readonly control: ServiceControl;
  client(apiKey: string, overrides?: ClientOverrides): ApiClient;
  paid(overrides?: ClientOverrides): ApiClient;
  free(overrides?: ClientOverrides): ApiClient;
  admin(overrides?: ClientOverrides): ApiClient;
}

export function testService(): TestService {
  const svc = serviceForTests();
  const client = (apiKey: string, overrides: ClientOverrides = {}) =>
    new ApiClient({ apiKey, serverUrl: svc.url, ...overrides });
  return {
    svc,
    get url() {
      return svc.url;
    },
    get control() {
      return svc.control;
    },
    client,
    paid: (o) => client(svc.options.paidKey, o),
    free: (o) => client(svc.options.freeKey, o),
    admin: (o) => client(svc.options.adminKey, o),
  };
}

/** True for an ApiError or its JSON form (prototypes do not survive messaging). */
export function isApiError(e: unknown): e is ApiErrorInfo {
  if (typeof e !== 'object' || e === null) return false;
  const { name, code } = e as { name?: unknown; code?: unknown };
  return name === 'ApiError' && (API_ERROR_CODES as readonly unknown[]).includes(code);
}

// What only tests ask of an error; the extension asks through the predicates in errors.ts.
export const isTooLarge = (e: unknown) => hasCode(e, 'too_large');
export const isTooManyRequests = (e: unknown) => hasCode(e, 'too_many_requests');
export const isQuotaExceeded = (e: unknown) => hasCode(e, 'quota_exceeded');
export const isServerError = (e: unknown) => hasCode(e, 'server');
export const isAborted = (e: unknown) => hasCode(e, 'aborted');
export const isInvalidRequest = (e: unknown) => hasCode(e, 'invalid_request');
