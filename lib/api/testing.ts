import type { ServiceControl } from '../../service/control-client.ts';
import { type RunningService, startService } from '../../service/testing.ts';
import { ApiClient } from './client.ts';
import type { ApiClientOptions } from './core.ts';

type ClientOverrides = Partial<Omit<ApiClientOptions, 'serverUrl'>>;

/**
 * A local service in test mode with clients for its seeded keys and its control API
 * (docs/local-service.md "Test mode"). For the HTTP tests of the client only.
 */
export interface TestService {
  svc: RunningService;
  url: string;
  control: ServiceControl;
  client(apiKey: string, overrides?: ClientOverrides): ApiClient;
  paid(overrides?: ClientOverrides): ApiClient;
  free(overrides?: ClientOverrides): ApiClient;
  admin(overrides?: ClientOverrides): ApiClient;
  close(): Promise<void>;
}

export async function startTestService(): Promise<TestService> {
  const svc = await startService();
  const client = (apiKey: string, overrides: ClientOverrides = {}) =>
    new ApiClient({ apiKey, serverUrl: svc.url, ...overrides });
  return {
    svc,
    url: svc.url,
    control: svc.control,
    client,
    paid: (o) => client(svc.options.paidKey, o),
    free: (o) => client(svc.options.freeKey, o),
    admin: (o) => client(svc.options.adminKey, o),
    close: () => svc.close(),
  };
}
