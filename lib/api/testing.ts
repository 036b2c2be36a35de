import type { z } from 'zod';
import type { LoggedRequest } from '../../service/http/control.ts';
import type { FaultRuleSchema } from '../../service/http/control-store.ts';
import { type RunningService, startService } from '../../service/testing.ts';
import { ApiClient } from './client.ts';
import type { ApiClientOptions } from './core.ts';

/** A fault rule as sent (`count` defaults to 1). */
export type FaultRuleInput = z.input<typeof FaultRuleSchema>;

type ClientOverrides = Partial<Omit<ApiClientOptions, 'serverUrl'>>;

/**
 * A local service in test mode with clients for its seeded keys and its control API
 * (docs/local-service.md "Test mode"). For the HTTP tests of the client only.
 */
export interface TestService {
  svc: RunningService;
  url: string;
  client(apiKey: string, overrides?: ClientOverrides): ApiClient;
  paid(overrides?: ClientOverrides): ApiClient;
  free(overrides?: ClientOverrides): ApiClient;
  admin(overrides?: ClientOverrides): ApiClient;
  reset(): Promise<void>;
  addFaults(...rules: FaultRuleInput[]): Promise<void>;
  requests(pathPrefix?: string): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  setConfig(patch: { latencyMs?: number; rateLimitPerSecond?: number; documentStepMs?: number }): Promise<void>;
  close(): Promise<void>;
}

export async function startTestService(): Promise<TestService> {
  const svc = await startService();
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${svc.url}/__control/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const client = (apiKey: string, overrides: ClientOverrides = {}) =>
    new ApiClient({ apiKey, serverUrl: svc.url, ...overrides });
  return {
    svc,
    url: svc.url,
    client,
    paid: (o) => client(svc.options.paidKey, o),
    free: (o) => client(svc.options.freeKey, o),
    admin: (o) => client(svc.options.adminKey, o),
    reset: async () => {
      await control('POST', 'reset');
    },
    addFaults: async (...rules) => {
      await control('POST', 'faults', { rules });
    },
    requests: async (pathPrefix = '') => {
      const res = (await control('GET', `requests?path=${encodeURIComponent(pathPrefix)}`)) as {
        requests: LoggedRequest[];
      };
      return res.requests;
    },
    clearRequests: async () => {
      await control('DELETE', 'requests');
    },
    setConfig: async (patch) => {
      await control('PATCH', 'config', patch);
    },
    close: () => svc.close(),
  };
}
