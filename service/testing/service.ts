import { type ServiceOptions, testOptions } from '../config.ts';
import { type ListeningService, listen } from '../listen.ts';
import { ServiceControl } from './control.ts';

export interface RunningService extends ListeningService {
  /** Its test-mode control API. */
  control: ServiceControl;
}

/**
 * Starts a local service on a free loopback port, in test mode. Each test file gets its own instance,
 * so fault rules and request logs never leak between files that vitest runs in parallel.
 */
export async function startService(overrides: Partial<ServiceOptions> = {}): Promise<RunningService> {
  const service = await listen(testOptions({ host: '127.0.0.1', ...overrides }));
  return { ...service, control: new ServiceControl(service.url) };
}
